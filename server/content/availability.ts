/**
 * Experts' availability as files (server/content/README.md, "Availability") → `expert_availability`.
 *
 * `readAvailability(dir, expertIds, problems)` reads `availability/<expert-id>.json`, one per
 * expert (when the folder exists every published expert needs one; a file for an unknown expert is
 * refused), checks it
 * strictly (a known IANA zone, "HH:MM" ranges that end after they start and do not overlap, real
 * dates, sensible buffer, notice and horizon) and adds every problem as "file: problem".
 * `storeAvailability(tx, rows)` upserts the rows whose hash changed and deletes the rows of files
 * that are gone. Both run inside the content loader (loader.ts): same version, same transaction.
 * Since issue 26 the files only seed an expert's hours: once she changed them in the portal
 * (`updated_at` set; server/domain/expert-hours.ts checks them with `AvailabilityHours`, the same
 * rules), the loader leaves her hours alone, whatever her file says, and never deletes her row.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { and, getTableColumns, isNull, notInArray, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  type Availability,
  DATE,
  type HoursRange,
  isCalendarDate,
  isTimeZone,
  TIME_OF_DAY,
  WEEKDAYS,
  wallMinutes,
} from '../../contract/consultation-rules.ts';
import { expertAvailability } from '../db/schema.ts';

export const AVAILABILITY_DIR = 'availability';

const Range = z
  .tuple([
    z.string().regex(TIME_OF_DAY, 'a time is "HH:MM" (00:00–23:59, or 24:00 for midnight at the end)'),
    z.string().regex(TIME_OF_DAY, 'a time is "HH:MM" (00:00–23:59, or 24:00 for midnight at the end)'),
  ])
  .refine(([s, e]) => (wallMinutes(e) ?? 0) > (wallMinutes(s) ?? 0), 'a range ends after it starts');

const Ranges = z.array(Range).refine((ranges) => {
  const sorted = ranges
    .map((r) => [wallMinutes(r[0]) ?? 0, wallMinutes(r[1]) ?? 0])
    .sort((a, b) => a[0] - b[0]);
  return sorted.every((r, i) => i === 0 || r[0] >= sorted[i - 1][1]);
}, 'ranges on one day must not overlap');

export const AvailabilityFile = z.strictObject({
  /** IANA zone, e.g. "Asia/Riyadh". */
  timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as "Asia/Riyadh"'),
  /** Weekly hours per weekday (sun … sat) in her zone; a day left out is a day off. */
  weekly: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((d) => [d, Ranges.optional()])) as Record<
      (typeof WEEKDAYS)[number],
      z.ZodOptional<typeof Ranges>
    >,
  ),
  exceptions: z
    .array(
      z
        .strictObject({
          date: z
            .string()
            .regex(DATE, 'a date is "YYYY-MM-DD"')
            .refine(isCalendarDate, 'not a calendar date'),
          off: z.boolean().optional(),
          extra: Ranges.optional(),
        })
        .refine(
          (e) => e.off === true || (e.extra?.length ?? 0) > 0,
          'an exception is "off": true, "extra" hours, or both',
        ),
    )
    .default([]),
  bufferMinutes: z.number().int().min(0).max(240),
  noticeHours: z.number().int().min(0).max(336),
  horizonDays: z.number().int().min(1).max(180),
  /** Where her booking mails (with the .ics invite) go; optional: the team address otherwise. */
  email: z.email().optional(),
});

/** The hours alone (the portal's body, contract/staff-expert.ts ExpertHoursBody): the file without `email`. */
export const AvailabilityHours = AvailabilityFile.omit({ email: true });
export type AvailabilityHours = z.infer<typeof AvailabilityHours>;

/** The index of an exception whose date an earlier one already has, or -1. */
export function repeatedDate(exceptions: readonly { date: string }[]): number {
  const dates = exceptions.map((e) => e.date);
  return dates.findIndex((d, i) => dates.indexOf(d) !== i);
}

/** Checked hours as the row stores them (days without hours left out, notice in minutes). */
export function hoursRow(a: AvailabilityHours) {
  const weekly = Object.fromEntries(Object.entries(a.weekly).filter(([, v]) => v && v.length > 0)) as Record<
    string,
    HoursRange[]
  >;
  return {
    timeZone: a.timeZone,
    weekly,
    exceptions: a.exceptions,
    bufferMinutes: a.bufferMinutes,
    noticeMinutes: a.noticeHours * 60,
    horizonDays: a.horizonDays,
  };
}

export interface AvailabilityRow {
  expertId: string;
  timeZone: string;
  weekly: Availability['weekly'];
  exceptions: Availability['exceptions'];
  bufferMinutes: number;
  noticeMinutes: number;
  horizonDays: number;
  email: string | null;
  hash: string;
}

export const rowHash = (row: object) =>
  createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 32);

/** Reads and checks availability/*.json; problems are added to `problems`. */
export function readAvailability(
  dir: string,
  experts: readonly { id: string; published: boolean }[],
  problems: string[],
): AvailabilityRow[] {
  const expertIds = new Set(experts.map((e) => e.id));
  const base = join(dir, AVAILABILITY_DIR);
  const rel = (p: string) => relative(dir, p);
  // no folder: no consultations to book (a test fixture); with one, every expert needs her file
  if (!existsSync(base)) return [];
  const rows: AvailabilityRow[] = [];
  for (const name of readdirSync(base)
    .filter((n) => !n.startsWith('.'))
    .sort()) {
    const path = join(base, name);
    const file = rel(path);
    const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.json$/.exec(name);
    if (!m) {
      problems.push(`${file}: availability files are named <expert-id>.json`);
      continue;
    }
    if (!expertIds.has(m[1])) {
      problems.push(`${file}: no expert "${m[1]}" in experts/`);
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      problems.push(`${file}: not valid JSON (${(e as Error).message})`);
      continue;
    }
    const parsed = AvailabilityFile.safeParse(json);
    if (!parsed.success) {
      problems.push(
        ...parsed.error.issues.map(
          (i) => `${file}: ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`,
        ),
      );
      continue;
    }
    const a = parsed.data;
    const dup = repeatedDate(a.exceptions);
    if (dup >= 0) problems.push(`${file}: exceptions: ${a.exceptions[dup].date} is listed twice`);
    const row = { expertId: m[1], ...hoursRow(a), email: a.email ?? null };
    rows.push({ ...row, hash: rowHash(row) });
  }
  const have = new Set(rows.map((r) => r.expertId));
  for (const id of experts.filter((e) => e.published).map((e) => e.id)) {
    if (!have.has(id) && !problems.some((p) => p.startsWith(`${AVAILABILITY_DIR}/${id}.json`)))
      problems.push(`${AVAILABILITY_DIR}/${id}.json: missing (every expert needs her hours)`);
  }
  return rows;
}

// biome-ignore lint/suspicious/noExplicitAny: loading works on any Drizzle pg database or transaction
type AnyDb = PgDatabase<PgQueryResultHKT, any>;
type Tx = Parameters<Parameters<AnyDb['transaction']>[0]>[0];

/** The columns the portal writes (her hours): kept as they are once `updated_at` is set. */
const HOURS_COLUMNS = new Set([
  'timeZone',
  'weekly',
  'exceptions',
  'bufferMinutes',
  'noticeMinutes',
  'horizonDays',
]);

/**
 * Upserts changed rows and deletes those whose file is gone (inside the loader's transaction); a row
 * she changed in the portal keeps her hours (only the file's mail address and hash are taken) and is
 * never deleted.
 */
export async function storeAvailability(
  tx: Tx,
  rows: AvailabilityRow[],
): Promise<{ written: number; removed: number }> {
  let written = 0;
  if (rows.length > 0) {
    const set = Object.fromEntries(
      Object.keys(getTableColumns(expertAvailability))
        .filter((name) => name !== 'expertId' && name !== 'updatedAt')
        .map((name) => {
          const column = toSnakeCase(name);
          const value = HOURS_COLUMNS.has(name)
            ? `case when "expert_availability"."updated_at" is null then excluded.${column} else "expert_availability".${column} end`
            : `excluded.${column}`;
          return [name, sql.raw(value)];
        }),
    );
    written = (
      await tx
        .insert(expertAvailability)
        .values(rows)
        .onConflictDoUpdate({
          target: expertAvailability.expertId,
          set,
          setWhere: sql`${expertAvailability.hash} <> excluded.hash`,
        })
        .returning({ id: expertAvailability.expertId })
    ).length;
  }
  const ids = rows.map((r) => r.expertId);
  const removed = await tx
    .delete(expertAvailability)
    .where(
      and(
        ids.length ? notInArray(expertAvailability.expertId, ids) : undefined,
        isNull(expertAvailability.updatedAt),
      ),
    )
    .returning({ id: expertAvailability.expertId });
  return { written, removed: removed.length };
}
