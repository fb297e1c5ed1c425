import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ExpertProfileTexts, ProfileTextsBody } from '../contract/staff-expert';
import {
  type ProfileChange,
  profileFields,
  profileProblems,
  serverProfileProblems,
  withProfileChange,
} from './expertProfile-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Her profile texts in the expert portal, /staff/profile (issue 26): title, bio and qualifications in
 * both languages beside what the public profile shows now; Submit for approval sends a draft, which
 * waits for an admin (a refused one shows the admin's reason). Rules in expertProfile-rules.ts.
 */
export * from './expertProfile-rules';

export interface ExpertProfileContext {
  profile: ExpertProfileTexts | null;
  fields: ProfileTextsBody | null;
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type ExpertProfileEvent =
  | ({ type: 'profile.changed' } & ProfileChange)
  | { type: 'profile.submitted' }
  | { type: 'profile.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const expertProfileMachine = setup({
  types: {} as { context: ExpertProfileContext; events: ExpertProfileEvent },
  actors: {
    /** GET /staff/expert/profile */
    loadProfile: fromPromise<ExpertProfileTexts>(notProvided),
    /** PUT /staff/expert/profile */
    submitProfile: fromPromise<ExpertProfileTexts, ProfileTextsBody>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => !!context.fields && Object.keys(profileProblems(context.fields)).length > 0,
    refusedFields: (_, { error }: { error: unknown }) =>
      Object.keys(serverProfileProblems(toAppError(error))).length > 0,
  },
  actions: {
    keepProfile: assign((_, profile: ExpertProfileTexts) => ({
      profile,
      fields: profileFields(profile),
      fieldErrors: {},
      error: null,
    })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'profile.changed');
      if (!context.fields) return {};
      return { ...withProfileChange(context.fields, context.fieldErrors, event), error: null };
    }),
    showProblems: assign(({ context }) => ({
      fieldErrors: context.fields ? profileProblems(context.fields) : {},
      error: null,
    })),
    keepFieldProblems: assign((_, { error }: { error: unknown }) => ({
      fieldErrors: serverProfileProblems(toAppError(error)),
      error: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
  },
}).createMachine({
  id: 'expertProfile',
  description: 'Her profile texts: read, edited, submitted for approval.',
  context: { profile: null, fields: null, fieldErrors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/expert/profile: the live texts and her draft, if any.',
      tags: ['step:loading'],
      invoke: {
        src: 'loadProfile',
        onDone: { target: 'form', actions: { type: 'keepProfile', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'setError', params: errorOf } },
      },
    },
    loadFailed: {
      description: 'Her texts did not come: a retry.',
      tags: ['step:loadFailed'],
      on: { 'profile.retry': 'loading' },
    },
    form: {
      description: 'Both languages’ texts beside the live ones; a waiting or refused draft is said above.',
      initial: 'editing',
      on: {
        'profile.changed': { target: '.editing', actions: 'setField' },
        'profile.submitted': [
          { guard: 'hasProblems', target: '.invalid', actions: 'showProblems' },
          { target: 'submitting' },
        ],
      },
      states: {
        editing: { description: 'She edits.', tags: ['step:editing'] },
        pending: {
          description: '"Sent: waiting for approval"; the live texts stay until an admin approves.',
          tags: ['step:pending'],
        },
        invalid: {
          description: 'Problems under their fields (hers, or the server’s codes); nothing lost.',
          tags: ['step:invalid'],
        },
        failed: {
          description: 'Not sent (offline, or the session ended): said above the button; nothing lost.',
          tags: ['step:failed'],
        },
      },
    },
    submitting: {
      description: 'PUT /staff/expert/profile; the form waits.',
      tags: ['step:submitting', 'busy'],
      invoke: {
        src: 'submitProfile',
        input: ({ context }) => context.fields!,
        onDone: {
          target: 'form.pending',
          actions: { type: 'keepProfile', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'refusedFields', params: errorOf },
            target: 'form.invalid',
            actions: { type: 'keepFieldProblems', params: errorOf },
          },
          { target: 'form.failed', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
  },
});
