import { fromPromise } from 'xstate';
import type { Credentials, LoginInput, RegistrationInput } from '../../machines/session';
import { request } from './client';

/** Account actors (spec §7): each passes the actor's abort signal to the request. */
export const loginActor = fromPromise<Credentials, LoginInput>(({ input, signal }) =>
  request<Credentials>('/users/login', { method: 'POST', body: input, signal }),
);

export const registerActor = fromPromise<Credentials, RegistrationInput>(({ input, signal }) =>
  request<Credentials>('/users/register/standard', { method: 'POST', body: input, signal }),
);

export const revokeTokenActor = fromPromise<void, { token: string | null }>(async ({ input, signal }) => {
  if (!input.token) return;
  await request<void>('/users/logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${input.token}` },
    signal,
  });
});
