import { fromPromise } from 'xstate';
import type { AccountDeleted } from '../../contract/account-settings';
import type { ExportFormat } from '../../contract/account-settings-rules';
import type { accountDeleteMachine } from '../../machines/accountDelete';
import type { accountExportMachine } from '../../machines/accountExport';
import type { recoveryCodeMachine } from '../../machines/recoveryCode';
import { readErrorEnvelope } from './billing';
import { request } from './client';

/**
 * Account Settings' actors for what is hers to keep or take away (issue 25): her data as a file, and
 * deleting her account (the recovery code's actors are in ./recovery.ts). Each with her bearer token (the client adds
 * it) and its actor's abort signal. The sections create their own actors; tests give stubs through
 * <RootProvider screens={…}> as for the other screens.
 */

/** GET /users/me/export?format=json|html → the file (never cached: the server says no-store). */
export const exportData = fromPromise<Blob, { format: ExportFormat }>(async ({ input, signal }) => {
  const file = await request<Blob>('/users/me/export', {
    query: { format: input.format },
    responseType: 'blob',
    onResponseError: readErrorEnvelope,
    signal,
  } as never);
  const type = input.format === 'json' ? 'application/json' : 'text/html';
  return file.type ? file : new Blob([file], { type });
});

/** POST /users/me/delete { currentPin, confirmation } → how many consultations were cancelled. */
export const deleteAccount = fromPromise<AccountDeleted, { currentPin: string; confirmation: string }>(
  ({ input, signal }) => request('/users/me/delete', { method: 'POST', body: input, signal }),
);

declare module '../app/actors' {
  interface ScreenOverrides {
    recoveryCode?: Parameters<typeof recoveryCodeMachine.provide>[0];
    accountExport?: Parameters<typeof accountExportMachine.provide>[0];
    accountDelete?: Parameters<typeof accountDeleteMachine.provide>[0];
  }
}
