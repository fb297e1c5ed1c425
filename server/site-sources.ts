/**
 * The detail pages the sitemap lists and the shell describes (server/site-meta.ts `DetailSource`):
 * one source per kind of page read from the database. Add a source here and pass it in app.ts.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import type { CatalogueCache } from './domain/learning-catalogue.ts';
import type { Locale } from './lib/i18n.ts';
import type { DetailSource } from './site-meta.ts';

/** /courses/:id: published courses, their title and summary (the cached catalogue). */
export function coursesSource(catalogue: CatalogueCache): DetailSource {
  return {
    prefix: '/courses/',
    async get(id) {
      const course = (await catalogue.get()).byId.get(id);
      if (!course?.published) return null;
      return {
        title: { en: course.texts.en.title, ar: course.texts.ar.title },
        description: { en: course.texts.en.summary, ar: course.texts.ar.summary },
      };
    },
    async ids() {
      return (await catalogue.get()).published.map((c) => c.id);
    },
  };
}

type Texts<T> = Record<Locale, T>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** /articles/:id: published articles, their title and summary. */
export function articlesSource(db: Db): DetailSource {
  return {
    prefix: '/articles/',
    async get(id) {
      const [row] = rowsOf<{ texts: Texts<{ title: string; summary: string }> }>(
        await db.execute(sql`select texts from articles where id = ${id} and published`),
      );
      if (!row) return null;
      return {
        title: { en: row.texts.en.title, ar: row.texts.ar.title },
        description: { en: row.texts.en.summary, ar: row.texts.ar.summary },
      };
    },
    async ids() {
      return rowsOf<{ id: string }>(
        await db.execute(sql`select id from articles where published order by published_on desc, id`),
      ).map((r) => r.id);
    },
  };
}

/** /experts/:id: published experts, "name, title" and the start of their biography. */
export function expertsSource(db: Db): DetailSource {
  return {
    prefix: '/experts/',
    async get(id) {
      const [row] = rowsOf<{ texts: Texts<{ name: string; title: string; bio: string }> }>(
        await db.execute(sql`select texts from experts where id = ${id} and published`),
      );
      if (!row) return null;
      const { en, ar } = row.texts;
      return {
        title: { en: `${en.name}, ${en.title}`, ar: `${ar.name}، ${ar.title}` },
        description: { en: en.bio, ar: ar.bio },
      };
    },
    async ids() {
      return rowsOf<{ id: string }>(
        await db.execute(sql`select id from experts where published order by position, id`),
      ).map((r) => r.id);
    },
  };
}
