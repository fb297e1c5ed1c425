/**
 * The audit log's writer (issue 26): one row per staff action, with who (her name and e-mail as they
 * were), what, to what, and a few words of context: never a member's name, birth date or a note's
 * text. Written in the action's own transaction when it has one, so an action and its row stand or
 * fall together.
 */
import type { AuditAction } from '../../contract/staff.ts';
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
  targetType?: 'booking' | 'submission' | 'expert' | 'coupon' | 'order' | 'staff' | null;
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
