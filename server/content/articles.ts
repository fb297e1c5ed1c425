/**
 * Articles as files (server/content/README.md, "Articles") → the `articles` table.
 *
 * `readArticles(dir, courseIds, problems)` reads `articles/<id>/{article.json, en.md, ar.md}` (the
 * folder is optional: no folder, no articles), checks each strictly (contract/articles.ts, the
 * Markdown subset of markdown.ts, related courses that exist, a date not in the future) and adds
 * every problem as "file: problem". `storeArticles(tx, rows)` upserts the rows whose hash changed
 * (with their words, `article_words`, for the fuzzy search) and deletes the rows of folders that are
 * gone (nothing points at an article). Both run inside
 * the content loader (loader.ts), so articles share its content version and transaction.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getTableColumns, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { READING_WORDS_PER_MINUTE } from '../../contract/article-rules.ts';
import { ArticleFile } from '../../contract/articles.ts';
import type { Block, ContentSource, Inline } from '../../contract/learning.ts';
import { articles, articleWords } from '../db/schema.ts';
import type { Locale } from '../lib/i18n.ts';
import { normaliseSearchText, searchWords, stemmerForm } from '../lib/search-text.ts';
import { MarkdownError, markdownToBlocks } from './markdown.ts';

export const ARTICLES_DIR = 'articles';

export interface ArticleTexts {
  title: string;
  summary: string;
  minutes: number;
  body: Block[];
}
export interface ArticleRow {
  id: string;
  published: boolean;
  publishedOn: string;
  topic: string;
  relatedCourses: string[];
  texts: Record<Locale, ArticleTexts>;
  /** The guidance it was checked against, and when (README "Sources and review dates"). */
  sources: ContentSource[];
  reviewedOn: string;
  nextReview: string;
  hash: string;
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILES = ['article.json', 'en.md', 'ar.md'];

/** A body's words, for the reading time and the search text. */
export function blocksText(blocks: Block[]): string {
  const runs = (r: Inline[]) => r.map((x) => x.v).join('');
  return blocks.map((b) => ('c' in b ? runs(b.c) : b.items.map(runs).join('\n'))).join('\n');
}

/** Whole minutes at the language's reading speed, at least 1. */
export function readingMinutes(body: Block[], locale: Locale): number {
  const words = blocksText(body).split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / READING_WORDS_PER_MINUTE[locale]));
}

/** "Today" as the content check sees it (UTC date): a `publishedOn` after it is refused. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

export function readArticles(
  dir: string,
  courseIds: ReadonlySet<string>,
  problems: string[],
  today: string = todayUtc(),
): ArticleRow[] {
  const base = join(dir, ARTICLES_DIR);
  if (!existsSync(base)) return [];
  const rel = (p: string) => relative(dir, p);
  const rows: ArticleRow[] = [];
  for (const folder of readdirSync(base)
    .filter((n) => !n.startsWith('.'))
    .sort()) {
    const path = join(base, folder);
    if (!statSync(path).isDirectory()) {
      problems.push(`${rel(path)}: only article folders belong in articles/`);
      continue;
    }
    if (!ID.test(folder)) {
      problems.push(`${rel(path)}: article folder names are ids (lower-case letters, digits, hyphens)`);
      continue;
    }
    for (const name of readdirSync(path).filter((n) => !n.startsWith('.')))
      if (!FILES.includes(name))
        problems.push(
          `${rel(join(path, name))}: unexpected file (an article folder holds article.json, en.md and ar.md)`,
        );
    const read = (name: string): string | null => {
      try {
        return readFileSync(join(path, name), 'utf8');
      } catch {
        problems.push(`${rel(join(path, name))}: missing`);
        return null;
      }
    };
    const jsonFile = rel(join(path, 'article.json'));
    const source = read('article.json');
    let meta: ArticleFile | null = null;
    if (source !== null) {
      try {
        const parsed = ArticleFile.safeParse(JSON.parse(source));
        if (parsed.success) meta = parsed.data;
        else
          for (const i of parsed.error.issues)
            problems.push(`${jsonFile}: ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
      } catch (e) {
        problems.push(`${jsonFile}: not valid JSON (${(e as Error).message})`);
      }
    }
    if (meta) {
      if (meta.id !== folder)
        problems.push(`${jsonFile}: id "${meta.id}" differs from the folder name "${folder}"`);
      if (meta.publishedOn > today)
        problems.push(`${jsonFile}: publishedOn ${meta.publishedOn} is in the future (today is ${today})`);
      for (const course of meta.relatedCourses)
        if (!courseIds.has(course))
          problems.push(`${jsonFile}: relatedCourses: no course "${course}" in courses/`);
    }
    const bodies: Partial<Record<Locale, Block[]>> = {};
    for (const locale of ['en', 'ar'] as const) {
      const md = read(`${locale}.md`);
      if (md === null) continue;
      const file = rel(join(path, `${locale}.md`));
      if (md.replace(/^\uFEFF/, '').startsWith('---')) {
        problems.push(`${file}: no front matter in an article (its title is in article.json)`);
        continue;
      }
      try {
        const blocks = markdownToBlocks(md.replace(/^\uFEFF/, ''));
        if (blocks.length === 0) problems.push(`${file}: the article has no text`);
        else bodies[locale] = blocks;
      } catch (e) {
        if (e instanceof MarkdownError) problems.push(`${file}: ${e.message}`);
        else throw e;
      }
    }
    if (!meta || !bodies.en || !bodies.ar) continue;
    const texts = (locale: Locale): ArticleTexts => ({
      ...meta[locale],
      minutes: readingMinutes(bodies[locale]!, locale),
      body: bodies[locale]!,
    });
    const row = {
      id: meta.id,
      published: meta.published,
      publishedOn: meta.publishedOn,
      topic: meta.topic,
      relatedCourses: meta.relatedCourses,
      texts: { en: texts('en'), ar: texts('ar') },
      sources: meta.sources,
      reviewedOn: meta.reviewedOn,
      nextReview: meta.nextReview,
    };
    rows.push({ ...row, hash: createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 32) });
  }
  return rows;
}

const CONFIG = { en: 'english', ar: 'arabic' } as const;

/** An article's distinct words in one language, title words marked. */
function wordRows(id: string, locale: Locale, title: string, text: string) {
  const inTitle = new Set(searchWords(title));
  const all = new Set([...inTitle, ...searchWords(text)]);
  return [...all].map((word) => ({ articleId: id, locale, word, inTitle: inTitle.has(word) }));
}

/** The stored search columns of one language: normalised text and its weighted tsvector. */
function searchColumns(texts: ArticleTexts, locale: Locale): { title: string; text: string; tsv: SQL } {
  const title = normaliseSearchText(texts.title);
  const summary = normaliseSearchText(texts.summary);
  const body = normaliseSearchText(blocksText(texts.body));
  const config = sql.raw(`'${CONFIG[locale]}'`);
  const vector = (s: string, weight: 'A' | 'B' | 'D') =>
    sql`setweight(to_tsvector(${config}, ${stemmerForm(s)}), ${sql.raw(`'${weight}'`)})`;
  return {
    title,
    text: `${summary}\n${body}`,
    tsv: sql`${vector(title, 'A')} || ${vector(summary, 'B')} || ${vector(body, 'D')}`,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: storing works on any Drizzle pg database or transaction
type AnyDb = PgDatabase<PgQueryResultHKT, any>;
type Tx = Parameters<Parameters<AnyDb['transaction']>[0]>[0];

/** Upserts changed articles, deletes those gone from the files; the counts. */
export async function storeArticles(
  tx: Tx,
  rows: ArticleRow[],
): Promise<{ written: number; removed: number }> {
  let written = 0;
  if (rows.length > 0) {
    const values = rows.map((r) => {
      const en = searchColumns(r.texts.en, 'en');
      const ar = searchColumns(r.texts.ar, 'ar');
      return {
        ...r,
        searchTitleEn: en.title,
        searchTextEn: en.text,
        searchTitleAr: ar.title,
        searchTextAr: ar.text,
        tsvEn: en.tsv,
        tsvAr: ar.tsv,
      };
    });
    const set = Object.fromEntries(
      Object.keys(getTableColumns(articles))
        .filter((name) => name !== 'id')
        .map((name) => [name, sql.raw(`excluded.${toSnakeCase(name)}`)]),
    );
    const changed = await tx
      .insert(articles)
      .values(values as never)
      .onConflictDoUpdate({ target: articles.id, set, setWhere: sql`${articles.hash} <> excluded.hash` })
      .returning({ id: articles.id });
    written = changed.length;
    // the words of each article written, again from its new text
    const ids = new Set(changed.map((r) => r.id));
    if (ids.size > 0) {
      await tx.delete(articleWords).where(inArray(articleWords.articleId, [...ids]));
      for (const v of values.filter((r) => ids.has(r.id)))
        await tx
          .insert(articleWords)
          .values([
            ...wordRows(v.id, 'en', v.searchTitleEn, v.searchTextEn),
            ...wordRows(v.id, 'ar', v.searchTitleAr, v.searchTextAr),
          ]);
    }
  }
  const ids = rows.map((r) => r.id);
  const removed = await tx
    .delete(articles)
    .where(ids.length ? notInArray(articles.id, ids) : sql`true`)
    .returning({ id: articles.id });
  return { written, removed: removed.length };
}
