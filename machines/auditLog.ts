import { assign, fromPromise, setup } from 'xstate';
import type { AuditEntry, AuditPage } from '../contract/staff';
import {
  emptyKeyset,
  errorOf,
  type KeysetContext,
  keepMore,
  keysetError,
  keysetMoreError,
} from './inbox-paging';
import { notProvided } from './types';

const pageOf = ({ event }: { event: { output: AuditPage } }) => ({ page: event.output });

/**
 * The audit log, /staff/admin/audit (issue 26): every staff action, newest first (who, what, to
 * what, when), a page at a time; "Load more" reads the next after the last row.
 */
export type AuditLogContext = KeysetContext<AuditEntry>;
export type AuditLogEvent = { type: 'audit.more' } | { type: 'audit.retry' };

export const auditLogMachine = setup({
  types: {} as { context: AuditLogContext; events: AuditLogEvent },
  actors: {
    /** GET /staff/audit?cursor= */
    loadAudit: fromPromise<AuditPage, { cursor: string | null }>(notProvided),
  },
  guards: {
    hasItems: (_, { page }: { page: AuditPage }) => page.items.length > 0,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    setError: assign(keysetError),
    setMoreError: assign(keysetMoreError),
    clearError: assign({ error: null, moreError: null }),
    keepFirstPage: assign((_, { page }: { page: AuditPage }) => ({
      items: page.items,
      nextCursor: page.nextCursor,
      error: null,
      moreError: null,
    })),
    keepNextPage: assign(({ context }, { page }: { page: AuditPage }) => keepMore({ context }, { page })),
  },
}).createMachine({
  id: 'auditLog',
  description: 'The audit log, newest first, a page at a time.',
  context: emptyKeyset<AuditEntry>(),
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /staff/audit: the newest entries.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadAudit',
        input: () => ({ cursor: null }),
        onDone: [
          {
            guard: { type: 'hasItems', params: pageOf },
            target: 'list',
            actions: { type: 'keepFirstPage', params: pageOf },
          },
          { target: 'empty', actions: { type: 'keepFirstPage', params: pageOf } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    empty: { description: 'Nothing recorded yet.', tags: ['step:empty'] },
    failed: {
      description: '"The audit log could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'audit.retry': 'loading' },
    },
    list: {
      description: 'The entries on screen; "Load more" while there are older ones.',
      tags: ['step:ready'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Every entry read so far.',
          on: { 'audit.more': { guard: 'hasMore', target: 'more' } },
        },
        more: {
          description: 'GET /staff/audit with the cursor: older entries after the last.',
          tags: ['more'],
          invoke: {
            src: 'loadAudit',
            input: ({ context }) => ({ cursor: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'keepNextPage', params: pageOf } },
            onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: errorOf } },
          },
        },
        moreFailed: {
          description: 'The older entries did not come; the rows stay, with a retry.',
          tags: ['moreFailed'],
          on: { 'audit.more': 'more' },
        },
      },
    },
  },
});
