/**
 * Articles (spec §7): a page of summaries, newest first or, with a search, by relevance; one
 * article with its body and the courses to keep learning with. Texts in the request's language.
 *
 * Search (both databases alike): the query goes through the same normaliser as the stored search
 * columns (lib/search-text.ts) and is cut into terms; every term she typed must be found (stop words
 * and unknown one- or two-letter fragments aside). A term is found by full text (its stem in the
 * `english` or `arabic` tsvector), by the words nearly the same (trigram similarity ≥ 0.5: pregnant,
 * pregnancy), or, when no article has the word, as a partial word (the words it begins) or a typo
 * (the nearest words; pg_trgm `<%` through the trigram index on `article_words`). Each term scores
 * by its best place in the article: title 4, summary 2, body 1; an article scores the sum, and only
 * those with at least half the best article's score are kept, so articles that merely mention the
 * words in passing fall away. Order: articles matching in the requested language first, then
 * score, ts_rank, newest. Each article is shown in the requested language, whichever language's
 * text matched.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ArticleTopic } from '../../contract/article-rules.ts';
import type { ArticleDetail, ArticleSummary, ArticlesPage, CourseLink } from '../../contract/articles.ts';
import type { Block, ContentSource } from '../../contract/learning.ts';
import type { Database } from '../db/index.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { normaliseSearchText, queryTerms, stemmerForm } from '../lib/search-text.ts';

/** Courses suggested when a search finds nothing. */
const SUGGESTED_COURSES = 3;

/** What a query term is worth by where the article has it (its best place). */
const PLACE = { title: 4, summary: 2, body: 1 } as const;
/** An article is kept when its score is at least this share of the best article's. */
const CUT = 0.5;
/** A word at least this similar (trigrams) to a word of the articles is taken as the same word. */
const SAME_WORD = 0.5;
const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** Near words within this trigram similarity of a typo's nearest are taken with it. */
const NEAR_MARGIN = 0.1;
/** A term the articles do not have is looked for as a partial word or typo from this length. */
const MIN_NEAR = 3;
/** Near words taken for one term at most (a short partial word begins many). */
const MAX_NEAR = 20;
/** Distinct query terms looked at (a search is at most 100 characters). */
const MAX_TERMS = 16;
const CONFIG: Record<Locale, SQL> = {
  en: sql.raw(`'english'::regconfig`),
  ar: sql.raw(`'arabic'::regconfig`),
};

interface Near {
  word: string;
  sim: number;
}

/**
 * The words a term stands for. A word of the articles: itself, and the words nearly the same
 * (inflections the stemmer does not join: pregnant, pregnancy). Else a partial word's completions
 * if it has any, else a typo's nearest words.
 */
function nearWords(term: string, known: boolean, near: Near[]): string[] {
  const best = Math.max(...near.map((n) => n.sim));
  const begun = near.filter((n) => n.word.startsWith(term));
  const chosen = known
    ? near.filter((n) => n.sim >= SAME_WORD)
    : begun.length > 0
      ? begun
      : near.filter((n) => n.sim >= best - NEAR_MARGIN);
  const words = chosen
    .sort((a, b) => b.sim - a.sim || a.word.localeCompare(b.word))
    .slice(0, MAX_NEAR)
    .map((n) => n.word);
  return known ? [term, ...words.filter((w) => w !== term)] : words;
}

const textArray = (xs: string[]) =>
  sql`array[${sql.join(
    xs.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;

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

  /**
   * Each query term's tsquery in each language: the term itself when it is a word of that
   * language's articles (its stem in a tsvector); else, for a partial word or a typo of three letters
   * or more, the article words it begins (if any), or else the nearest by trigram similarity
   * (word_similarity ≥ 0.6 to find them through the index, then those within NEAR_MARGIN of the
   * nearest). A stop word asks for nothing. A language where a term finds no word at all, or where
   * every term is a stop word, cannot match: null.
   */
  async function termQueries(terms: string[]): Promise<Record<Locale, SQL[] | null>> {
    const unique = [...new Set(terms)].slice(0, MAX_TERMS);
    if (unique.length === 0) return { en: null, ar: null };
    const looked = rowsOf<{ i: number; locale: Locale; stop: boolean; known: boolean }>(
      await db.execute(sql`
        select q.i, l.locale, numnode(plainto_tsquery(l.config, q.stem)) = 0 as stop,
          exists (select 1 from articles a where a.published
            and (case when l.locale = 'en' then a.tsv_en else a.tsv_ar end) @@ plainto_tsquery(l.config, q.stem)) as known
        from unnest(${textArray(unique)}, ${textArray(unique.map(stemmerForm))}) with ordinality as q(word, stem, i)
        cross join (values ('en', 'english'::regconfig), ('ar', 'arabic'::regconfig)) as l(locale, config)`),
    ).map((r) => ({ ...r, term: unique[Number(r.i) - 1] }));
    const short = (r: { term: string }) => [...r.term].length < MIN_NEAR;
    // the words near each term in its own script's language (the trigram index: `<%` is
    // word_similarity ≥ 0.6)
    const lookup = looked.filter(
      (r) => !r.stop && !short(r) && r.locale === (ARABIC_LETTER.test(r.term) ? 'ar' : 'en'),
    );
    const near = new Map<string, Near[]>();
    if (lookup.length > 0) {
      const found = rowsOf<{ term: string; locale: Locale; word: string; sim: number }>(
        await db.execute(sql`
          select distinct q.term, w.locale, w.word, similarity(q.term, w.word) as sim
          from unnest(${textArray(lookup.map((r) => r.term))}, ${textArray(lookup.map((r) => r.locale))})
            as q(term, locale)
          join article_words w on w.locale = q.locale and q.term <% w.word`),
      );
      for (const f of found) {
        const key = `${f.locale} ${f.term}`;
        near.set(key, [...(near.get(key) ?? []), { word: f.word, sim: Number(f.sim) }]);
      }
    }
    const result: Record<Locale, SQL[] | null> = { en: [], ar: [] };
    for (const r of looked) {
      const qs = result[r.locale];
      // a stop word, or a word of one or two letters the articles do not have, asks for nothing
      if (!qs || r.stop || (!r.known && short(r))) continue;
      const words = nearWords(r.term, r.known, near.get(`${r.locale} ${r.term}`) ?? []);
      if (words.length === 0) result[r.locale] = null;
      else
        qs.push(
          sql`(${sql.join(
            words.map((w) => sql`plainto_tsquery(${CONFIG[r.locale]}, ${stemmerForm(w)})`),
            sql` || `,
          )})`,
        );
    }
    for (const l of ['en', 'ar'] as const) if (result[l]?.length === 0) result[l] = null;
    return result;
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
      const queries = await termQueries(queryTerms(query));
      const terms = (['en', 'ar'] as const).flatMap((l) => (queries[l] ?? []).map((q) => sql`(${l}, ${q})`));
      rows =
        terms.length === 0
          ? []
          : rowsOf<Row>(
              await db.execute(sql`
                with t(locale, q) as (values ${sql.join(terms, sql`, `)}),
                -- each term's best place in each article and language: title, summary, body, or 0
                placed as (
                  select a.id, t.locale, case
                      when ts_filter(v.tsv, '{a}') @@ t.q then ${sql.raw(String(PLACE.title))}
                      when ts_filter(v.tsv, '{b}') @@ t.q then ${sql.raw(String(PLACE.summary))}
                      when v.tsv @@ t.q then ${sql.raw(String(PLACE.body))}
                      else 0 end as place,
                    ts_rank(v.tsv, t.q) as rank
                  from articles a cross join t
                  cross join lateral (select case when t.locale = 'en' then a.tsv_en else a.tsv_ar end as tsv) v
                  where a.published
                ),
                -- an article and language where every term is found: the sum of the places
                scored as (
                  select id, locale, sum(place) as score, sum(rank) as rank
                  from placed group by id, locale having min(place) > 0
                ),
                best as (
                  select id, max(score) as score, max(score) filter (where locale = ${locale}) as mine,
                    max(rank) as rank
                  from scored group by id
                )
                select ${select(locale)}, count(*) over () as total
                from best b join articles a on a.id = b.id
                where b.score >= ${sql.raw(String(CUT))} * (select max(score) from best)
                order by (b.mine is not null) desc, b.score desc, b.rank desc, a.published_on desc, a.id
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
    const [row] = rowsOf<
      Row & {
        body: Block[];
        related: string[];
        sources: ContentSource[];
        reviewed_on: string | null;
        next_review: string | null;
      }
    >(
      await db.execute(sql`
        select ${select(locale)}, a.texts -> ${locale} -> 'body' as body, a.related_courses as related,
          a.sources, to_char(a.reviewed_on, 'YYYY-MM-DD') as reviewed_on,
          to_char(a.next_review, 'YYYY-MM-DD') as next_review
        from articles a where a.id = ${id} and a.published`),
    );
    if (!row) throw new ApiError('ARTICLE_NOT_FOUND');
    return {
      ...summaryOf(row),
      body: row.body,
      relatedCourses: await courseLinks(row.related, locale),
      review:
        row.reviewed_on && row.next_review
          ? { sources: row.sources, reviewedOn: row.reviewed_on, nextReview: row.next_review }
          : null,
    };
  }

  return { list, get };
}
export type Articles = ReturnType<typeof createArticles>;
