import { CIRCLE_LIMITS, type PersonalDetailKind } from '../contract/circle.ts';
import { findPersonalDetails, type PersonalDetail } from '../contract/circle-privacy.ts';
import type { ErrorCode } from './types.ts';

/**
 * The composer's own rules (issue 27), checked before anything leaves: lengths by what she writes
 * (a new thread's title and body, a reply, an edit) and the personal details of
 * contract/circle-privacy.ts. Pure: the machine (machines/composer.ts) and its views use them.
 */
export type ComposerMode = 'thread' | 'reply' | 'edit';
export type LengthProblem = 'REQUIRED' | 'TEXT_TOO_SHORT' | 'TEXT_TOO_LONG';
export interface LengthProblems {
  title?: LengthProblem;
  body?: LengthProblem;
}

/** Characters as she counts them (an emoji or an Arabic letter is one). */
export const textLength = (s: string) => [...s].length;

export function bodyMax(mode: ComposerMode, opening: boolean): number {
  return mode === 'thread' || (mode === 'edit' && opening)
    ? CIRCLE_LIMITS.threadBodyMax
    : CIRCLE_LIMITS.replyMax;
}

function problem(text: string, min: number, max: number): LengthProblem | undefined {
  const n = textLength(text.trim());
  if (n === 0) return 'REQUIRED';
  if (n < min) return 'TEXT_TOO_SHORT';
  return textLength(text) > max ? 'TEXT_TOO_LONG' : undefined;
}

/** What is wrong with the lengths; an empty object when nothing is. */
export function lengthProblems(input: {
  mode: ComposerMode;
  opening: boolean;
  title: string;
  body: string;
}): LengthProblems {
  const found: LengthProblems = {};
  if (input.mode === 'thread') {
    const title = problem(input.title, CIRCLE_LIMITS.titleMin, CIRCLE_LIMITS.titleMax);
    if (title) found.title = title;
  }
  const body = problem(input.body, CIRCLE_LIMITS.bodyMin, bodyMax(input.mode, input.opening));
  if (body) found.body = body;
  return found;
}

export const hasProblems = (p: LengthProblems) => p.title !== undefined || p.body !== undefined;

/** The server's field codes (400 VALIDATION_ERROR) as the composer's problems. */
export function problemsFromFields(fields: Record<string, string> | undefined): LengthProblems {
  const known = (c: string | undefined): LengthProblem | undefined =>
    c === 'TEXT_TOO_SHORT' || c === 'TEXT_TOO_LONG' || c === 'REQUIRED' ? c : undefined;
  const found: LengthProblems = {};
  const title = known(fields?.title);
  const body = known(fields?.body);
  if (title) found.title = title;
  if (body) found.body = body;
  if (!hasProblems(found)) found.body = 'TEXT_TOO_LONG';
  return found;
}

/** The personal details in her title and body (the title first). */
export function detailsIn(title: string, body: string): PersonalDetail[] {
  return [...findPersonalDetails(title), ...findPersonalDetails(body)];
}

/** Each kind once, in the order first found: the sentence names them. */
export const kindsOf = (found: PersonalDetail[]): PersonalDetailKind[] => [
  ...new Set(found.map((d) => d.kind)),
];

/** The server's answers that ask her to change the text. */
export const EDIT_CODES: readonly ErrorCode[] = ['CIRCLE_PERSONAL_DETAILS', 'CIRCLE_WORDS_REFUSED'];

/** Where a sent draft is kept for this page's life (sessionStorage). */
export const draftKey = (mode: ComposerMode, id: string) => `circle-draft:${mode}:${id}`;
