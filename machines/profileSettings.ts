import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AccountProfile } from '../contract/account-settings';
import {
  fieldsOf,
  type ProfileField,
  type ProfileFields,
  profileBody,
  profileProblems,
  serverFieldErrors,
} from './profileSettings-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, Profile (issue 25, spec §3's account fields): her avatar, country, age range,
 * marital status, and optional e-mail and phone. Sign-up's checks run before the server is asked;
 * the server's field codes are shown under their fields; what she typed stays on every failure.
 * Saved, the page's settings are told (`profileSaved`, provided by the page). Its rules are in
 * profileSettings-rules.ts.
 */
export * from './profileSettings-rules';

export interface ProfileSettingsContext {
  profile: AccountProfile;
  fields: ProfileFields;
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type ProfileSettingsEvent =
  | { type: 'profile.fieldChanged'; field: ProfileField; value: string }
  | { type: 'profile.submitted' }
  | { type: 'profile.reset' };

const FIELDS = ['avatarId', 'country', 'ageRange', 'maritalStatus', 'email', 'phone'] as const;

/** A change or a submission, the same wherever the form is open (not while it saves). */
const editing = {
  'profile.fieldChanged': { target: '.editing', actions: 'setField' },
  'profile.reset': { target: '.editing', actions: 'resetFields' },
  'profile.submitted': [
    { guard: 'hasProblems', target: '.editing', actions: 'showProblems' },
    { target: 'saving' },
  ],
} as const;

export const profileSettingsMachine = setup({
  types: {} as {
    context: ProfileSettingsContext;
    input: { profile: AccountProfile };
    events: ProfileSettingsEvent;
  },
  actors: {
    /** PUT /users/me/profile → the profile as stored now. */
    saveProfile: fromPromise<AccountProfile, ReturnType<typeof profileBody>>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(profileProblems(context.fields)).length > 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'profile.fieldChanged');
      const { [event.field]: _, ...others } = context.fieldErrors;
      return { fields: { ...context.fields, [event.field]: event.value }, fieldErrors: others, error: null };
    }),
    resetFields: assign(({ context }) => ({
      fields: fieldsOf(context.profile),
      fieldErrors: {},
      error: null,
    })),
    showProblems: assign(({ context }) => ({ fieldErrors: profileProblems(context.fields), error: null })),
    keepSaved: assign((_, { profile }: { profile: AccountProfile }) => ({
      profile,
      fields: fieldsOf(profile),
      fieldErrors: {},
      error: null,
    })),
    keepFailure: assign((_, { error }: { error: unknown }) => {
      const e = toAppError(error, 'NETWORK_ERROR');
      return { error: e, fieldErrors: serverFieldErrors(e, FIELDS) };
    }),
    /** Provided by the page: the loaded settings take the saved profile. */
    profileSaved: (_, _params: { profile: AccountProfile }) => {},
  },
}).createMachine({
  id: 'profileSettings',
  description: 'Her profile as stored, and the form that changes it.',
  context: ({ input }) => ({
    profile: input.profile,
    fields: fieldsOf(input.profile),
    fieldErrors: {},
    error: null,
  }),
  initial: 'form',
  states: {
    form: {
      description: 'The form is open: she edits and saves.',
      initial: 'editing',
      on: editing,
      states: {
        editing: {
          description:
            'She edits; a field she changes loses its error; problems found before saving show in place.',
          tags: ['step:editing'],
        },
        saved: {
          description: '"Your profile is saved", until she changes something again.',
          tags: ['step:saved'],
        },
        failed: {
          description: 'The server refused or could not be reached: why, beside the fields as she left them.',
          tags: ['step:failed'],
        },
      },
    },
    saving: {
      description: 'PUT /users/me/profile; the form waits, what she typed kept.',
      tags: ['step:saving', 'busy'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => profileBody(context.fields),
        onDone: {
          target: 'form.saved',
          actions: [
            { type: 'keepSaved', params: ({ event }) => ({ profile: event.output }) },
            { type: 'profileSaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'form.failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
