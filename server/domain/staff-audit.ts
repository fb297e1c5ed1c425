/**
 * The audit log's writer (issue 26): one row per staff action, with who (her name and e-mail as they
 * were), what, to what, and a few words of context: never a member's name, birth date or a note's
 * text. Written in the action's own transaction when it has one, so an action and its row stand or
 * fall together.
 */
import { desc, lt } from 'drizzle-orm';
import { AUDIT_ACTIONS, type AuditAction, type AuditPage } from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { auditLog } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';

export interface AuditWho {
  id: string;
  name: string;
  email: string;
}

export interface AuditEvent {
  action: AuditAction;
  targetType?: 'booking' | 'submission' | 'expert' | 'coupon' | 'order' | 'staff' | 'post' | 'thread' | null;
  targetId?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  requestId?: string | null;
}

export async function writeAudit(
  tx: Pick<Db, 'insert'>,
  clock: Clock,
  who: AuditWho | null,
  event: AuditEvent,
): Promise<void> {
  await tx.insert(auditLog).values({
    at: clock.now(),
    staffId: who?.id ?? null,
    staffName: who?.name ?? null,
    staffEmail: who?.email ?? null,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    detail: event.detail ?? {},
    requestId: event.requestId ?? null,
  });
}

/** The opaque cursor of a page: the last row's id, base64url. */
const cursorOf = (id: number) => Buffer.from(`a${id}`, 'utf8').toString('base64url');

/** The id a cursor stands for, or null when it is none of ours (a bad cursor reads as the first page's end). */
export function cursorId(cursor: string): number | null {
  const m = /^a([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : null;
}

const KNOWN: ReadonlySet<string> = new Set(AUDIT_ACTIONS);

/** The log, newest first, `limit` rows after `before` (an id from a cursor). */
export async function readAudit(db: Db, limit: number, before: number | null): Promise<AuditPage> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === null ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    items: page
      .filter((r) => KNOWN.has(r.action))
      .map((r) => ({
        id: String(r.id),
        at: r.at.toISOString(),
        staffName: r.staffName,
        staffEmail: r.staffEmail,
        action: r.action as AuditAction,
        targetType: r.targetType,
        targetId: r.targetId,
        detail: r.detail,
      })),
    nextCursor: rows.length > limit ? cursorOf(page[page.length - 1].id) : null,
  };
}
