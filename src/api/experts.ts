import { fromPromise } from 'xstate';
import type { ExpertProfile, ExpertsList } from '../../contract/experts';
import type { ExpertFilters, expertsMachine } from '../../machines/experts';
import { request } from './client';

/**
 * The experts actors (issue 9): the directory with its filters and one expert's profile, both in
 * the current language. Each passes its actor's abort signal, so new filters cancel the request
 * they replace.
 */

/** GET /p/experts?specialty&language&mode (only the filters that are set). */
export const fetchExperts = fromPromise<ExpertsList, ExpertFilters>(({ input, signal }) => {
  const query: Record<string, string> = {};
  if (input.specialty) query.specialty = input.specialty;
  if (input.language) query.language = input.language;
  if (input.mode) query.mode = input.mode;
  return request('/p/experts', { query, signal });
});

/** GET /p/experts/{id} */
export const fetchExpert = fromPromise<ExpertProfile, { expertId: string }>(({ input, signal }) =>
  request(`/p/experts/${encodeURIComponent(input.expertId)}`, { signal }),
);

/** The experts screens create their own actors; tests give them stub actors (see ScreenOverrides). */
declare module '../app/actors' {
  interface ScreenOverrides {
    experts?: Parameters<typeof expertsMachine.provide>[0];
  }
}
