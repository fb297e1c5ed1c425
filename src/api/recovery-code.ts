import { fromPromise } from 'xstate';
import type { RecoveryCodeIssued } from '../../contract/account-settings';
import { request } from './client';

/**
 * Her one-time recovery code (issue 25), made in Account Settings or at sign-up's welcome: a module of
 * its own, so neither the first visit (./recovery.ts is the root's) nor sign-up carries more than it.
 */
/** POST /users/me/recovery-code { currentPin? } → the code, shown once. */
export const issueRecoveryCode = fromPromise<RecoveryCodeIssued, { currentPin?: string }>(
  ({ input, signal }) => request('/users/me/recovery-code', { method: 'POST', body: input, signal }),
);
