import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type AdminExpert, type AdminExperts, REJECT_REASON_MAX } from '../contract/staff-admin';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The admin's experts, /staff/admin/experts (issue 26): each expert with her published switch, her
 * account linked or not, and a profile change waiting beside the live texts, approved or rejected
 * with a reason (a dialog; the reason is required). One change at a time; the expert's row takes
 * the server's answer.
 */
export type ExpertChange =
  | { id: string; change: 'publish'; published: boolean }
  | { id: string; change: 'approve' }
  | { id: string; change: 'reject'; reason: string };

export interface AdminExpertsContext {
  experts: AdminExpert[];
  error: AppError | null;
  /** The change on its way or last refused. */
  pending: ExpertChange | null;
  /** The expert whose change is being rejected (the dialog), with the reason typed. */
  rejecting: { id: string; reason: string; problem: 'REQUIRED' | 'TEXT_TOO_LONG' | null } | null;
  /** What the last change did, to whom (the page says it). */
  done: { id: string; what: 'publish' | 'unpublish' | 'approve' | 'reject' } | null;
}

const doneOf = (change: ExpertChange): NonNullable<AdminExpertsContext['done']> => ({
  id: change.id,
  what: change.change === 'publish' ? (change.published ? 'publish' : 'unpublish') : change.change,
});

export type AdminExpertsEvent =
  | { type: 'experts.publish'; id: string; published: boolean }
  | { type: 'experts.approve'; id: string }
  | { type: 'experts.reject'; id: string }
  | { type: 'experts.reason'; value: string }
  | { type: 'experts.reject.confirm' }
  | { type: 'experts.reject.cancel' }
  | { type: 'experts.retry' };

export function reasonProblem(reason: string, max: number): 'REQUIRED' | 'TEXT_TOO_LONG' | null {
  if (reason.trim() === '') return 'REQUIRED';
  return [...reason.trim()].length > max ? 'TEXT_TOO_LONG' : null;
}

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const adminExpertsMachine = setup({
  types: {} as { context: AdminExpertsContext; events: AdminExpertsEvent },
  actors: {
    /** GET /staff/admin/experts */
    loadAdminExperts: fromPromise<AdminExperts>(notProvided),
    /** PUT …/published, POST …/profile/approve, POST …/profile/reject */
    changeAdminExpert: fromPromise<AdminExpert, ExpertChange>(notProvided),
  },
  guards: {
    isRejecting: ({ context }) => context.rejecting !== null,
    reasonHasProblem: ({ context }) =>
      reasonProblem(context.rejecting?.reason ?? '', REJECT_REASON_MAX) !== null,
  },
  actions: {
    keepExperts: assign((_, { experts }: { experts: AdminExperts }) => ({
      experts: experts.items,
      error: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null }),
    setPending: assign({
      pending: ({ context, event }): ExpertChange | null => {
        if (event.type === 'experts.publish')
          return { id: event.id, change: 'publish', published: event.published };
        if (event.type === 'experts.approve') return { id: event.id, change: 'approve' };
        const r = context.rejecting;
        return r ? { id: r.id, change: 'reject', reason: r.reason.trim() } : null;
      },
      error: null,
      done: null,
    }),
    keepExpert: assign(({ context }, { expert }: { expert: AdminExpert }) => ({
      experts: context.experts.map((e) => (e.id === expert.id ? expert : e)),
      pending: null,
      rejecting: null,
      done: context.pending && doneOf(context.pending),
    })),
    openReject: assign(({ event }) => {
      assertEvent(event, 'experts.reject');
      return { rejecting: { id: event.id, reason: '', problem: null }, error: null };
    }),
    setReason: assign(({ context, event }) => {
      assertEvent(event, 'experts.reason');
      return { rejecting: context.rejecting && { ...context.rejecting, reason: event.value, problem: null } };
    }),
    showReasonProblem: assign(({ context }) => ({
      rejecting: context.rejecting && {
        ...context.rejecting,
        problem: reasonProblem(context.rejecting.reason, REJECT_REASON_MAX),
      },
    })),
    closeReject: assign({ rejecting: null }),
  },
}).createMachine({
  id: 'adminExperts',
  description: 'The experts as an admin sees them: published or not, profile changes to approve.',
  context: { experts: [], error: null, pending: null, rejecting: null, done: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/admin/experts.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadAdminExperts',
        onDone: {
          target: 'ready',
          actions: { type: 'keepExperts', params: ({ event }) => ({ experts: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: {
      description: '"The experts could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'experts.retry': 'loading' },
    },
    ready: {
      description: 'Every expert; a switch, an approval or a rejection may be asked for.',
      tags: ['step:ready'],
      initial: 'idle',
      on: {
        'experts.publish': { target: 'changing', actions: 'setPending' },
        'experts.approve': { target: 'changing', actions: 'setPending' },
        'experts.reject': { target: 'rejecting', actions: 'openReject' },
      },
      states: {
        idle: { description: 'Nothing on its way.' },
        done: { description: 'The last change went through (said politely).', tags: ['done'] },
        refused: { description: 'The last change was refused: said above the list.', tags: ['refused'] },
      },
    },
    rejecting: {
      description: 'The dialog: why the profile change is refused (required; the expert reads it).',
      tags: ['step:ready', 'rejecting'],
      on: {
        'experts.reason': { actions: 'setReason' },
        'experts.reject.cancel': { target: 'ready.idle', actions: 'closeReject' },
        'experts.reject.confirm': [
          { guard: 'reasonHasProblem', actions: 'showReasonProblem' },
          { target: 'changing', actions: 'setPending' },
        ],
      },
    },
    changing: {
      description: 'The change on its way; the row waits.',
      tags: ['step:ready', 'busy'],
      invoke: {
        src: 'changeAdminExpert',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'ready.done',
          actions: { type: 'keepExpert', params: ({ event }) => ({ expert: event.output }) },
        },
        onError: [
          {
            // a refused rejection keeps its dialog open, with the reason typed
            guard: 'isRejecting',
            target: 'rejecting',
            actions: { type: 'setError', params: errorOf },
          },
          { target: 'ready.refused', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
  },
});
