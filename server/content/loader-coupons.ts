/**
 * Promo codes: `coupons.json` (optional: no file means no codes) → coupon rows, and storing them.
 * A code gone from the file is deactivated, not deleted (redemptions point at it), and then reads
 * as unknown. The file seeds the table: only its own rows (source 'file') are written or
 * deactivated here; a code an admin made in the staff area (issue 26, source 'admin') is never
 * touched, and a file code with an admin code's name is a content problem. An admin's change to a
 * file code (deactivated, a new end or limits) stays until that code's entry in the file changes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, getTableColumns, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { CouponFileEntry, CouponsFile } from '../../contract/content.ts';
import { coupons } from '../db/schema.ts';
import { ContentError, issues, type Reader, type Tx, withHash } from './loader-files.ts';

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
 * Upserts the file's promo codes whose hash changed (reactivating one that comes back: its hash
 * was cleared when it left) and deactivates the file's codes gone from it. Redemption counts live in coupon_redemptions, never here, so an edit
 * to a code's terms keeps who has used it.
 */
export async function storeCoupons(tx: Tx, rows: CouponRow[]): Promise<{ written: number; removed: number }> {
  let written = 0;
  const codes = rows.map((r) => r.code);
  if (codes.length > 0) {
    const taken = await tx
      .select({ code: coupons.code })
      .from(coupons)
      .where(and(inArray(coupons.code, codes), eq(coupons.source, 'admin')));
    if (taken.length > 0)
      throw new ContentError(
        taken.map(
          (t) =>
            `${COUPONS_FILE}: code "${t.code}" is an admin's promo code in the database (staff area): give the file's code another name`,
        ),
      );
  }
  if (rows.length > 0) {
    const set = Object.fromEntries(
      Object.entries(getTableColumns(coupons))
        .filter(([name]) => name !== 'code')
        .map(([name]) => [name, sql.raw(`excluded.${toSnakeCase(name)}`)]),
    );
    written = (
      await tx
        .insert(coupons)
        .values(rows.map((r) => ({ ...r, active: true, source: 'file' })))
        .onConflictDoUpdate({
          target: coupons.code,
          set,
          // a code back in the file had its hash cleared when it left; an admin's row never matches
          setWhere: sql`${coupons.source} = 'file' and ${coupons.hash} <> excluded.hash`,
        })
        .returning({ code: coupons.code })
    ).length;
  }
  const removed = await tx
    .update(coupons)
    .set({ active: false, hash: '' })
    .where(
      and(
        eq(coupons.source, 'file'),
        codes.length ? notInArray(coupons.code, codes) : undefined,
        // one an admin switched off has its hash cleared too, so it comes back active with the file
        or(eq(coupons.active, true), ne(coupons.hash, '')),
      ),
    )
    .returning({ code: coupons.code });
  return { written, removed: removed.length };
}
