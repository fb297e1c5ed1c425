import { assign, fromPromise, setup } from 'xstate';
import type { CircleSpaces } from '../contract/circle';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The circle's home, /dashboard/circle (issue 27): its spaces with their thread counts and last
 * activity, read once (and again on retry or when the language changes: the titles are in it).
 */
export interface CircleSpacesContext {
  spaces: CircleSpaces['spaces'];
  error: AppError | null;
}

export type CircleSpacesEvent = { type: 'circleSpaces.retry' } | { type: 'circleSpaces.localeChanged' };

export const circleSpacesMachine = setup({
  types: {} as { context: CircleSpacesContext; events: CircleSpacesEvent },
  actors: {
    /** GET /circle/spaces */
    loadSpaces: fromPromise<CircleSpaces>(notProvided),
  },
  actions: {
    clearError: assign({ error: null }),
    keepSpaces: assign((_, { spaces }: { spaces: CircleSpaces }) => ({ spaces: spaces.spaces })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
  },
}).createMachine({
  id: 'circleSpaces',
  description: "The circle's spaces, each with its threads and last activity.",
  context: { spaces: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /circle/spaces in her language.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadSpaces',
        onDone: {
          target: 'ready',
          actions: { type: 'keepSpaces', params: ({ event }) => ({ spaces: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {
      description: 'The spaces as cards; a new language reads them again.',
      tags: ['step:ready'],
      on: { 'circleSpaces.localeChanged': 'loading' },
    },
    failed: {
      description: '"The circle could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'circleSpaces.retry': 'loading' },
    },
  },
});
