import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ExpertProfile, ExpertsList } from '../contract/experts';
import type { ExpertFilters } from '../contract/experts-constants';
import { LOADING_STEP } from './load-step';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The experts (issue 9): the directory, filtered by specialty, language and call mode, and one
 * expert's profile. Each screen starts its own actor: /experts (and the home page's "Our experts")
 * with the filters from the address, /experts/:id with the expert's id. Texts come in the request's
 * language, so a language switch fetches again. The directory's screen sends `experts.filter`
 * whenever the address changes, so Back, links and "Clear filters" go through it. Each state's
 * `description` says what it stands for; docs/machines/experts.md draws the chart.
 */
export { type ExpertFilters, filtersFromQuery } from '../contract/experts-constants';

export const NO_FILTERS: ExpertFilters = { specialty: null, language: null, mode: null };

export interface ExpertsInput {
  /** The directory with these filters (default: none)… */
  filters?: Partial<ExpertFilters>;
  /** …or this expert's profile. */
  expertId?: string;
}

export interface ExpertsContext {
  filters: ExpertFilters;
  list: ExpertsList | null;
  expertId: string | null;
  expert: ExpertProfile | null;
  error: AppError | null;
}

export type ExpertsEvent =
  | { type: 'experts.filter'; filters: Partial<ExpertFilters> }
  | { type: 'experts.open'; expertId: string }
  | { type: 'experts.retry' }
  | { type: 'experts.localeChanged' };

/** The address's query for these filters ('' when there are none), in a fixed order. */
export function queryFromFilters(filters: ExpertFilters): string {
  const q = new URLSearchParams();
  for (const key of ['specialty', 'language', 'mode'] as const) {
    const value = filters[key];
    if (value) q.set(key, value);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

const complete = (filters: Partial<ExpertFilters> = {}): ExpertFilters => ({
  specialty: filters.specialty ?? null,
  language: filters.language ?? null,
  mode: filters.mode ?? null,
});
const sameFilters = (a: ExpertFilters, b: ExpertFilters) =>
  a.specialty === b.specialty && a.language === b.language && a.mode === b.mode;

const listOf = ({ event }: { event: { output: ExpertsList } }) => ({ list: event.output });
const expertOf = ({ event }: { event: { output: ExpertProfile } }) => ({ expert: event.output });
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
/** What did not come, kept for the view. */
const setError = { type: 'setError', params: errorOf } as const;
/** The profile to fetch: the expert of the address. */
const expertIdOf = ({ context }: { context: Pick<ExpertsContext, 'expertId'> }) => ({
  expertId: context.expertId ?? '',
});

export const expertsMachine = setup({
  types: {} as { context: ExpertsContext; input: ExpertsInput; events: ExpertsEvent },
  actors: {
    /** GET /p/experts?specialty&language&mode */
    fetchExperts: fromPromise<ExpertsList, ExpertFilters>(notProvided),
    /** GET /p/experts/{id} */
    fetchExpert: fromPromise<ExpertProfile, { expertId: string }>(notProvided),
  },
  guards: {
    wantsProfile: ({ context }) => context.expertId !== null,
    hasExperts: (_, params: { list: ExpertsList }) => params.list.items.length > 0,
    filtersChanged: ({ context, event }) => {
      assertEvent(event, 'experts.filter');
      return !sameFilters(context.filters, complete(event.filters));
    },
    isOtherExpert: ({ context, event }) => {
      assertEvent(event, 'experts.open');
      return event.expertId !== context.expertId;
    },
    /** An unknown expert (404), or an address that cannot be an expert's (400). */
    isUnknownExpert: (_, params: { error: unknown }) => {
      const code = toAppError(params.error).code;
      return code === 'NOT_FOUND' || code === 'VALIDATION_ERROR';
    },
  },
  actions: {
    clearError: assign({ error: null }),
    keepList: assign((_, { list }: { list: ExpertsList }) => ({ list })),
    keepExpert: assign((_, { expert }: { expert: ExpertProfile }) => ({ expert })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    setFilters: assign({
      filters: ({ event }) => {
        assertEvent(event, 'experts.filter');
        return complete(event.filters);
      },
    }),
    setExpertId: assign({
      expertId: ({ event }) => {
        assertEvent(event, 'experts.open');
        return event.expertId;
      },
      expert: null,
    }),
  },
}).createMachine({
  id: 'experts',
  context: ({ input }) => ({
    filters: complete(input.filters),
    list: null,
    expertId: input.expertId ?? null,
    expert: null,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Opens the profile when the screen gave an expert id, the directory otherwise.',
      always: [{ guard: 'wantsProfile', target: 'profile' }, { target: 'directory' }],
    },
    directory: {
      description: 'The directory; new filters (none: every expert) fetch the list again.',
      initial: 'loading',
      on: {
        // new filters replace a request in flight
        'experts.filter': {
          guard: 'filtersChanged',
          target: '.loading',
          reenter: true,
          actions: 'setFilters',
        },
        'experts.localeChanged': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          ...LOADING_STEP,
          description: 'Fetches the experts matching the filters, in her language.',
          invoke: {
            src: 'fetchExperts',
            input: ({ context }) => context.filters,
            onDone: [
              {
                guard: { type: 'hasExperts', params: listOf },
                target: 'ready',
                actions: { type: 'keepList', params: listOf },
              },
              { target: 'empty', actions: { type: 'keepList', params: listOf } },
            ],
            onError: { target: 'failed', actions: setError },
          },
        },
        ready: { description: 'The experts matching the filters.', tags: ['step:ready'] },
        empty: { description: 'No expert matches the filters.', tags: ['step:empty'] },
        failed: {
          description: 'The list could not load; she can retry.',
          tags: ['step:failed'],
          on: { 'experts.retry': 'loading' },
        },
      },
    },
    profile: {
      description: "One expert's profile; opening another expert loads it.",
      initial: 'loading',
      on: {
        'experts.open': { guard: 'isOtherExpert', target: '.loading', reenter: true, actions: 'setExpertId' },
        'experts.localeChanged': { target: '.loading', reenter: true },
      },
      states: {
        loading: {
          ...LOADING_STEP,
          description: "Fetches the expert's profile in her language.",
          invoke: {
            src: 'fetchExpert',
            input: expertIdOf,
            onDone: { target: 'ready', actions: { type: 'keepExpert', params: expertOf } },
            onError: [
              {
                guard: { type: 'isUnknownExpert', params: errorOf },
                target: 'notFound',
                actions: setError,
              },
              { target: 'failed', actions: setError },
            ],
          },
        },
        ready: {
          description: 'The profile.',
          tags: ['step:ready'],
          on: { 'experts.localeChanged': 'refreshing' },
        },
        refreshing: {
          description:
            'Reads the profile again in a new language; it stays on screen (and a booking under way in it), and stays as it was if this fails.',
          tags: ['step:ready', 'step:refreshing'],
          on: { 'experts.localeChanged': { target: 'refreshing', reenter: true } },
          invoke: {
            src: 'fetchExpert',
            input: expertIdOf,
            onDone: { target: 'ready', actions: { type: 'keepExpert', params: expertOf } },
            onError: 'ready',
          },
        },
        notFound: { description: 'No expert has this id.', tags: ['step:notFound'] },
        failed: {
          description: 'The profile could not load; she can retry.',
          tags: ['step:failed'],
          on: { 'experts.retry': 'loading' },
        },
      },
    },
  },
});
