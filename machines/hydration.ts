import { fromPromise, setup } from 'xstate';
import { notProvided } from './types';

/**
 * Taking over a server-rendered page (src/main.tsx): the browser's root actors are brought to where
 * the server's render left them before React hydrates the HTML, or the page is rendered afresh when
 * this visit cannot match it. The checks are pure rules (`serverMatchesVisit`); the work is named and
 * provided by src/main.tsx: `alignRoot` (the same language and bundles, the session known, answers
 * primed), `replaySent` (the events the views sent while the server rendered), `hydrate` and
 * `renderAfresh` (React's two ways in).
 */

/** What the server wrote beside the HTML that this machine needs (src/app/ssr.tsx SsrState). */
export interface ServerRender {
  locale: string;
}

/** What this visit finds in the browser before anything runs. */
export interface Visit {
  /** The language the root starts in (its own rule over what she saved). */
  locale: string;
  /** A member's session cookie: the server rendered for a visitor. */
  signedIn: boolean;
  /** A saved cart or discreet mode: the server rendered an empty cart and discreet mode off. */
  storedCartOrDiscreet: boolean;
}

export interface HydrationInput {
  server: ServerRender | null;
  visit: Visit;
}

/** Whether the HTML the server sent is what this visit would render. */
export function serverMatchesVisit({ server, visit }: HydrationInput): boolean {
  return server !== null && server.locale === visit.locale && !visit.signedIn && !visit.storedCartOrDiscreet;
}

export const hydrationMachine = setup({
  types: {} as { input: HydrationInput; context: HydrationInput },
  actors: {
    /** Primes the API answers, loads the page's bundles, waits for the session; resolves `signedIn`. */
    alignRoot: fromPromise<{ signedIn: boolean }>(notProvided),
  },
  guards: {
    serverMatchesVisit: ({ context }) => serverMatchesVisit(context),
    sessionFoundMember: (_, params: { signedIn: boolean }) => params.signedIn,
  },
  actions: {
    replaySent: () => {},
    hydrate: () => {},
    renderAfresh: () => {},
  },
  delays: {
    /** One turn of the event loop: primed answers resolve at once and the machines take them. */
    answersSettle: 0,
  },
}).createMachine({
  id: 'hydration',
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: {
      description:
        'Whether the HTML can be taken over: the server rendered this page for a visitor in the language this visit starts in, with an empty cart and discreet mode off.',
      always: [{ guard: 'serverMatchesVisit', target: 'aligning' }, { target: 'renderingAfresh' }],
    },
    aligning: {
      description:
        "The root actors reach the server's render: its answers primed, the same language and message bundles, the session known.",
      invoke: {
        src: 'alignRoot',
        onDone: [
          {
            guard: { type: 'sessionFoundMember', params: ({ event }) => event.output },
            target: 'renderingAfresh',
          },
          { target: 'replaying' },
        ],
        onError: { target: 'renderingAfresh' },
      },
    },
    replaying: {
      description:
        'The events the views sent during the server render are sent again, answered from the primed answers.',
      entry: 'replaySent',
      after: { answersSettle: { target: 'hydrating' } },
    },
    hydrating: {
      description: 'React takes over the HTML as it is (hydration, in a transition so it yields).',
      type: 'final',
      entry: 'hydrate',
    },
    renderingAfresh: {
      description: 'The HTML cannot be taken over: the page is rendered in the browser from the start.',
      type: 'final',
      entry: 'renderAfresh',
    },
  },
});
