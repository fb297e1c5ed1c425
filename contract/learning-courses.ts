/**
 * The learning API's public shapes (contract/learning.ts re-exports them): paging, ids, lesson
 * bodies' rich text, experts and courses as the catalogue shows them, with their sources and
 * review dates.
 */
import { z } from '@hono/zod-openapi';
import { SOURCE_ORGS } from './content-rules.ts';
import { COURSE_LEVELS, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './learning-constants.ts';

// ------------------------------------------------------------------ paging

/** `page` and `limit` query values: whole numbers (ASCII), page ≥ 1, 1 ≤ limit ≤ 50; bad → 400. */
const pageParam = z
  .string()
  .regex(/^[0-9]{1,6}$/, { error: 'PAGE_INVALID' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'PAGE_INVALID' }))
  .optional()
  .default(DEFAULT_PAGE);
const limitParam = z
  .string()
  .regex(/^[0-9]{1,3}$/, { error: 'LIMIT_INVALID' })
  .transform(Number)
  .pipe(z.number().int().min(1, { error: 'LIMIT_INVALID' }).max(MAX_PAGE_SIZE, { error: 'LIMIT_INVALID' }))
  .optional()
  .default(DEFAULT_PAGE_SIZE);

export const PageQuery = z.object({ page: pageParam, limit: limitParam });
export type PageQueryInput = z.input<typeof PageQuery>;

export const PageMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMeta>;

// ------------------------------------------------------------------ ids

/** Course, lesson and question ids are stable slugs from the content files. */
export const Slug = z
  .string({ error: 'REQUIRED' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'INVALID' })
  .max(80, { error: 'INVALID' });
export const UserId = z.uuid({ error: 'INVALID' });

// ------------------------------------------------------------------ rich text (lesson bodies)

/**
 * Lesson bodies are a safe, tiny document tree made from the educator's Markdown at load time. A
 * link (`t: 'link'`) only ever goes to a page of this site (`href` passes `isSitePath`,
 * contract/content-rules.ts).
 */
export const Inline = z.union([
  z.object({ t: z.enum(['text', 'strong', 'em']), v: z.string() }),
  z.object({ t: z.literal('link'), v: z.string(), href: z.string() }),
]);
export type Inline = z.infer<typeof Inline>;
export const Block = z.union([
  z.object({ t: z.enum(['h2', 'h3', 'p', 'note']), c: z.array(Inline) }),
  z.object({ t: z.enum(['ul', 'ol']), items: z.array(z.array(Inline)) }),
]);
export type Block = z.infer<typeof Block>;

// ------------------------------------------------------------------ experts, courses

export const ExpertSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    specialty: z.string(),
    bio: z.string(),
    languages: z.array(z.string()),
    avatar: z.object({ id: z.string(), url: z.string(), label: z.string() }).nullable(),
  })
  .openapi('ExpertSummary');
export type ExpertSummary = z.infer<typeof ExpertSummary>;

export const RatingSummary = z.object({
  /** Mean of the ratings, one decimal; null when there are none. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const CourseSummary = z
  .object({
    id: z.string().openapi({ example: 'menopause-care' }),
    title: z.string(),
    summary: z.string(),
    /** Cents. 0 for a free course. */
    price: z.number().int(),
    /** Cents, or null; effective only when lower than price. */
    sale_price: z.number().int().nullable(),
    currency: z.literal('USD'),
    isFree: z.boolean(),
    durationMinutes: z.number().int(),
    level: z.enum(COURSE_LEVELS),
    lessonCount: z.number().int(),
    rating: RatingSummary,
    expert: ExpertSummary.pick({ id: true, name: true, title: true, avatar: true }),
  })
  .openapi('CourseSummary');
export type CourseSummary = z.infer<typeof CourseSummary>;

export const CoursesPage = PageMeta.extend({ items: z.array(CourseSummary) }).openapi('CoursesPage');
export type CoursesPage = z.infer<typeof CoursesPage>;

export const LessonOutline = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  minutes: z.number().int(),
});
export type LessonOutline = z.infer<typeof LessonOutline>;

/** A named piece of guidance a page was checked against (its published title, in English). */
export const ContentSource = z.object({ org: z.enum(SOURCE_ORGS), title: z.string() });
export type ContentSource = z.infer<typeof ContentSource>;

/** Who checked a course or an article, when, and against what (server/content/README.md). */
export const ContentReview = z
  .object({
    sources: z.array(ContentSource),
    /** YYYY-MM-DD: the day the health content team last reviewed the page. */
    reviewedOn: z.string().openapi({ format: 'date', example: '2026-11-28' }),
    /** YYYY-MM-DD: when it is to be reviewed again. */
    nextReview: z.string().openapi({ format: 'date', example: '2027-11-28' }),
  })
  .openapi('ContentReview');
export type ContentReview = z.infer<typeof ContentReview>;

export const CourseDetail = CourseSummary.extend({
  description: z.string(),
  requirements: z.array(z.string()),
  audience: z.array(z.string()),
  outcomes: z.array(z.string()),
  expert: ExpertSummary,
  lessons: z.array(LessonOutline),
  quizzes: z.object({
    pre: z.object({ questionCount: z.number().int() }),
    post: z.object({ questionCount: z.number().int() }),
  }),
  /** Its sources and review dates; null only for a course retired before they were recorded. */
  review: ContentReview.nullable(),
}).openapi('CourseDetail');
export type CourseDetail = z.infer<typeof CourseDetail>;
