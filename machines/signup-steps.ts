import { type Avatar, draftOf, type SecurityQuestion, type Step } from './signup-rules';
import { signupSetup } from './signup-setup';

/**
 * Sign-up's form steps after the alias (states of machines/signup.ts's `flow`): each takes only its
 * own fields, Continue shows its errors or goes on to `next`, Back returns to `back` (what she
 * entered stays). `keepDraft`: what she types here is saved as the draft (never her PIN or answers).
 */
export function formStep(
  step: Exclude<Step, 'alias' | 'confirm'>,
  description: string,
  { next, back, keepDraft = false }: { next: Step; back: Step; keepDraft?: boolean },
) {
  return signupSetup.createStateConfig({
    description,
    tags: `step:${step}`,
    on: {
      'signup.fieldChanged': {
        guard: { type: 'isFieldOf', params: { step } },
        actions: keepDraft
          ? ['setField', { type: 'saveDraft', params: ({ context }) => ({ draft: draftOf(context) }) }]
          : 'setField',
      },
      'signup.next': [
        {
          guard: { type: 'stepInvalid', params: { step } },
          actions: { type: 'showStepErrors', params: { step } },
        },
        { target: next, actions: 'clearFailure' },
      ],
      'signup.back': { target: back, actions: 'clearFailure' },
    },
  });
}

/** `signup.goTo`: to the step the address asks for, or the first earlier one that needs her. */
export const goToStep = (steps: readonly Step[]) =>
  steps.map((step) => ({
    guard: { type: 'landsOn', params: { step } } as const,
    target: `.${step}`,
    actions: 'clearFailure' as const,
  }));

/**
 * What sign-up loads beside the flow (the security questions, the avatars): loading → ready, or
 * failed with a retry; loaded again in the new language (`signup.localeChanged`).
 */
type Done<L extends 'questions' | 'avatars'> = {
  event: { output: L extends 'questions' ? { questions: SecurityQuestion[] } : { avatars: Avatar[] } };
};
export function loadedList(list: 'questions' | 'avatars', description: string, what: string) {
  const invoke =
    list === 'questions'
      ? ({
          src: 'fetchSecurityQuestions',
          onDone: {
            target: 'ready',
            actions: { type: 'keepQuestions', params: ({ event }: Done<'questions'>) => event.output },
          },
          onError: 'failed',
        } as const)
      : ({
          src: 'fetchAvatars',
          onDone: {
            target: 'ready',
            actions: { type: 'keepAvatars', params: ({ event }: Done<'avatars'>) => event.output },
          },
          onError: 'failed',
        } as const);
  return signupSetup.createStateConfig({
    description,
    initial: 'loading',
    on: { 'signup.localeChanged': '.loading' },
    states: {
      loading: { description: `GET ${what}.`, tags: `${list}:loading`, invoke },
      failed: {
        description: 'They did not come: a retry.',
        tags: `${list}:failed`,
        on: { 'signup.retry': 'loading' },
      },
      ready: { description: `The ${list} are in.`, tags: `${list}:ready` },
    },
  });
}
