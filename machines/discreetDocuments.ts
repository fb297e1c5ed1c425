import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AccountProfile } from '../contract/account-settings';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, discreet documents (issue 25, item 5): on by default, her invoices and credit
 * notes print "Online course" with a course code and have neutral file names. The switch shows her
 * choice at once and saves it (PUT /users/me/preferences { discreetDocuments }); a failure puts it
 * back as stored and says so. Saved, the page's settings take the profile (`profileSaved`).
 */
export interface DiscreetDocumentsContext {
  /** As stored on the server. */
  stored: boolean;
  /** As the switch shows it (her choice while it saves). */
  shown: boolean;
  error: AppError | null;
}

export type DiscreetDocumentsEvent = { type: 'documents.toggled'; discreet: boolean };

const toggle = {
  'documents.toggled': { guard: 'isNewChoice', target: 'saving', actions: 'showChoice' },
} as const;

export const discreetDocumentsMachine = setup({
  types: {} as {
    context: DiscreetDocumentsContext;
    input: { discreetDocuments: boolean };
    events: DiscreetDocumentsEvent;
  },
  actors: {
    /** PUT /users/me/preferences { discreetDocuments } → the profile as stored now. */
    savePreference: fromPromise<AccountProfile, { discreetDocuments: boolean }>(notProvided),
  },
  guards: {
    isNewChoice: ({ context, event }) => {
      assertEvent(event, 'documents.toggled');
      return event.discreet !== context.shown;
    },
  },
  actions: {
    showChoice: assign(({ event }) => {
      assertEvent(event, 'documents.toggled');
      return { shown: event.discreet, error: null };
    }),
    keepStored: assign((_, { profile }: { profile: AccountProfile }) => ({
      stored: profile.discreetDocuments,
      shown: profile.discreetDocuments,
    })),
    putBack: assign(({ context }, { error }: { error: unknown }) => ({
      shown: context.stored,
      error: toAppError(error, 'NETWORK_ERROR'),
    })),
    /** Provided by the page: the loaded settings take the saved profile. */
    profileSaved: (_, _params: { profile: AccountProfile }) => {},
  },
}).createMachine({
  id: 'discreetDocuments',
  description: 'Whether her invoices and credit notes name her courses.',
  context: ({ input }) => ({ stored: input.discreetDocuments, shown: input.discreetDocuments, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows what is stored.',
      tags: ['step:idle'],
      on: toggle,
    },
    saving: {
      description: 'Her choice is on the switch and on its way to the server; the switch waits.',
      tags: ['step:saving', 'busy'],
      invoke: {
        src: 'savePreference',
        input: ({ context }) => ({ discreetDocuments: context.shown }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'keepStored', params: ({ event }) => ({ profile: event.output }) },
            { type: 'profileSaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'putBack', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: {
      description: '"Saved": her documents follow the new choice from now on.',
      tags: ['step:saved'],
      on: toggle,
    },
    failed: {
      description: 'Not saved: the switch is back as stored, and why it failed is said.',
      tags: ['step:failed'],
      on: toggle,
    },
  },
});
