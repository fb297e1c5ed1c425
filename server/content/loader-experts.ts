/**
 * `experts/<id>.json` → expert rows (server/content/README.md, "experts"). What the staff side
 * (issue 26) changed is kept when a file changes (`EXPERT_KEPT`): `published` once an admin set it,
 * and her title, bio and qualifications in both languages once an admin approved her texts; her
 * name, avatar, offers and the rest always come from the file.
 */
import { join } from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { ExpertFile, ID } from '../../contract/content.ts';
import { issues, type PerLocale, type Reader, withHash } from './loader-files.ts';

export interface ExpertTexts {
  name: string;
  title: string;
  bio: string;
  qualifications: string[];
}
export interface ExpertOffer {
  id: string;
  kind: 'discovery' | 'consultation';
  minutes: number;
  /** Cents; 0 for the discovery call. */
  price: number;
}
export interface ExpertRow {
  id: string;
  position: number;
  published: boolean;
  avatarId: string;
  specialty: string;
  languages: string[];
  modes: string[];
  offers: ExpertOffer[];
  texts: PerLocale<ExpertTexts>;
  hash: string;
}

/** Every expert file that passes the checks; the others' problems are added to `problems`. */
export function readExperts(dir: string, reader: Reader, problems: string[]): ExpertRow[] {
  const rows: ExpertRow[] = [];
  for (const name of reader.list(join(dir, 'experts'))) {
    const path = join(dir, 'experts', name);
    const file = reader.rel(path);
    const m = /^(.+)\.json$/.exec(name);
    if (!m || !ID.test(m[1])) {
      problems.push(`${file}: expert files are named <expert-id>.json`);
      continue;
    }
    const json = reader.readJson(path);
    if (json === undefined) continue;
    const parsed = ExpertFile.safeParse(json);
    if (!parsed.success) {
      problems.push(...issues(file, parsed.error));
      continue;
    }
    const e = parsed.data;
    if (e.id !== m[1]) problems.push(`${file}: id "${e.id}" differs from the file name "${m[1]}"`);
    rows.push(
      withHash({
        id: e.id,
        position: e.order,
        published: e.published,
        avatarId: e.avatar,
        specialty: e.specialty,
        languages: e.languages,
        modes: e.modes,
        offers: e.offers,
        texts: { en: e.en, ar: e.ar },
      }),
    );
  }
  return rows;
}

/** Her texts in one language: the file's, with the approved title, bio and qualifications kept. */
const keptTexts = (locale: string) =>
  `(excluded.texts->'${locale}') || jsonb_build_object(${['title', 'bio', 'qualifications']
    .map((k) => `'${k}', "experts".texts->'${locale}'->'${k}'`)
    .join(', ')})`;

/** The upsert's values for the columns an admin's decision keeps (loader-store.ts); the marks stay. */
export const EXPERT_KEPT: Record<string, SQL> = {
  publishedSetAt: sql.raw(`"experts".published_set_at`),
  textsApprovedAt: sql.raw(`"experts".texts_approved_at`),
  published: sql.raw(
    `case when "experts".published_set_at is null then excluded.published else "experts".published end`,
  ),
  texts: sql.raw(
    `case when "experts".texts_approved_at is null then excluded.texts else jsonb_build_object('en', ${keptTexts('en')}, 'ar', ${keptTexts('ar')}) end`,
  ),
};
