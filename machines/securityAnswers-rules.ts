import { answerProblem, QUESTION_COUNT, toAsciiDigits } from '../contract/account-rules';
import { currentPinProblem } from './pinChange-rules';
import { answerField, questionField, type SecurityAnswer } from './signup-rules';
import type { AppError } from './types';

/**
 * Account Settings' security questions, the pure part (machines/securityAnswers.ts is the flow):
 * her current PIN, three different questions (hers chosen at first) and new answers, checked by
 * sign-up's rules before the server is asked; the server's field keys are sign-up's
 * (`securityAnswers.1.answer`).
 */
export { answerField, questionField };

export interface SecurityAnswersFields {
  currentPin: string;
  answers: SecurityAnswer[];
}

export type SecurityAnswersChange =
  | { field: 'currentPin'; value: string }
  | { field: 'question' | 'answer'; index: number; value: string };

/** Her three questions as stored, answers empty (they are never sent back). */
export function answersFieldsOf(questionIds: readonly string[]): SecurityAnswersFields {
  return {
    currentPin: '',
    answers: Array.from({ length: QUESTION_COUNT }, (_, i) => ({
      questionId: questionIds[i] ?? '',
      answer: '',
    })),
  };
}

export function answersProblems(f: SecurityAnswersFields): Record<string, string> {
  const p: Record<string, string> = {};
  const current = currentPinProblem(f.currentPin);
  if (current) p.currentPin = current;
  f.answers.forEach((s, i) => {
    if (!s.questionId) p[questionField(i)] = 'QUESTION_REQUIRED';
    else if (f.answers.slice(0, i).some((o) => o.questionId === s.questionId))
      p[questionField(i)] = 'QUESTIONS_NOT_DISTINCT';
    const answer = answerProblem(s.answer);
    if (answer) p[answerField(i)] = answer;
  });
  return p;
}

export function withAnswersField(
  f: SecurityAnswersFields,
  errors: Record<string, string>,
  change: SecurityAnswersChange,
): { fields: SecurityAnswersFields; fieldErrors: Record<string, string> } {
  const drop = (...keys: string[]) =>
    Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
  if (change.field === 'currentPin')
    return { fields: { ...f, currentPin: toAsciiDigits(change.value) }, fieldErrors: drop('currentPin') };
  const key = change.field === 'question' ? 'questionId' : 'answer';
  const fieldKey = change.field === 'question' ? questionField(change.index) : answerField(change.index);
  return {
    fields: {
      ...f,
      answers: f.answers.map((a, i) => (i === change.index ? { ...a, [key]: change.value } : a)),
    },
    fieldErrors: drop(fieldKey, 'securityAnswers'),
  };
}

/** PUT /users/me/security-answers's body. */
export const answersBody = (f: SecurityAnswersFields) => ({
  currentPin: toAsciiDigits(f.currentPin),
  securityAnswers: f.answers.map((a) => ({ questionId: a.questionId, answer: a.answer.trim() })),
});

/** Where a refusal shows: a wrong current PIN and field codes in place; anything else above the form. */
export function answersFailure(error: AppError): {
  fieldErrors: Record<string, string>;
  error: AppError | null;
} {
  const code = error.code as string;
  if (code === 'CURRENT_PIN_WRONG') return { fieldErrors: { currentPin: code }, error: null };
  const fields = error.fields ?? {};
  return Object.keys(fields).length
    ? { fieldErrors: { ...fields }, error: null }
    : { fieldErrors: {}, error };
}
