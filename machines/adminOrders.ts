import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { asciiDigits } from '../contract/commerce-rules';
import { type AdminOrder, type AdminOrders, REFUND_REASON_MAX } from '../contract/staff-admin';
import { reasonProblem } from './adminExperts';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Course orders, /staff/admin/orders (issue 26): found by a member number or an invoice number,
 * each with its courses and total; a refund in an exceptional case, after a dialog that says what
 * happens (a credit note; her access to those courses ends) and asks why (required). Done, the
 * order shows its credit note number.
 */
export type OrdersSearchBy = 'member' | 'invoice';

export interface AdminOrdersContext {
  by: OrdersSearchBy;
  query: string;
  queryError: 'REQUIRED' | 'MEMBER_NUMBER_INVALID' | null;
  orders: AdminOrder[];
  error: AppError | null;
  refunding: { id: string; reason: string; problem: 'REQUIRED' | 'TEXT_TOO_LONG' | null } | null;
  /** The order refunded last (its credit note number is said). */
  refunded: AdminOrder | null;
}

export type AdminOrdersEvent =
  | { type: 'orders.by'; by: OrdersSearchBy }
  | { type: 'orders.query'; value: string }
  | { type: 'orders.search' }
  | { type: 'orders.refund'; id: string }
  | { type: 'orders.reason'; value: string }
  | { type: 'orders.refund.confirm' }
  | { type: 'orders.refund.cancel' }
  | { type: 'orders.retry' };

export function queryProblem(by: OrdersSearchBy, query: string): AdminOrdersContext['queryError'] {
  const q = asciiDigits(query.trim());
  if (q === '') return 'REQUIRED';
  return by === 'member' && !/^[0-9]{1,12}$/.test(q) ? 'MEMBER_NUMBER_INVALID' : null;
}

const searchOf = (c: AdminOrdersContext) => {
  const q = asciiDigits(c.query.trim());
  return c.by === 'member' ? { memberNumber: q } : { invoice: q.toUpperCase() };
};
const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const adminOrdersMachine = setup({
  types: {} as { context: AdminOrdersContext; events: AdminOrdersEvent },
  actors: {
    /** GET /staff/admin/orders?memberNumber= | ?invoice= */
    searchOrders: fromPromise<AdminOrders, { memberNumber?: string; invoice?: string }>(notProvided),
    /** POST /staff/admin/orders/{id}/refund { reason } */
    refundOrder: fromPromise<AdminOrder, { id: string; reason: string }>(notProvided),
  },
  guards: {
    queryHasProblem: ({ context }) => queryProblem(context.by, context.query) !== null,
    hasOrders: (_, { orders }: { orders: AdminOrders }) => orders.items.length > 0,
    reasonHasProblem: ({ context }) =>
      reasonProblem(context.refunding?.reason ?? '', REFUND_REASON_MAX) !== null,
  },
  actions: {
    setBy: assign(({ event }) => {
      assertEvent(event, 'orders.by');
      return { by: event.by, queryError: null };
    }),
    setQuery: assign(({ event }) => {
      assertEvent(event, 'orders.query');
      return { query: event.value, queryError: null };
    }),
    showQueryProblem: assign(({ context }) => ({ queryError: queryProblem(context.by, context.query) })),
    keepOrders: assign((_, { orders }: { orders: AdminOrders }) => ({
      orders: orders.items,
      error: null,
      refunded: null,
    })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null }),
    openRefund: assign(({ event }) => {
      assertEvent(event, 'orders.refund');
      return { refunding: { id: event.id, reason: '', problem: null }, error: null, refunded: null };
    }),
    setReason: assign(({ context, event }) => {
      assertEvent(event, 'orders.reason');
      return { refunding: context.refunding && { ...context.refunding, reason: event.value, problem: null } };
    }),
    showReasonProblem: assign(({ context }) => ({
      refunding: context.refunding && {
        ...context.refunding,
        problem: reasonProblem(context.refunding.reason, REFUND_REASON_MAX),
      },
    })),
    closeRefund: assign({ refunding: null }),
    keepRefunded: assign(({ context }, { order }: { order: AdminOrder }) => ({
      orders: context.orders.map((o) => (o.id === order.id ? order : o)),
      refunding: null,
      refunded: order,
    })),
  },
}).createMachine({
  id: 'adminOrders',
  description: 'Finding a course order and refunding it in an exceptional case.',
  context: {
    by: 'member',
    query: '',
    queryError: null,
    orders: [],
    error: null,
    refunding: null,
    refunded: null,
  },
  initial: 'idle',
  on: {
    'orders.by': { actions: 'setBy' },
    'orders.query': { actions: 'setQuery' },
    'orders.search': [
      { guard: 'queryHasProblem', target: '.idle', actions: 'showQueryProblem' },
      { target: '.searching', reenter: true },
    ],
  },
  states: {
    idle: {
      description: 'The search form, nothing searched yet (or a search to fix).',
      tags: ['step:idle'],
    },
    searching: {
      description: 'GET /staff/admin/orders with the number.',
      tags: ['step:searching'],
      entry: 'clearError',
      invoke: {
        src: 'searchOrders',
        input: ({ context }) => searchOf(context),
        onDone: [
          {
            guard: { type: 'hasOrders', params: ({ event }) => ({ orders: event.output }) },
            target: 'found',
            actions: { type: 'keepOrders', params: ({ event }) => ({ orders: event.output }) },
          },
          {
            target: 'none',
            actions: { type: 'keepOrders', params: ({ event }) => ({ orders: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    none: {
      description: 'No course order for that number.',
      tags: ['step:none'],
    },
    failed: {
      description: 'The search did not come back: a retry.',
      tags: ['step:failed'],
      on: { 'orders.retry': 'searching' },
    },
    found: {
      description: 'The orders with their courses and totals; Refund on each one not refunded.',
      tags: ['step:found'],
      initial: 'idle',
      on: { 'orders.refund': '.confirming' },
      states: {
        idle: { description: 'The orders on screen.' },
        confirming: {
          description: 'The dialog: what a refund does, and why (required).',
          tags: ['confirming'],
          entry: 'openRefund',
          on: {
            'orders.reason': { actions: 'setReason' },
            'orders.refund.cancel': { target: 'idle', actions: 'closeRefund' },
            'orders.refund.confirm': [
              { guard: 'reasonHasProblem', actions: 'showReasonProblem' },
              { target: 'refunding', actions: 'clearError' },
            ],
          },
        },
        refunding: {
          description: 'POST /staff/admin/orders/{id}/refund; the dialog waits.',
          tags: ['confirming', 'busy'],
          invoke: {
            src: 'refundOrder',
            input: ({ context }) => ({ id: context.refunding!.id, reason: context.refunding!.reason.trim() }),
            onDone: {
              target: 'refunded',
              actions: { type: 'keepRefunded', params: ({ event }) => ({ order: event.output }) },
            },
            onError: { target: 'refundFailed', actions: { type: 'setError', params: errorOf } },
          },
        },
        refundFailed: {
          description: 'Refused (already refunded) or not reached: said in the dialog, a retry.',
          tags: ['confirming'],
          on: {
            'orders.reason': { actions: 'setReason' },
            'orders.refund.cancel': { target: 'idle', actions: 'closeRefund' },
            'orders.refund.confirm': { target: 'refunding', actions: 'clearError' },
          },
        },
        refunded: {
          description: 'Refunded: the credit note number is said, the order shows it.',
          tags: ['refunded'],
        },
      },
    },
  },
});
