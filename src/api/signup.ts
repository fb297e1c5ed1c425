import { fromPromise } from 'xstate';
import type { AliasAvailability, Avatar, SecurityQuestion } from '../../machines/signup';
import { request } from './client';

/** Sign-up actors (spec §7): avatars, the questions to choose from, the live alias check. */
export const fetchAvatars = fromPromise<{ avatars: Avatar[] }>(({ signal }) =>
  request('/p/avatar/all', { signal }),
);

/** The seven questions, in the current language (Accept-Language). */
export const fetchSecurityQuestions = fromPromise<{ questions: SecurityQuestion[] }>(({ signal }) =>
  request('/security-questions', { signal }),
);

export const checkAlias = fromPromise<AliasAvailability, { alias: string }>(({ input, signal }) =>
  request('/users/verify-alias/', { method: 'POST', body: { alias: input.alias }, signal }),
);
