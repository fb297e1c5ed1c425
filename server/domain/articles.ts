/**
 * Articles (spec §7): a page of summaries, newest first or, with a search, by relevance; one
 * article with its body and the courses to keep learning with. Texts in the request's language.
 *
 * Search (both databases alike): the query goes through the same normaliser as the stored search
 * columns (lib/search-text.ts). An article matches when the full-text query (`english` or
 * `arabic` configuration, title weighted above summary and body) matches, or, for partial words
 * and typos, when each query word of three letters or more is near a word of the article (pg_trgm
 * `<%`: word_similarity ≥ 0.6, through a trigram index on `article_words`). Order:
 * articles matching in the requested language first, then full-text matches by ts_rank above
 * fuzzy ones by similarity, then newest first. Each article is shown in the requested language,
 * whichever language's text matched.
 */
import { sql } from 'drizzle-orm';
import type { ArticleTopic } from '../contract/article-rules.ts';
import type { ArticleDetail, ArticleSummary, ArticlesPage, CourseLink } from '../contract/articles.ts';
import type { Block } from '../contract/learning.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { normaliseSearchText, searchWords, stemmerForm } from '../lib/search-text.ts';

/** Courses suggested when a search finds nothing. */
const SUGGESTED_COURSES = 3;

interface Row {
  id: string;
  topic: ArticleTopic;
  published_on: string;
  title: string;
  summary: string;
  minutes: number;
  total: number;
}

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
const other = (l: Locale): Locale => (l === 'en' ? 'ar' : 'en');
/** Dates come back as text (to_char), the same on PGlite and PostgreSQL. */
const summaryOf = (r: Row): ArticleSummary => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  topic: r.topic,
  publishedOn: r.published_on,
  readingMinutes: Number(r.minutes),
});

export function createArticles({ database }: { database: Database }) {
  const db = database.db;

  /** Published courses by id, titles in `locale`, in the order asked. */
  async function courseLinks(ids: string[], locale: Locale): Promise<CourseLink[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<CourseLink>(
      await db.execute(sql`
        select id, texts -> ${locale} ->> 'title' as title from courses
        where published and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  /** The first courses of the catalogue: what to suggest when a search finds nothing. */
  async function suggestedCourses(locale: Locale): Promise<CourseLink[]> {
    return rowsOf<CourseLink>(
      await db.execute(sql`
        select id, texts -> ${locale} ->> 'title' as title from courses
        where published order by position, id limit ${SUGGESTED_COURSES}`),
    );
  }

  const select = (locale: Locale) => sql`
    a.id, a.topic, to_char(a.published_on, 'YYYY-MM-DD') as published_on,
    a.texts -> ${locale} ->> 'title' as title, a.texts -> ${locale} ->> 'summary' as summary,
    (a.texts -> ${locale} ->> 'minutes')::int as minutes`;

  async function list(locale: Locale, page: number, limit: number, search: string): Promise<ArticlesPage> {
    const offset = (page - 1) * limit;
    const query = normaliseSearchText(search);
    let rows: Row[];
    if (!query) {
      rows = rowsOf<Row>(
        await db.execute(sql`
          select ${select(locale)}, count(*) over () as total from articles a where a.published
          order by a.published_on desc, a.id limit ${limit} offset ${offset}`),
      );
    } else {
      const fts = stemmerForm(query);
      const words = [...new Set(searchWords(query))];
      const config = (l: Locale) => sql.raw(l === 'en' ? `'english'` : `'arabic'`);
      const tsv = (l: Locale) => sql.raw(l === 'en' ? 'a.tsv_en' : 'a.tsv_ar');
      const tsq = (l: Locale) => sql`plainto_tsquery(${config(l)}, ${fts})`;
      /** 1 + ts_rank for a full-text match, else the fuzzy score (< 1) when every word was found, else 0. */
      const score = (l: Locale) => sql`case when ${tsv(l)} @@ ${tsq(l)} then 1 + ts_rank(${tsv(l)}, ${tsq(l)})
        else coalesce((select f.score from fuzzy f where f.article_id = a.id and f.locale = ${l}), 0) end`;
      // the fuzzy match: each query word's nearest words in each article (trigram index, `<%` is
      // word_similarity ≥ 0.6), a title word a little above a word of the text; an article and
      // language qualify when every query word was found there, and score as their weakest word
      const fuzzy = words.length
        ? sql`select article_id, locale, min(s) as score from (
              select w.article_id, w.locale, q.word,
                max(word_similarity(q.word, w.word) * case when w.in_title then 1 else 0.9 end) as s
              from unnest(array[${sql.join(
                words.map((w) => sql`${w}`),
                sql`, `,
              )}]::text[]) as q(word)
              join article_words w on q.word <% w.word
              group by w.article_id, w.locale, q.word
            ) hits
            group by article_id, locale
            having count(*) = ${words.length}`
        : sql`select null::text as article_id, null::text as locale, 0::real as score where false`;
      rows = rowsOf<Row>(
        await db.execute(sql`
          with fuzzy as (${fuzzy})
          select m.*, count(*) over () as total from (
            select ${select(locale)}, ${score(locale)} as mine, ${score(other(locale))} as theirs
            from articles a where a.published
          ) m
          where m.mine > 0 or m.theirs > 0
          order by (m.mine > 0) desc, greatest(m.mine, m.theirs) desc, m.published_on desc, m.id
          limit ${limit} offset ${offset}`),
      );
    }
    let total = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page > 1) total = await count(query, locale);
    return {
      items: rows.map(summaryOf),
      page,
      limit,
      total,
      totalPages: Math.ceil(total / limit),
      search,
      suggestions: query && total === 0 ? await suggestedCourses(locale) : [],
    };
  }

  /** How many articles a list has in all (asked only for a page past its end). */
  async function count(query: string, locale: Locale): Promise<number> {
    if (!query) {
      const [r] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*) as n from articles where published`),
      );
      return Number(r.n);
    }
    const page = await list(locale, 1, 1, query);
    return page.total;
  }

  async function get(id: string, locale: Locale): Promise<ArticleDetail> {
    const [row] = rowsOf<Row & { body: Block[]; related: string[] }>(
      await db.execute(sql`
        select ${select(locale)}, a.texts -> ${locale} -> 'body' as body, a.related_courses as related
        from articles a where a.id = ${id} and a.published`),
    );
    if (!row) throw new ApiError('ARTICLE_NOT_FOUND');
    return { ...summaryOf(row), body: row.body, relatedCourses: await courseLinks(row.related, locale) };
  }

  return { list, get };
}
export type Articles = ReturnType<typeof createArticles>;
