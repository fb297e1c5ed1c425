import { fromPromise } from 'xstate';
import type { SecurityQuestion } from '../../machines/forgotPin';
import { request } from './client';

/**
 * PIN recovery actors (spec §7): questions by alias, answers checked, PIN reset, or her one-time
 * recovery code instead of the answers (issue 25; the code is made by ./recovery-code.ts).
 */
export const fetchQuestionsActor = fromPromise<{ questions: SecurityQuestion[] }, { alias: string }>(
  ({ input, signal }) => request('/security-questions/user', { query: { alias: input.alias }, signal }),
);

export const verifyAnswersActor = fromPromise<
  { resetToken: string },
  { alias: string; answers: { questionId: string; answer: string }[] }
>(({ input, signal }) =>
  request('/security-questions/verify-by-alias', { method: 'POST', body: input, signal }),
);

export const resetPinActor = fromPromise<unknown, { resetToken: string; pin: string; pinConfirm: string }>(
  ({ input, signal }) => request('/users/forgot-pin/reset', { method: 'POST', body: input, signal }),
);

/** Her one-time recovery code instead of the answers (issue 25): checked, retired, a reset token back. */
export const verifyCodeActor = fromPromise<{ resetToken: string }, { alias: string; code: string }>(
  ({ input, signal }) =>
    request('/users/forgot-pin/verify-recovery-code', { method: 'POST', body: input, signal }),
);
