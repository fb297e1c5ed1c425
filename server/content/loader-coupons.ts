/**
 * Promo codes: `coupons.json` (optional: no file means no codes) → coupon rows, and storing them.
 * A code gone from the file is deactivated, not deleted (redemptions point at it), and then reads
 * as unknown.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, getTableColumns, notInArray, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { CouponFileEntry, CouponsFile } from '../../contract/content.ts';
import { coupons } from '../db/schema.ts';
import { issues, type Reader, type Tx, withHash } from './loader-files.ts';

/** The promo codes' file, beside experts/ and courses/. */
export const COUPONS_FILE = 'coupons.json';

export interface CouponRow {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  courseIds: string[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxRedemptions: number | null;
  perMemberLimit: number | null;
  hash: string;
}

/** The codes of `coupons.json`, each checked against the courses that exist. */
export function readCoupons(
  dir: string,
  reader: Reader,
  courseIds: ReadonlySet<string>,
  problems: string[],
): CouponRow[] {
  const rows: CouponRow[] = [];
  const path = join(dir, COUPONS_FILE);
  if (!existsSync(path)) return rows;
  const file = reader.rel(path);
  const json = reader.readJson(path);
  const parsed = json === undefined ? null : CouponsFile.safeParse(json);
  if (parsed && !parsed.success) problems.push(...issues(file, parsed.error));
  // every entry that is well formed is checked against the courses, even when another is not
  const entries = (json as { coupons?: unknown } | undefined)?.coupons;
  (Array.isArray(entries) ? entries : []).forEach((raw, i) => {
    const entry = CouponFileEntry.safeParse(raw);
    for (const courseId of (entry.success && entry.data.courses) || []) {
      if (!courseIds.has(courseId))
        problems.push(`${file}: coupons.${i}.courses: no course "${courseId}" in courses/`);
    }
  });
  parsed?.data?.coupons.forEach((c) => {
    rows.push(
      withHash({
        code: c.code,
        kind: c.kind,
        value: c.value,
        courseIds: c.courses,
        startsAt: c.starts_at === null ? null : new Date(c.starts_at),
        endsAt: c.ends_at === null ? null : new Date(c.ends_at),
        maxRedemptions: c.max_redemptions,
        perMemberLimit: c.per_member_limit,
      }),
    );
  });
  return rows;
}

/**
 * Upserts the promo codes whose hash changed (reactivating one that comes back) and deactivates
 * those gone from the file. Redemption counts live in coupon_redemptions, never here, so an edit
 * to a code's terms keeps who has used it.
 */
export async function storeCoupons(tx: Tx, rows: CouponRow[]): Promise<{ written: number; removed: number }> {
  let written = 0;
  if (rows.length > 0) {
    const set = Object.fromEntries(
      Object.entries(getTableColumns(coupons))
        .filter(([name]) => name !== 'code')
        .map(([name]) => [name, sql.raw(`excluded.${toSnakeCase(name)}`)]),
    );
    written = (
      await tx
        .insert(coupons)
        .values(rows.map((r) => ({ ...r, active: true })))
        .onConflictDoUpdate({
          target: coupons.code,
          set,
          setWhere: sql`${coupons.hash} <> excluded.hash or not ${coupons.active}`,
        })
        .returning({ code: coupons.code })
    ).length;
  }
  const codes = rows.map((r) => r.code);
  const removed = await tx
    .update(coupons)
    .set({ active: false, hash: '' })
    .where(
      codes.length
        ? and(notInArray(coupons.code, codes), eq(coupons.active, true))
        : eq(coupons.active, true),
    )
    .returning({ code: coupons.code });
  return { written, removed: removed.length };
}
