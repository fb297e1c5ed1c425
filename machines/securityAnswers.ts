import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  answersBody,
  answersFailure,
  answersFieldsOf,
  answersProblems,
  type SecurityAnswersChange,
  type SecurityAnswersFields,
  withAnswersField,
} from './securityAnswers-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Account Settings, Security questions (issue 25): with her current PIN, three different questions
 * (her own chosen at first) and new answers, under sign-up's rules, checked before the server is
 * asked. Saved, the answers are emptied (never shown again) and the page's settings take the
 * questions (`questionsSaved`, provided by the page). Its rules are in securityAnswers-rules.ts.
 */
export * from './securityAnswers-rules';

export interface SecurityAnswersContext {
  questionIds: string[];
  fields: SecurityAnswersFields;
  fieldErrors: Record<string, string>;
  error: AppError | null;
}

export type SecurityAnswersEvent =
  | ({ type: 'answers.fieldChanged' } & SecurityAnswersChange)
  | { type: 'answers.submitted' };

export const securityAnswersMachine = setup({
  types: {} as {
    context: SecurityAnswersContext;
    input: { questionIds: string[] };
    events: SecurityAnswersEvent;
  },
  actors: {
    /** PUT /users/me/security-answers */
    saveAnswers: fromPromise<{ ok: true }, ReturnType<typeof answersBody>>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(answersProblems(context.fields)).length > 0,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'answers.fieldChanged');
      return { ...withAnswersField(context.fields, context.fieldErrors, event), error: null };
    }),
    showProblems: assign(({ context }) => ({ fieldErrors: answersProblems(context.fields), error: null })),
    keepSaved: assign(({ context }) => {
      const questionIds = context.fields.answers.map((a) => a.questionId);
      return { questionIds, fields: answersFieldsOf(questionIds), fieldErrors: {}, error: null };
    }),
    keepFailure: assign((_, { error }: { error: unknown }) =>
      answersFailure(toAppError(error, 'NETWORK_ERROR')),
    ),
    /** Provided by the page: the loaded settings take her questions. */
    questionsSaved: (_, _params: { questionIds: string[] }) => {},
  },
}).createMachine({
  id: 'securityAnswers',
  description: 'Changing her security questions and answers.',
  context: ({ input }) => ({
    questionIds: input.questionIds,
    fields: answersFieldsOf(input.questionIds),
    fieldErrors: {},
    error: null,
  }),
  initial: 'form',
  states: {
    form: {
      description: 'The form is open: current PIN, three questions and their answers.',
      initial: 'editing',
      on: {
        'answers.fieldChanged': { target: '.editing', actions: 'setField' },
        'answers.submitted': [
          { guard: 'hasProblems', target: '.editing', actions: 'showProblems' },
          { target: 'saving' },
        ],
      },
      states: {
        editing: {
          description: 'She types; problems found before asking the server show under their fields.',
          tags: ['step:editing'],
        },
        saved: {
          description: '"Your security questions are saved"; the answers are emptied, never shown again.',
          tags: ['step:saved'],
        },
        failed: {
          description:
            'Refused (wrong current PIN under its field; locked or offline above the form); what she typed stays.',
          tags: ['step:failed'],
        },
      },
    },
    saving: {
      description: 'PUT /users/me/security-answers; the form waits.',
      tags: ['step:saving', 'busy'],
      invoke: {
        src: 'saveAnswers',
        input: ({ context }) => answersBody(context.fields),
        onDone: {
          target: 'form.saved',
          actions: [
            'keepSaved',
            { type: 'questionsSaved', params: ({ context }) => ({ questionIds: context.questionIds }) },
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
