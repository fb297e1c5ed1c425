/**
 * Promo codes in the database (issue 26, contract/staff-admin.ts): every code with its redemptions
 * and where it came from ('file': coupons.json, the seed; 'admin': made here), creating a code and
 * changing one's activity, end and limits. The buying routes read these rows as they read file codes
 * (commerce-coupons.ts); the content loader never touches an admin's code (loader-coupons.ts).
 * Checks are the table's own (kind and value, an ordered window, limits from 1), answered as field
 * codes before the database sees them; a code already stored, from either source, is 409 COUPON_EXISTS.
 */
import { asc, count, eq, inArray } from 'drizzle-orm';
import { COUPON_CODE_MAX, normalizeCouponCode } from '../../contract/commerce-rules.ts';
import type { FieldCode } from '../../contract/errors.ts';
import type { AdminCoupon, AdminCoupons, CouponDraft, CouponPatch } from '../../contract/staff-admin.ts';
import type { Database, Tx } from '../db/index.ts';
import { couponRedemptions, coupons, courses } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { StaffActor } from './admin-common.ts';
import { writeAudit } from './staff-audit.ts';

type Row = typeof coupons.$inferSelect;

/** The hash column of an admin's code (the loader's rows hash their file entry). */
const ADMIN_HASH = 'admin';
const COURSES_MAX = 50;
const LIMIT_MAX = 1_000_000;
const AMOUNT_MAX = 1_000_000_00;

function view(r: Row, redemptions: number): AdminCoupon {
  return {
    code: r.code,
    kind: r.kind === 'amount' ? 'amount' : 'percent',
    value: r.value,
    courseIds: r.courseIds,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    maxRedemptions: r.maxRedemptions,
    perMemberLimit: r.perMemberLimit,
    active: r.active,
    source: r.source === 'admin' ? 'admin' : 'file',
    redemptions,
  };
}

type Problems = Partial<Record<string, FieldCode>>;
const fail = (fields: Problems) => {
  if (Object.keys(fields).length > 0) throw new ApiError('VALIDATION_ERROR', { fields });
};

/** An ISO moment (with its zone) as a Date; undefined: not one. */
function moment(value: string | null, key: string, problems: Problems): Date | null | undefined {
  if (value === null) return null;
  const ok = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  const d = new Date(value);
  if (!ok || Number.isNaN(d.getTime())) {
    problems[key] = 'INVALID';
    return undefined;
  }
  return d;
}

const limitOk = (n: number | null) => n === null || (n >= 1 && n <= LIMIT_MAX);

export function createAdminCoupons({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;

  async function redemptionsOf(q: Pick<Tx, 'select'>, codes: string[]): Promise<Map<string, number>> {
    if (codes.length === 0) return new Map();
    const rows = await q
      .select({ code: couponRedemptions.couponCode, n: count() })
      .from(couponRedemptions)
      .where(inArray(couponRedemptions.couponCode, codes))
      .groupBy(couponRedemptions.couponCode);
    return new Map(rows.map((r) => [r.code, Number(r.n)]));
  }

  async function viewOne(q: Pick<Tx, 'select'>, r: Row): Promise<AdminCoupon> {
    return view(r, (await redemptionsOf(q, [r.code])).get(r.code) ?? 0);
  }

  return {
    async list(): Promise<AdminCoupons> {
      const rows = await db.select().from(coupons).orderBy(asc(coupons.code));
      const counts = await redemptionsOf(
        db,
        rows.map((r) => r.code),
      );
      return { items: rows.map((r) => view(r, counts.get(r.code) ?? 0)) };
    },

    async create(who: StaffActor, draft: CouponDraft): Promise<AdminCoupon> {
      const problems: Problems = {};
      const code = normalizeCouponCode(draft.code);
      if (code === '') problems.code = 'REQUIRED';
      else if (code.length < 3 || code.length > COUPON_CODE_MAX || !/^[A-Z0-9_-]+$/.test(code))
        problems.code = 'INVALID';
      const max = draft.kind === 'percent' ? 100 : AMOUNT_MAX;
      if (draft.value < 1 || draft.value > max) problems.value = 'INVALID';
      const startsAt = moment(draft.startsAt, 'startsAt', problems);
      const endsAt = moment(draft.endsAt, 'endsAt', problems);
      if (startsAt && endsAt && startsAt >= endsAt) problems.endsAt = 'INVALID';
      if (!limitOk(draft.maxRedemptions)) problems.maxRedemptions = 'INVALID';
      if (!limitOk(draft.perMemberLimit)) problems.perMemberLimit = 'INVALID';
      const courseIds = draft.courseIds === null ? null : [...new Set(draft.courseIds)];
      if (courseIds !== null && (courseIds.length === 0 || courseIds.length > COURSES_MAX))
        problems.courseIds = 'INVALID';
      fail(problems);
      if (courseIds) {
        const known = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds));
        if (known.length !== courseIds.length) fail({ courseIds: 'INVALID' });
      }
      return database.transaction(async (tx) => {
        const [row] = await tx
          .insert(coupons)
          .values({
            code,
            kind: draft.kind,
            value: draft.value,
            courseIds,
            startsAt: startsAt ?? null,
            endsAt: endsAt ?? null,
            maxRedemptions: draft.maxRedemptions,
            perMemberLimit: draft.perMemberLimit,
            active: true,
            hash: ADMIN_HASH,
            source: 'admin',
            createdAt: clock.now(),
          })
          .onConflictDoNothing({ target: coupons.code })
          .returning();
        if (!row) throw new ApiError('COUPON_EXISTS');
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'coupon.created',
          targetType: 'coupon',
          targetId: code,
          detail: { kind: draft.kind, value: draft.value },
        });
        return view(row, 0);
      });
    },

    async change(who: StaffActor, typed: string, patch: CouponPatch): Promise<AdminCoupon> {
      const code = normalizeCouponCode(typed);
      const problems: Problems = {};
      const endsAt = patch.endsAt === undefined ? undefined : moment(patch.endsAt, 'endsAt', problems);
      if (patch.maxRedemptions !== undefined && !limitOk(patch.maxRedemptions))
        problems.maxRedemptions = 'INVALID';
      if (patch.perMemberLimit !== undefined && !limitOk(patch.perMemberLimit))
        problems.perMemberLimit = 'INVALID';
      fail(problems);
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
        if (!row) throw new ApiError('NOT_FOUND');
        const set: Partial<Row> = {};
        if (patch.active !== undefined) set.active = patch.active;
        if (endsAt !== undefined) {
          if (endsAt && row.startsAt && row.startsAt >= endsAt) fail({ endsAt: 'INVALID' });
          set.endsAt = endsAt;
        }
        if (patch.maxRedemptions !== undefined) set.maxRedemptions = patch.maxRedemptions;
        if (patch.perMemberLimit !== undefined) set.perMemberLimit = patch.perMemberLimit;
        if (Object.keys(set).length === 0) return viewOne(tx, row);
        const [updated] = await tx.update(coupons).set(set).where(eq(coupons.code, code)).returning();
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'coupon.changed',
          targetType: 'coupon',
          targetId: code,
          detail: { fields: Object.keys(set).sort().join(','), source: row.source },
        });
        return viewOne(tx, updated);
      });
    },
  };
}
export type AdminCouponsDomain = ReturnType<typeof createAdminCoupons>;
