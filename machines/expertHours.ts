import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ExpertHours, ExpertHoursBody } from '../contract/staff-expert';
import {
  type HoursChange,
  type HoursForm,
  hasFieldProblems,
  hoursBody,
  hoursProblems,
  savedHours,
  serverHoursProblems,
  withHoursChange,
} from './expertHours-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Her hours in the expert portal, /staff/hours (issue 26): her zone, weekly ranges per weekday, dates
 * off or with extra hours, buffer, notice and horizon. The file's rules are checked before the server
 * is asked; the server's field codes land at the range or field they name; what she typed is never
 * lost. Bookings already made are not moved (the server keeps them). Rules in expertHours-rules.ts.
 */
export * from './expertHours-rules';

export interface ExpertHoursContext {
  fields: HoursForm | null;
  fieldErrors: Record<string, string>;
  error: AppError | null;
  /** When she last saved them in the portal (null: as her file seeded them). */
  updatedAt: string | null;
}

export type ExpertHoursEvent =
  | { type: 'hours.changed'; change: HoursChange }
  | { type: 'hours.submitted' }
  | { type: 'hours.retry' };

export const expertHoursMachine = setup({
  types: {} as { context: ExpertHoursContext; events: ExpertHoursEvent },
  actors: {
    /** GET /staff/expert/hours */
    loadHours: fromPromise<ExpertHours>(notProvided),
    /** PUT /staff/expert/hours */
    saveHours: fromPromise<ExpertHours, ExpertHoursBody>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => !!context.fields && Object.keys(hoursProblems(context.fields)).length > 0,
    refusedFields: (_, { error }: { error: unknown }) => hasFieldProblems(toAppError(error)),
  },
  actions: {
    keepHours: assign((_, hours: ExpertHours) => ({ ...savedHours(hours), fieldErrors: {}, error: null })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'hours.changed');
      if (!context.fields) return {};
      return { ...withHoursChange(context.fields, context.fieldErrors, event.change), error: null };
    }),
    showProblems: assign(({ context }) => ({
      fieldErrors: context.fields ? hoursProblems(context.fields) : {},
      error: null,
    })),
    keepFieldProblems: assign((_, { error }: { error: unknown }) => ({
      fieldErrors: serverHoursProblems(toAppError(error)),
      error: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
  },
}).createMachine({
  id: 'expertHours',
  description: 'Her hours: read, edited, checked, saved.',
  context: { fields: null, fieldErrors: {}, error: null, updatedAt: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/expert/hours.',
      tags: ['step:loading'],
      invoke: {
        src: 'loadHours',
        onDone: { target: 'form', actions: { type: 'keepHours', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'Her hours did not come: a retry.',
      tags: ['step:loadFailed'],
      on: { 'hours.retry': 'loading' },
    },
    form: {
      description: 'The form is open with her hours.',
      initial: 'editing',
      on: {
        'hours.changed': { target: '.editing', actions: 'setField' },
        'hours.submitted': [
          { guard: 'hasProblems', target: '.invalid', actions: 'showProblems' },
          { target: 'saving' },
        ],
      },
      states: {
        editing: { description: 'She edits; problems go as she fixes them.', tags: ['step:editing'] },
        saved: {
          description: '"Your hours are saved": slots follow at once; bookings already made stay.',
          tags: ['step:saved'],
        },
        invalid: {
          description: 'Problems at their ranges and fields (hers, or the server’s codes); nothing lost.',
          tags: ['step:invalid'],
        },
        failed: {
          description:
            'The save failed (offline, or the session ended): said above the button; nothing lost.',
          tags: ['step:failed'],
        },
      },
    },
    saving: {
      description: 'PUT /staff/expert/hours; the form waits.',
      tags: ['step:saving', 'busy'],
      invoke: {
        src: 'saveHours',
        input: ({ context }) => hoursBody(context.fields!),
        onDone: { target: 'form.saved', actions: { type: 'keepHours', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'refusedFields', params: ({ event }) => ({ error: event.error }) },
            target: 'form.invalid',
            actions: { type: 'keepFieldProblems', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'form.failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});
