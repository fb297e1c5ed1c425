/**
 * Her hours in the portal (issue 26): read from and written to `expert_availability`, the table the
 * slots are computed from on every request (consultations-store.ts `expertInfo`: no cache between
 * the row and GET /p/experts/{id}/slots, in this process or another), so a change shows in the next
 * slots asked for. Checked exactly as availability/<id>.json is (server/content/availability.ts
 * `AvailabilityHours`); `updated_at` set keeps the loader off her row from then on. Bookings already
 * made are never touched: a call outside the new hours stays as it was.
 */
import { eq } from 'drizzle-orm';
import type { FieldCode } from '../../contract/errors.ts';
import type { ExpertHours } from '../../contract/staff-expert.ts';
import { AvailabilityHours, hoursRow, repeatedDate, rowHash } from '../content/availability.ts';
import type { Database } from '../db/index.ts';
import { expertAvailability } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import { fieldsFromIssues } from '../lib/http.ts';
import { lockExpert } from './consultations-store.ts';
import type { ExpertActor } from './expert-portal.ts';
import { writeAudit } from './staff-audit.ts';

/** What an expert without a row yet starts from (no hours: no slots). */
const NO_HOURS: ExpertHours = {
  timeZone: 'UTC',
  weekly: {},
  exceptions: [],
  bufferMinutes: 0,
  noticeHours: 12,
  horizonDays: 28,
  updatedAt: null,
};

type Row = typeof expertAvailability.$inferSelect;

function hoursView(a: Row): ExpertHours {
  return {
    timeZone: a.timeZone,
    weekly: a.weekly,
    exceptions: a.exceptions,
    bufferMinutes: a.bufferMinutes,
    noticeHours: Math.floor(a.noticeMinutes / 60),
    horizonDays: a.horizonDays,
    updatedAt: a.updatedAt?.toISOString() ?? null,
  };
}

/** The body checked as her file would be: 400 VALIDATION_ERROR with `fields` by dotted path. */
export function checkHours(body: unknown): AvailabilityHours {
  const parsed = AvailabilityHours.safeParse(body);
  if (!parsed.success)
    throw new ApiError('VALIDATION_ERROR', { fields: fieldsFromIssues(parsed.error.issues) });
  const dup = repeatedDate(parsed.data.exceptions);
  if (dup >= 0) {
    const fields: Record<string, FieldCode> = { [`exceptions.${dup}.date`]: 'INVALID' };
    throw new ApiError('VALIDATION_ERROR', { fields });
  }
  return parsed.data;
}

export function createExpertHours({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  return {
    async get(expertId: string): Promise<ExpertHours> {
      const [a] = await db.select().from(expertAvailability).where(eq(expertAvailability.expertId, expertId));
      return a ? hoursView(a) : NO_HOURS;
    },

    async put(who: ExpertActor, body: unknown): Promise<ExpertHours> {
      const hours = hoursRow(checkHours(body));
      return db.transaction(async (tx) => {
        // her bookings are decided one at a time under this lock: a hold sees the old hours or the new
        await lockExpert(tx, who.expertId);
        const now = clock.now();
        const [old] = await tx
          .select({ email: expertAvailability.email })
          .from(expertAvailability)
          .where(eq(expertAvailability.expertId, who.expertId));
        const email = old?.email ?? null;
        const values = { ...hours, email, hash: rowHash({ ...hours, email }), updatedAt: now };
        const [row] = await tx
          .insert(expertAvailability)
          .values({ expertId: who.expertId, ...values })
          .onConflictDoUpdate({ target: expertAvailability.expertId, set: values })
          .returning();
        await writeAudit(tx, clock, who, {
          action: 'hours.changed',
          targetType: 'expert',
          targetId: who.expertId,
        });
        return hoursView(row);
      });
    },
  };
}
export type ExpertHoursPart = ReturnType<typeof createExpertHours>;
