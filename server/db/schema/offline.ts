/**
 * Learning without a connection (issue 28, migration 0014_offline): the first answer to each
 * request a member's device queued with its own key (`clientKey`, contract/offline.ts). A repeat of
 * the key (a lost answer, two tabs) is answered from here and not carried out again. Only answers
 * the request was carried out for are kept (a refused one may succeed later); a receipt is
 * removed after OFFLINE_LIMITS.receiptDays, and with her account.
 */

import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { SyncKind } from '../../../contract/offline.ts';
import { memberId } from './accounts.ts';
import { time } from './columns.ts';

export const offlineReceipts = pgTable(
  'offline_receipts',
  {
    userId: memberId(),
    /** The UUID her device made for the request. */
    clientKey: uuid().notNull(),
    /** 'lesson.done' or 'quiz.submit': the same key for the other kind is refused (CLIENT_KEY_REUSED). */
    kind: text().$type<SyncKind>().notNull(),
    /** The first answer: its HTTP status and JSON body. */
    status: integer().notNull(),
    body: jsonb().notNull(),
    createdAt: time().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clientKey] }),
    check('offline_receipts_kind_check', sql`${t.kind} in ('lesson.done', 'quiz.submit')`),
  ],
);
