/**
 * The content files' formats (server/content/README.md), checked strictly by the loader and by
 * `npm run content:check`: unknown keys are refused, so a typo ("sale-price") is an error, not a
 * silently missing value. Server-only (the app never imports this file).
 */
import { z } from 'zod';
import { AVATARS } from './avatars.ts';
import { addYears, isCalendarDay, MAX_REVIEW_YEARS, MAX_SOURCES, SOURCE_ORGS } from './content-rules.ts';
import {
  CALL_MODES,
  CONSULT_LANGUAGES,
  DISCOVERY_MINUTES,
  DISCOVERY_OFFER_ID,
  EXPERT_SPECIALTIES,
  OFFER_KINDS,
} from './experts-constants.ts';
import { COURSE_LEVELS } from './learning-constants.ts';

export const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = z.string().regex(ID, 'ids use lower-case letters, digits and single hyphens').max(80);
const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `at most ${max} characters`);

// experts: the lists live in experts-constants.ts (the app imports them too)
export { CONSULT_LANGUAGES, EXPERT_SPECIALTIES };

const avatarIds = AVATARS.map((a) => a.id) as [string, ...string[]];

const qualifications = z.array(text(160)).min(1, '1 to 6 qualifications').max(6, '1 to 6 qualifications');
const ExpertTexts = z.strictObject({ name: text(80), title: text(120), bio: text(1200), qualifications });
const unique = (l: readonly unknown[]) => new Set(l).size === l.length;
/** A consultation offer: its id is permanent (bookings will point at it); price in cents. */
const ExpertOffer = z.strictObject({
  id: z.string().regex(/^[a-z]+-[0-9]{1,3}$/, 'offer ids look like consult-30'),
  kind: z.enum(OFFER_KINDS, 'kind is discovery or consultation'),
  minutes: z.number().int('a whole number of minutes').min(10).max(120),
  price: z.number('cents: a whole number').int('cents: a whole number').min(0).max(100_000),
});
export const ExpertFile = z
  .strictObject({
    id,
    order: z.number().int().min(0).max(10_000),
    published: z.boolean(),
    avatar: z.enum(avatarIds, 'not one of the product avatar ids'),
    languages: z
      .array(z.enum(CONSULT_LANGUAGES, 'languages are ar, en or fr'))
      .min(1, 'at least one language')
      .refine(unique, 'languages repeat'),
    specialty: z.enum(EXPERT_SPECIALTIES, `specialty must be one of ${EXPERT_SPECIALTIES.join(', ')}`),
    modes: z
      .array(z.enum(CALL_MODES, 'modes are voice or video'))
      .min(1, 'at least one call mode')
      .refine(unique, 'modes repeat'),
    offers: z.array(ExpertOffer).min(2, 'the discovery call and at least one consultation').max(6),
    en: ExpertTexts,
    ar: ExpertTexts,
  })
  .superRefine((e, ctx) => {
    if (!unique(e.offers.map((o) => o.id)))
      ctx.addIssue({ code: 'custom', message: 'offer ids repeat', path: ['offers'] });
    const discovery = e.offers.filter((o) => o.kind === 'discovery');
    const [call] = discovery;
    if (
      discovery.length !== 1 ||
      call.id !== DISCOVERY_OFFER_ID ||
      call.minutes !== DISCOVERY_MINUTES ||
      call.price !== 0
    )
      ctx.addIssue({
        code: 'custom',
        message: `exactly one discovery offer: { "id": "${DISCOVERY_OFFER_ID}", "minutes": ${DISCOVERY_MINUTES}, "price": 0 }`,
        path: ['offers'],
      });
    e.offers.forEach((o, i) => {
      if (o.kind === 'consultation' && o.price === 0)
        ctx.addIssue({ code: 'custom', message: 'a consultation has a price', path: ['offers', i, 'price'] });
      if (o.kind === 'consultation' && o.id !== `consult-${o.minutes}`)
        ctx.addIssue({
          code: 'custom',
          message: `a ${o.minutes}-minute consultation's id is consult-${o.minutes}`,
          path: ['offers', i, 'id'],
        });
    });
  });
export type ExpertFile = z.infer<typeof ExpertFile>;

// ------------------------------------------------------------------ sources and review dates

/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
  .refine(isCalendarDay, 'not a real date');
const ContentSourceFile = z.strictObject({
  org: z.enum(SOURCE_ORGS, `org must be one of ${SOURCE_ORGS.join(', ')}`),
  /** The guidance's published title, in English, with its year. */
  title: text(200).refine((t) => !/https?:|www\.|\/\//i.test(t), 'no links: name the document'),
});
/**
 * The keys every course.json and article.json carries (server/content/README.md): who the page was
 * checked against and when. Whether a review is overdue depends on today, so the loader checks it
 * (`reviewProblems`, server/content/loader-reviews.ts), not this schema.
 */
export const reviewFields = {
  sources: z
    .array(ContentSourceFile, 'sources: 1 to 5 named pieces of guidance')
    .min(1, `at least one source (1 to ${MAX_SOURCES})`)
    .max(MAX_SOURCES, `at most ${MAX_SOURCES} sources`)
    .refine((l) => new Set(l.map((s) => `${s.org} ${s.title}`)).size === l.length, 'a source is named twice'),
  reviewedOn: isoDay,
  nextReview: isoDay,
};
type ReviewFields = { reviewedOn: string; nextReview: string };
/** nextReview after reviewedOn, and at most MAX_REVIEW_YEARS years later. */
export function checkReviewDates(f: ReviewFields, ctx: z.RefinementCtx): void {
  if (!isCalendarDay(f.reviewedOn) || !isCalendarDay(f.nextReview)) return;
  if (f.nextReview <= f.reviewedOn)
    ctx.addIssue({ code: 'custom', message: 'nextReview must be after reviewedOn', path: ['nextReview'] });
  else if (f.nextReview > addYears(f.reviewedOn, MAX_REVIEW_YEARS))
    ctx.addIssue({
      code: 'custom',
      message: `nextReview is at most ${MAX_REVIEW_YEARS} years after reviewedOn`,
      path: ['nextReview'],
    });
}

// ------------------------------------------------------------------ courses

const items = z.array(text(300)).min(2, '2 to 6 items').max(6, '2 to 6 items');
const CourseTexts = z.strictObject({
  title: text(120),
  summary: text(160),
  description: text(4000),
  requirements: items,
  audience: items,
  outcomes: items,
});
const cents = z.number('cents: a whole number').int('cents: a whole number').min(0, 'must not be negative');
export const CourseFile = z
  .strictObject({
    id,
    order: z.number().int().min(0).max(10_000),
    published: z.boolean(),
    price: cents.max(1_000_000, 'at most 1000000 cents'),
    sale_price: cents.nullable(),
    level: z.enum(COURSE_LEVELS, `level must be one of ${COURSE_LEVELS.join(', ')}`),
    expert: id,
    en: CourseTexts,
    ar: CourseTexts,
    ...reviewFields,
  })
  .refine((c) => c.sale_price === null || c.sale_price < c.price, {
    message: 'sale_price must be lower than price (or null)',
    path: ['sale_price'],
  })
  .superRefine(checkReviewDates);
export type CourseFile = z.infer<typeof CourseFile>;

const QuestionTexts = z.strictObject({
  prompt: text(500),
  options: z.array(text(300)).min(2, '2 to 5 options').max(5, '2 to 5 options'),
  explanation: text(1200),
});
export const QuizQuestionFile = z
  .strictObject({
    id,
    multiple: z.boolean(),
    correct: z.array(z.number().int().min(0)).min(1, 'at least one correct option'),
    en: QuestionTexts,
    ar: QuestionTexts,
  })
  .superRefine((q, ctx) => {
    if (q.en.options.length !== q.ar.options.length)
      ctx.addIssue({ code: 'custom', message: 'en and ar have a different number of options', path: ['ar'] });
    if (new Set(q.correct).size !== q.correct.length)
      ctx.addIssue({ code: 'custom', message: 'correct repeats an index', path: ['correct'] });
    if (q.correct.some((i) => i >= q.en.options.length))
      ctx.addIssue({
        code: 'custom',
        message: 'correct names an option that does not exist',
        path: ['correct'],
      });
    if (!q.multiple && q.correct.length !== 1)
      ctx.addIssue({
        code: 'custom',
        message: 'a single-choice question has exactly one correct option',
        path: ['correct'],
      });
  });
export type QuizQuestionFile = z.infer<typeof QuizQuestionFile>;

export const QuizFile = z
  .strictObject({
    pre: z.array(QuizQuestionFile).min(5, 'at least 5 questions').max(50),
    post: z.array(QuizQuestionFile).min(5, 'at least 5 questions').max(50),
  })
  .superRefine((q, ctx) => {
    const seen = new Set<string>();
    for (const [kind, list] of [
      ['pre', q.pre],
      ['post', q.post],
    ] as const) {
      list.forEach((question, i) => {
        if (seen.has(question.id))
          ctx.addIssue({
            code: 'custom',
            message: `question id "${question.id}" is used twice`,
            path: [kind, i, 'id'],
          });
        seen.add(question.id);
      });
    }
  });
export type QuizFile = z.infer<typeof QuizFile>;

/** A lesson file's front matter. */
export const LessonFrontMatter = z.strictObject({
  title: text(160),
  minutes: z.number('a whole number of minutes').int('a whole number of minutes').min(3).max(20),
});
export type LessonFrontMatter = z.infer<typeof LessonFrontMatter>;

/** Lesson file names: `NN-<lesson-id>.<en|ar>.md`. */
export const LESSON_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.(en|ar)\.md$/;

/**
 * `coupons.json`: the promo codes (server/content/README.md). Codes are written as they are stored
 * (upper case, ASCII digits, no spaces); members may type them in any case and with Arabic-Indic
 * digits. Times are ISO 8601 with an offset; `ends_at` is exclusive.
 */
const isoMoment = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
    'an ISO 8601 time with its offset, e.g. 2026-12-16T00:00:00+03:00',
  )
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real date');
export const CouponFileEntry = z
  .strictObject({
    code: z.string().regex(/^[A-Z0-9_-]{3,32}$/, 'codes are 3–32 upper-case letters, digits, _ or -'),
    kind: z.enum(['percent', 'amount'], 'kind is percent or amount'),
    /** percent: 1–100; amount: cents. */
    value: z.number().int('a whole number').min(1, 'at least 1'),
    /** Course ids, or null for every course. */
    courses: z.array(id).min(1, 'at least one course, or null for every course').nullable(),
    starts_at: isoMoment.nullable(),
    ends_at: isoMoment.nullable(),
    max_redemptions: z.number().int().min(1).nullable(),
    per_member_limit: z.number().int().min(1).nullable(),
    /** For the educators who edit the file; not shown to members. */
    note: z.string().max(500).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.value > 100)
      ctx.addIssue({ code: 'custom', message: 'a percentage is at most 100', path: ['value'] });
    if (c.starts_at && c.ends_at && Date.parse(c.starts_at) >= Date.parse(c.ends_at))
      ctx.addIssue({ code: 'custom', message: 'ends_at must be after starts_at', path: ['ends_at'] });
  });
export type CouponFileEntry = z.infer<typeof CouponFileEntry>;

export const CouponsFile = z
  .strictObject({ coupons: z.array(CouponFileEntry).max(500) })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.coupons.forEach((c, i) => {
      if (seen.has(c.code))
        ctx.addIssue({
          code: 'custom',
          message: `code "${c.code}" is used twice`,
          path: ['coupons', i, 'code'],
        });
      seen.add(c.code);
    });
  });
export type CouponsFile = z.infer<typeof CouponsFile>;
