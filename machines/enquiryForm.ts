import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  cvProblem,
  emptyValues,
  type FormFieldCode,
  type FormKind,
  type FormReceipt,
  formProblems,
} from '../contract/forms-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * One machine for the five public forms (issue 9): contact, educational programs, partnerships,
 * report a concern and the expert application (with its CV). Each state's `description` says what
 * it stands for; docs/machines/enquiryForm.md draws the chart. A refused submit counts `attempt`, so
 * the screen moves focus to the first field with a problem. Errors are codes; the views translate them.
 */

/** The CV as the screen hands it over: its name, size, first bytes (for the PDF check) and the file. */
export interface ChosenCv {
  name: string;
  size: number;
  head: Uint8Array;
  /** The file itself, handed to the sending actor untouched (a File in the browser). */
  file: unknown;
}

export interface EnquiryFormInput {
  kind: FormKind;
}

export interface SendFormInput {
  kind: FormKind;
  values: Record<string, string>;
  cv: ChosenCv | null;
}

export interface EnquiryFormContext {
  kind: FormKind;
  values: Record<string, string>;
  cv: ChosenCv | null;
  fieldErrors: Partial<Record<string, FormFieldCode | string>>;
  error: AppError | null;
  /** Refused submits so far (the screen focuses the first problem when it changes). */
  attempt: number;
}

export type EnquiryFormEvent =
  | { type: 'form.change'; field: string; value: string }
  | { type: 'form.cvChosen'; cv: ChosenCv }
  | { type: 'form.cvCleared' }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | { type: 'form.another' };

const needsCv = (kind: FormKind) => kind === 'expert-application';

/** Every problem the app can see before sending: the shared field rules, and the CV's. */
export function problemsOf(context: Pick<EnquiryFormContext, 'kind' | 'values' | 'cv'>) {
  const problems: Partial<Record<string, FormFieldCode>> = formProblems(context.kind, context.values);
  if (needsCv(context.kind)) {
    const cv = cvProblem(context.cv ? { size: context.cv.size, head: context.cv.head } : null);
    if (cv) problems.cv = cv;
  }
  return problems;
}

const fresh = (kind: FormKind): EnquiryFormContext => ({
  kind,
  values: { ...emptyValues(kind) },
  cv: null,
  fieldErrors: {},
  error: null,
  attempt: 0,
});

export const enquiryFormMachine = setup({
  types: {} as { context: EnquiryFormContext; input: EnquiryFormInput; events: EnquiryFormEvent },
  actors: {
    /** POST /api/forms/{kind}: JSON, or multipart with the CV for the expert application. */
    sendForm: fromPromise<FormReceipt, SendFormInput>(notProvided),
  },
  guards: {
    isValid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    hasFieldErrors: (_, params: { error: AppError }) =>
      !!params.error.fields && Object.keys(params.error.fields).length > 0,
  },
  actions: {
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'form.change');
      const values = { ...context.values, [event.field]: event.value };
      // a field already marked is checked again as she types, so the mark goes as soon as it is right
      if (!(event.field in context.fieldErrors)) return { values };
      const fieldErrors = { ...context.fieldErrors };
      const code = problemsOf({ ...context, values })[event.field];
      if (code) fieldErrors[event.field] = code;
      else delete fieldErrors[event.field];
      return { values, fieldErrors };
    }),
    setCv: assign(({ context, event }) => {
      assertEvent(event, 'form.cvChosen');
      const fieldErrors = { ...context.fieldErrors };
      const code = cvProblem({ size: event.cv.size, head: event.cv.head });
      // a wrong file is named at once (the file stays out of the form)
      if (code) fieldErrors.cv = code;
      else delete fieldErrors.cv;
      return { cv: code ? null : event.cv, fieldErrors };
    }),
    clearCv: assign({ cv: null }),
    markProblems: assign(({ context }) => ({
      fieldErrors: problemsOf(context),
      attempt: context.attempt + 1,
    })),
    clearErrors: assign({ fieldErrors: {}, error: null }),
    clearError: assign({ error: null }),
    setServerFieldErrors: assign(({ context }, params: { error: AppError }) => ({
      fieldErrors: { ...(params.error.fields ?? {}) },
      error: null,
      attempt: context.attempt + 1,
    })),
    setError: assign((_, params: { error: unknown }) => ({
      error: toAppError(params.error, 'NETWORK_ERROR'),
    })),
    reset: assign(({ context }) => fresh(context.kind)),
  },
}).createMachine({
  id: 'enquiryForm',
  context: ({ input }) => fresh(input.kind),
  initial: 'editing',
  states: {
    editing: {
      description:
        'She fills in the form; a submit with a problem marks the fields (and counts the attempt).',
      tags: ['step:editing'],
      on: {
        'form.change': { actions: 'setValue' },
        'form.cvChosen': { actions: 'setCv' },
        'form.cvCleared': { actions: 'clearCv' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'markProblems' },
        ],
      },
    },
    submitting: {
      description: 'The form (and CV) is sent; the server may refuse fields, which go back on the form.',
      tags: ['step:submitting', 'busy'],
      invoke: {
        src: 'sendForm',
        input: ({ context }) => ({ kind: context.kind, values: context.values, cv: context.cv }),
        onDone: { target: 'sent' },
        onError: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => ({ error: toAppError(event.error) }) },
            target: 'editing',
            actions: {
              type: 'setServerFieldErrors',
              params: ({ event }) => ({ error: toAppError(event.error) }),
            },
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    failed: {
      description: 'Sending failed (network, server, too many forms); she can retry, or edit and send again.',
      tags: ['step:failed'],
      on: {
        'form.retry': { target: 'submitting', actions: 'clearError' },
        // what she sent passed every check and any edit leaves this state: send it again as it is
        'form.submit': { target: 'submitting', actions: 'clearErrors' },
        'form.change': { target: 'editing', actions: ['clearError', 'setValue'] },
        'form.cvChosen': { target: 'editing', actions: ['clearError', 'setCv'] },
        'form.cvCleared': { target: 'editing', actions: ['clearError', 'clearCv'] },
      },
    },
    sent: {
      description: 'Received: the form is emptied; she can send another.',
      tags: ['step:sent'],
      entry: 'reset',
      on: {
        'form.another': 'editing',
      },
    },
  },
});
