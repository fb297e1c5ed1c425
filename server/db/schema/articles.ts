/** The articles (content) and their search columns. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';

// ------------------------------------------------------------------ articles (issue 9)
// Written only by the content loader (server/content/articles.ts) from server/content/articles/.
// Search: the `search_*` columns hold each language's title and text (summary + body) through the
// one normaliser (server/lib/search-text.ts); `tsv_*` are their weighted tsvectors (title A,
// summary B, body D) in the `english` and `arabic` configurations, ranked with ts_rank; pg_trgm over
// `article_words` (each article's distinct words) catches partial words and typos.

/** PostgreSQL's tsvector (drizzle has no column type for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const articles = pgTable(
  'articles',
  {
    id: text().primaryKey(),
    published: boolean().notNull(),
    publishedOn: date({ mode: 'string' }).notNull(),
    topic: text().notNull(),
    /** Course ids suggested after the article, in the file's order. */
    relatedCourses: jsonb().$type<string[]>().notNull(),
    /** { en: { title, summary, minutes, body: Block[] }, ar: { … } } */
    texts: jsonb().notNull(),
    searchTitleEn: text().notNull(),
    searchTextEn: text().notNull(),
    searchTitleAr: text().notNull(),
    searchTextAr: text().notNull(),
    tsvEn: tsvector().notNull(),
    tsvAr: tsvector().notNull(),
    hash: text().notNull(),
    // sources and review dates (issue 24, migration 0009_content_review); null dates only in a row
    // stored before them (the loader writes them at start)
    sources: jsonb().$type<{ org: string; title: string }[]>().notNull().default([]),
    reviewedOn: date({ mode: 'string' }),
    nextReview: date({ mode: 'string' }),
  },
  (t) => [
    index('articles_published_on_idx').on(t.publishedOn),
    index('articles_tsv_en_idx').using('gin', t.tsvEn),
    index('articles_tsv_ar_idx').using('gin', t.tsvAr),
    check(
      'articles_topic_check',
      sql`${t.topic} in ('periods', 'contraception', 'pregnancy', 'menopause', 'sexual-health', 'intimate-health', 'emotional-wellbeing', 'body-and-health')`,
    ),
  ],
);

/**
 * The distinct normalised words of each article and language (three letters or more), for the
 * fuzzy match: a trigram GIN index finds the words near a query word (`<%`, word_similarity ≥ 0.6)
 * without reading every body. Rewritten with its article by the loader.
 */
export const articleWords = pgTable(
  'article_words',
  {
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: text().notNull(),
    word: text().notNull(),
    /** The word is in the title (a title match ranks above one in the text). */
    inTitle: boolean().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale, t.word] }),
    index('article_words_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops')),
    check('article_words_locale_check', sql`${t.locale} in ('en', 'ar')`),
  ],
);
