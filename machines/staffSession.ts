import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { StaffMe } from '../contract/staff';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The staff area's session (issue 26). Not a root machine: StaffArea starts it, so the member app's
 * first visits carry no staff code. It asks GET /staff/me once (a 401 there means signed out), takes
 * her in when sign-in or set-up hands her over, ends when any later staff request is refused with 401
 * (her session ended: 30 minutes without activity, or signed out elsewhere) and when she signs out.
 */
export type StaffSignedOutReason = 'expired' | 'signedOut' | null;

export interface StaffSessionContext {
  me: StaffMe | null;
  /** Why she is signed out: the sign-in page says her session ended, or that she signed out. */
  reason: StaffSignedOutReason;
  error: AppError | null;
}

export type StaffSessionEvent =
  | { type: 'staffSession.signedIn'; me: StaffMe }
  | { type: 'staffSession.updated'; me: StaffMe }
  | { type: 'staffSession.expired' }
  | { type: 'staffSession.signOut' }
  | { type: 'staffSession.languageChosen'; language: 'en' | 'ar' }
  | { type: 'staffSession.retry' };

export const staffSessionMachine = setup({
  types: {} as { context: StaffSessionContext; events: StaffSessionEvent },
  actors: {
    /** GET /staff/me (a 401 is the answer: signed out) */
    loadMe: fromPromise<StaffMe>(notProvided),
    /** POST /staff/logout */
    logout: fromPromise<void>(notProvided),
    /** PUT /staff/me/language */
    saveLanguage: fromPromise<StaffMe, { language: 'en' | 'ar' }>(notProvided),
  },
  actions: {
    /** The app takes her saved language (the root language actor; provided by StaffArea). */
    applyLanguage: (_, _params: { language: 'en' | 'ar' }) => {},
    keepMe: assign((_, { me }: { me: StaffMe }) => ({ me, reason: null, error: null })),
    forget: assign((_, { reason }: { reason: StaffSignedOutReason }) => ({ me: null, reason, error: null })),
    keepError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
  },
  guards: {
    isUnauthorized: (_, { error }: { error: unknown }) => toAppError(error).code === 'UNAUTHORIZED',
  },
}).createMachine({
  id: 'staffSession',
  description: 'The staff area’s session: checked once, then signed in or out.',
  context: { me: null, reason: null, error: null },
  initial: 'checking',
  on: {
    // sign-in or set-up hands her over (even while the first check is still out)
    'staffSession.signedIn': {
      target: '.signedIn',
      actions: [
        { type: 'keepMe', params: ({ event }) => ({ me: event.me }) },
        { type: 'applyLanguage', params: ({ event }) => ({ language: event.me.language }) },
      ],
    },
  },
  states: {
    checking: {
      description: 'GET /staff/me: is there a full staff session?',
      tags: ['busy'],
      invoke: {
        src: 'loadMe',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepMe', params: ({ event }) => ({ me: event.output }) },
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.output.language }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: { type: 'forget', params: { reason: null } },
          },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'The check did not get an answer (offline): Try again.',
      on: { 'staffSession.retry': 'checking' },
    },
    signedOut: {
      description: 'No staff session: the sign-in and set-up pages; every other page sends her to sign in.',
    },
    signedIn: {
      description: 'A full session: the layout and the pages of her roles.',
      initial: 'idle',
      on: {
        'staffSession.expired': {
          target: 'signedOut',
          actions: { type: 'forget', params: { reason: 'expired' } },
        },
        'staffSession.signOut': 'signingOut',
        'staffSession.updated': {
          actions: { type: 'keepMe', params: ({ event }) => ({ me: event.me }) },
        },
      },
      states: {
        idle: {
          description: 'Signed in and at work: nothing of the session under way.',
          on: {
            'staffSession.languageChosen': {
              target: 'savingLanguage',
              actions: { type: 'applyLanguage', params: ({ event }) => ({ language: event.language }) },
            },
          },
        },
        savingLanguage: {
          description: 'PUT /staff/me/language: her next sign-in opens in it.',
          invoke: {
            src: 'saveLanguage',
            input: ({ event }) => {
              assertEvent(event, 'staffSession.languageChosen');
              return { language: event.language };
            },
            onDone: {
              target: 'idle',
              actions: { type: 'keepMe', params: ({ event }) => ({ me: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    signingOut: {
      description: 'POST /staff/logout.',
      tags: ['busy'],
      invoke: {
        src: 'logout',
        onDone: { target: 'signedOut', actions: { type: 'forget', params: { reason: 'signedOut' } } },
        onError: [
          {
            guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: { type: 'forget', params: { reason: 'expired' } },
          },
          {
            target: 'signedIn',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
