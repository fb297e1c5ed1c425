/**
 * The articles' shapes: the content file (`article.json`, checked strictly by the loader and by
 * `npm run content:check`) and the API (the app imports the inferred types only: `import type`).
 * Texts arrive in the request's Accept-Language. Paths are the spec's (§7):
 *
 * GET /articles/all?page&limit&search   → ArticlesPage (public; newest first, or by relevance when searching)
 * GET /articles/{id}                    → ArticleDetail (404 ARTICLE_NOT_FOUND when unknown or unpublished)
 */
import { z } from '@hono/zod-openapi';
import { ARTICLE_SEARCH_MAX, ARTICLE_TOPICS } from './article-rules.ts';
import { checkReviewDates, isoDay, reviewFields } from './content.ts';
import { Block, ContentReview, PageMeta, PageQuery } from './learning.ts';

// ------------------------------------------------------------------ the content file (server only)

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'ids use lower-case letters, digits and single hyphens')
  .max(80);
const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);
const ArticleFileTexts = z.strictObject({ title: text(120), summary: text(160) });

/** `articles/<id>/article.json` (server/content/README.md). */
export const ArticleFile = z
  .strictObject({
    id: slug,
    published: z.boolean(),
    publishedOn: isoDay,
    topic: z.enum(ARTICLE_TOPICS, `topic must be one of ${ARTICLE_TOPICS.join(', ')}`),
    relatedCourses: z
      .array(slug)
      .max(6, 'at most 6 related courses')
      .refine((l) => new Set(l).size === l.length, 'a course is named twice'),
    en: ArticleFileTexts,
    ar: ArticleFileTexts,
    ...reviewFields,
  })
  .superRefine(checkReviewDates);
export type ArticleFile = z.infer<typeof ArticleFile>;

// ------------------------------------------------------------------ the API

/** `search`: optional; trimmed, and cut to ARTICLE_SEARCH_MAX characters (a search box, not a document). */
export const ArticlesQuery = PageQuery.extend({
  search: z
    .string()
    .optional()
    .transform((s) => (s ?? '').trim().slice(0, ARTICLE_SEARCH_MAX))
    .openapi({ description: `Words to look for (at most ${ARTICLE_SEARCH_MAX} characters are used)` }),
});
export type ArticlesQueryInput = z.input<typeof ArticlesQuery>;

export const ArticleSummary = z
  .object({
    id: z.string().openapi({ example: 'emergency-contraception' }),
    title: z.string(),
    summary: z.string(),
    topic: z.enum(ARTICLE_TOPICS),
    /** The date readers see, YYYY-MM-DD. */
    publishedOn: z.string().openapi({ format: 'date', example: '2026-03-17' }),
    /** Estimated reading time in this language, whole minutes (at least 1). */
    readingMinutes: z.number().int(),
  })
  .openapi('ArticleSummary');
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const CourseLink = z
  .object({ id: z.string().openapi({ example: 'contraception-options' }), title: z.string() })
  .openapi('CourseLink');
export type CourseLink = z.infer<typeof CourseLink>;

export const ArticlesPage = PageMeta.extend({
  items: z.array(ArticleSummary),
  /** The search as the server used it (trimmed and capped), '' for none. */
  search: z.string(),
  /** Courses to suggest when a search finds nothing (empty otherwise). */
  suggestions: z.array(CourseLink),
}).openapi('ArticlesPage');
export type ArticlesPage = z.infer<typeof ArticlesPage>;

export const ArticleDetail = ArticleSummary.extend({
  body: z.array(Block),
  /** Published courses for "keep learning", in the article's order. */
  relatedCourses: z.array(CourseLink),
  /** Its sources and review dates; null only for an article stored before they were recorded. */
  review: ContentReview.nullable(),
}).openapi('ArticleDetail');
export type ArticleDetail = z.infer<typeof ArticleDetail>;
