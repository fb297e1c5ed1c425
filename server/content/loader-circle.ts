/**
 * The community circle's spaces (issue 27): `circle/spaces.json` → circle_spaces rows, and storing
 * them. The file lists the spaces in their display order (position = index), each with a slug id
 * and a title and description in both languages. Storing upserts the texts and positions and keeps
 * each space's counters (threads, last activity), which the posts keep up to date; a space gone
 * from the file is kept (its threads point at it) but no longer listed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from '@hono/zod-openapi';
import { notInArray, sql } from 'drizzle-orm';
import { circleSpaces } from '../db/schema.ts';
import { issues, type Reader, type Tx } from './loader-files.ts';

/** The circle's content folder and its spaces' file. */
export const CIRCLE_DIR = 'circle';
export const CIRCLE_SPACES_FILE = `${CIRCLE_DIR}/spaces.json`;

const Text = z.string().trim().min(1).max(400);
const Bilingual = z.object({ en: Text, ar: Text }).strict();
const SpaceEntry = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a slug: lower-case letters, digits and hyphens')
      .max(60),
    title: Bilingual,
    description: Bilingual,
  })
  .strict();
export const CircleSpacesFile = z.object({ spaces: z.array(SpaceEntry).min(1) }).strict();

/** A space gone from the file is kept (its threads point at it) at this position or after, unlisted. */
export const RETIRED_SPACE_POSITION = 10_000;

export type CircleSpaceRow = Omit<typeof circleSpaces.$inferInsert, 'threadCount' | 'lastActivityAt'>;

/** The spaces of `circle/spaces.json` (none when the file is missing: the circle has no spaces). */
export function readCircleSpaces(dir: string, reader: Reader, problems: string[]): CircleSpaceRow[] {
  const path = join(dir, CIRCLE_SPACES_FILE);
  if (!existsSync(path)) return [];
  const json = reader.readJson(path);
  if (json === undefined) return [];
  const parsed = CircleSpacesFile.safeParse(json);
  if (!parsed.success) {
    problems.push(...issues(reader.rel(path), parsed.error));
    return [];
  }
  const seen = new Set<string>();
  for (const s of parsed.data.spaces) {
    if (seen.has(s.id)) problems.push(`${reader.rel(path)}: space "${s.id}" is listed twice`);
    seen.add(s.id);
  }
  return parsed.data.spaces.map((s, i) => ({
    id: s.id,
    position: i,
    titleEn: s.title.en,
    titleAr: s.title.ar,
    descriptionEn: s.description.en,
    descriptionAr: s.description.ar,
  }));
}

/** Upserts the spaces (texts and order; the counters stay); one gone from the file is unlisted. */
export async function storeCircleSpaces(tx: Tx, rows: CircleSpaceRow[]): Promise<{ written: number }> {
  if (rows.length === 0) return { written: 0 };
  const written = await tx
    .insert(circleSpaces)
    .values(rows)
    .onConflictDoUpdate({
      target: circleSpaces.id,
      set: {
        position: sql`excluded.position`,
        titleEn: sql`excluded.title_en`,
        titleAr: sql`excluded.title_ar`,
        descriptionEn: sql`excluded.description_en`,
        descriptionAr: sql`excluded.description_ar`,
      },
    })
    .returning({ id: circleSpaces.id });
  await tx
    .update(circleSpaces)
    .set({ position: RETIRED_SPACE_POSITION })
    .where(
      notInArray(
        circleSpaces.id,
        rows.map((r) => r.id),
      ),
    );
  return { written: written.length };
}
