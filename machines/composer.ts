import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CircleMe, PostOutcome } from '../contract/circle.ts';
import type { PersonalDetail } from '../contract/circle-privacy.ts';
import {
  type ComposerMode,
  detailsIn,
  EDIT_CODES,
  hasProblems,
  type LengthProblems,
  lengthProblems,
  problemsFromFields,
} from './composer-rules.ts';
import { type AppError, notProvided, toAppError } from './types.ts';

/**
 * Her writing in the circle (issue 27): a new thread (title and body), a reply, or an edit of her
 * own post within 15 minutes. Before her first post she accepts the circle's rules. What she wrote
 * is checked here first (lengths, personal details in both languages); the server may still ask
 * for changes (422), hold the post for a moderator, or refuse for now. What she typed is never
 * lost: a failure keeps it, and the page may keep it across a reload (`storeDraft`).
 */
export interface ComposerInput {
  mode: ComposerMode;
  /** An edit of the opening post (its longer limit). */
  opening?: boolean;
  title?: string;
  body?: string;
  anonymous?: boolean;
}

export interface ComposerSend {
  title?: string;
  body: string;
  anonymous: boolean;
}

export interface ComposerContext {
  mode: ComposerMode;
  opening: boolean;
  title: string;
  body: string;
  anonymous: boolean;
  /** What the check found, with where (for highlighting). */
  found: PersonalDetail[];
  problems: LengthProblems;
  /** The server's refusal or failure, as a code. */
  error: AppError | null;
  outcome: PostOutcome | null;
}

export type ComposerEvent =
  | { type: 'composer.title'; value: string }
  | { type: 'composer.body'; value: string }
  | { type: 'composer.anonymous'; on: boolean }
  | { type: 'composer.submit' }
  | { type: 'composer.rules.accept' }
  | { type: 'composer.retry' }
  | { type: 'composer.again' };

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const isCode =
  (codes: readonly string[]) =>
  ({ event }: { event: object }) =>
    codes.includes(toAppError((event as { error?: unknown }).error).code);

/** The draft as it is now, for the page to keep. */
const KEEP = {
  type: 'storeDraft',
  params: ({ context }: { context: ComposerContext }) => ({ title: context.title, body: context.body }),
} as const;
const FORGET = { type: 'storeDraft', params: { title: '', body: '' } } as const;
const SENT = {
  type: 'sent',
  params: ({ context }: { context: ComposerContext }) => ({ outcome: context.outcome as PostOutcome }),
} as const;

export const composerMachine = setup({
  types: {} as { context: ComposerContext; input: ComposerInput; events: ComposerEvent },
  actors: {
    /** GET /circle/me: whether she has accepted the rules. */
    loadCircleMe: fromPromise<CircleMe>(notProvided),
    /** PUT /circle/me/rules */
    acceptRules: fromPromise<CircleMe>(notProvided),
    /** The page's send: POST a thread or a reply, or PATCH her post (then as an outcome). */
    sendPost: fromPromise<PostOutcome, ComposerSend>(notProvided),
  },
  guards: {
    isEdit: ({ context }) => context.mode === 'edit',
    rulesAccepted: ({ event }) => (event as { output?: CircleMe }).output?.rulesAcceptedAt != null,
    lengthProblem: ({ context }) =>
      hasProblems(
        lengthProblems({
          mode: context.mode,
          opening: context.opening,
          title: context.title,
          body: context.body,
        }),
      ),
    personalDetails: ({ context }) => detailsIn(context.title, context.body).length > 0,
    pending: ({ event }) => (event as { output?: PostOutcome }).output?.status === 'pending',
    askedToEdit: isCode(EDIT_CODES),
    rulesRequired: isCode(['CIRCLE_RULES_REQUIRED']),
    invalid: isCode(['VALIDATION_ERROR']),
  },
  actions: {
    setTitle: assign(({ event }) => {
      assertEvent(event, 'composer.title');
      return { title: event.value, problems: {} };
    }),
    setBody: assign(({ event }) => {
      assertEvent(event, 'composer.body');
      return { body: event.value, problems: {} };
    }),
    setAnonymous: assign(({ event }) => {
      assertEvent(event, 'composer.anonymous');
      return { anonymous: event.on };
    }),
    /** The lengths' problems, shown under the fields. */
    showProblems: assign(({ context }) => ({
      problems: lengthProblems({
        mode: context.mode,
        opening: context.opening,
        title: context.title,
        body: context.body,
      }),
    })),
    /** What the check finds now (again after each change while she edits). */
    findDetails: assign(({ context }) => ({ found: detailsIn(context.title, context.body) })),
    clearError: assign({ error: null }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    /** The server's field codes (400) under the fields. */
    fieldProblems: assign(({ event }) => ({
      problems: problemsFromFields(toAppError((event as { error?: unknown }).error).fields),
    })),
    keepOutcome: assign(({ event }) => ({ outcome: (event as unknown as { output: PostOutcome }).output })),
    clearDraft: assign({ title: '', body: '', found: [], problems: {}, error: null, outcome: null }),
    /** Provided by the page: keeps the draft for this page's life (sessionStorage). */
    storeDraft: (_: unknown, _params: { title: string; body: string }) => {},
    /** Provided by the page: the post went (her reply list, the thread, an edit closed). */
    sent: (_: unknown, _params: { outcome: PostOutcome }) => {},
  },
}).createMachine({
  id: 'composer',
  description: 'A new thread, a reply or an edit: checked here, then sent; nothing she typed is lost.',
  context: ({ input }) => ({
    mode: input.mode,
    opening: input.opening ?? false,
    title: input.title ?? '',
    body: input.body ?? '',
    anonymous: input.anonymous ?? false,
    found: [],
    problems: {},
    error: null,
    outcome: null,
  }),
  initial: 'start',
  on: {
    'composer.title': { actions: ['setTitle', KEEP] as const },
    'composer.body': { actions: ['setBody', KEEP] as const },
    'composer.anonymous': { actions: 'setAnonymous' },
  },
  states: {
    start: {
      description: 'An edit starts from her post; a new post first asks whether she has accepted the rules.',
      always: [{ guard: 'isEdit', target: 'draft' }, { target: 'loading' }],
    },
    loading: {
      description: 'GET /circle/me: have the rules been accepted?',
      tags: ['busy'],
      invoke: {
        src: 'loadCircleMe',
        onDone: [{ guard: 'rulesAccepted', target: 'draft' }, { target: 'needsRules' }],
        // the server asks again when she sends
        onError: { target: 'draft' },
      },
    },
    needsRules: {
      description: 'Her first post: the circle rules, to accept once before anything is sent.',
      tags: ['rules'],
      on: { 'composer.rules.accept': 'acceptingRules' },
    },
    acceptingRules: {
      description: 'PUT /circle/me/rules.',
      tags: ['rules', 'busy'],
      entry: 'clearError',
      invoke: {
        src: 'acceptRules',
        onDone: { target: 'draft' },
        onError: { target: 'needsRules', actions: { type: 'setError', params: errorOf } },
      },
    },
    draft: {
      description: 'She writes; a length problem shows under its field.',
      tags: ['editing'],
      on: { 'composer.submit': { target: 'checking', actions: 'clearError' } },
    },
    checking: {
      description:
        'Instant, here: the lengths, then personal details (phone, e-mail, link, social name, her name).',
      always: [
        { guard: 'lengthProblem', target: 'draft', actions: 'showProblems' },
        { guard: 'personalDetails', target: 'needsEdit', actions: 'findDetails' },
        { target: 'sending' },
      ],
    },
    needsEdit: {
      description:
        'Something must change first: the details found (named and highlighted), or what the server refused.',
      tags: ['editing'],
      on: {
        'composer.title': { actions: ['setTitle', 'findDetails', KEEP] as const },
        'composer.body': { actions: ['setBody', 'findDetails', KEEP] as const },
        'composer.submit': { target: 'checking', actions: 'clearError' },
      },
    },
    sending: {
      description: 'POST the thread or the reply, or PATCH her post; the fields wait.',
      tags: ['busy'],
      invoke: {
        src: 'sendPost',
        input: ({ context }) => ({
          ...(context.mode === 'thread' ? { title: context.title.trim() } : {}),
          body: context.body.trim(),
          anonymous: context.anonymous,
        }),
        onDone: [
          { guard: 'pending', target: 'waitingForReview', actions: 'keepOutcome' },
          { target: 'published', actions: 'keepOutcome' },
        ],
        onError: [
          {
            guard: 'askedToEdit',
            target: 'needsEdit',
            actions: [{ type: 'setError', params: errorOf }, 'findDetails'],
          },
          { guard: 'rulesRequired', target: 'needsRules' },
          { guard: 'invalid', target: 'draft', actions: 'fieldProblems' },
          { target: 'failed', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    failed: {
      description:
        'Not sent (suspended, too many posts, no connection): said, with a retry; the draft stays.',
      tags: ['editing', 'failed'],
      on: { 'composer.retry': { target: 'sending', actions: 'clearError' } },
    },
    waitingForReview: {
      description:
        'Sent, waiting for a moderator (her first posts, or some words); crisis words show the safety panel.',
      tags: ['sent'],
      entry: [SENT, FORGET] as const,
      on: { 'composer.again': { target: 'draft', actions: 'clearDraft' } },
    },
    published: {
      description: 'Sent and in the circle; crisis words show the safety panel.',
      tags: ['sent'],
      entry: [SENT, FORGET] as const,
      on: { 'composer.again': { target: 'draft', actions: 'clearDraft' } },
    },
  },
});
