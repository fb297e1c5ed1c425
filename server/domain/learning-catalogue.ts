/**
 * The course catalogue as the API shows it: the content tables (written only by the content
 * loader) are read once into memory and kept until the stored content version changes, so a
 * course read costs one small query (version + review counts). Correct options stay here, on the
 * server: the views below never include them.
 */
import { asc, sql } from 'drizzle-orm';
import type {
  ContentReview,
  ContentSource,
  CourseDetail,
  CourseSummary,
  ExpertSummary,
  LessonOutline,
  QuizQuestion,
  RatingSummary,
} from '../../contract/learning.ts';
import { type CourseLevel, effectivePrice, type QuizKind } from '../../contract/learning-constants.ts';
import type { CourseTexts, LessonTexts, QuestionTexts } from '../content/loader.ts';
import type { Db } from '../db/index.ts';
import { courses, experts, lessons, quizQuestions } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';

type PerLocale<T> = Record<Locale, T>;

export interface CachedLesson {
  id: string;
  position: number;
  texts: PerLocale<LessonTexts>;
}
export interface CachedQuestion {
  id: string;
  kind: QuizKind;
  position: number;
  multiple: boolean;
  correct: number[];
  texts: PerLocale<QuestionTexts>;
}
export interface CachedCourse {
  id: string;
  position: number;
  published: boolean;
  price: number;
  salePrice: number | null;
  level: CourseLevel;
  texts: PerLocale<CourseTexts>;
  /** Sources and review dates (null for a course stored before they were recorded). */
  review: ContentReview | null;
  expert: PerLocale<ExpertSummary>;
  lessons: CachedLesson[];
  quiz: Record<QuizKind, CachedQuestion[]>;
}

export interface Catalogue {
  version: string;
  byId: Map<string, CachedCourse>;
  /** Published courses in display order. */
  published: CachedCourse[];
}

export interface Ratings {
  version: string;
  byCourse: Map<string, { count: number; sum: number }>;
  /** Changes whenever a review is written: part of the catalogue's ETag. */
  fingerprint: string;
}

const EMPTY: Catalogue = { version: '', byId: new Map(), published: [] };

async function readCatalogue(db: Db, version: string): Promise<Catalogue> {
  const [expertRows, courseRows, lessonRows, questionRows] = await Promise.all([
    db.select().from(experts),
    db.select().from(courses).orderBy(asc(courses.position), asc(courses.id)),
    db.select().from(lessons).orderBy(asc(lessons.courseId), asc(lessons.position)),
    db.select().from(quizQuestions).orderBy(asc(quizQuestions.courseId), asc(quizQuestions.position)),
  ]);
  const expertById = new Map(expertRows.map((e) => [e.id, e]));
  const byId = new Map<string, CachedCourse>();
  for (const c of courseRows) {
    const e = expertById.get(c.expertId)!;
    const eTexts = e.texts;
    const expert = (locale: Locale): ExpertSummary => ({
      id: e.id,
      name: eTexts[locale].name,
      title: eTexts[locale].title,
      specialty: e.specialty,
      bio: eTexts[locale].bio,
      languages: e.languages,
      avatar: avatarView(e.avatarId, locale),
    });
    byId.set(c.id, {
      id: c.id,
      position: c.position,
      published: c.published,
      price: c.price,
      salePrice: c.salePrice,
      level: c.level as CourseLevel,
      texts: c.texts as PerLocale<CourseTexts>,
      review:
        c.reviewedOn && c.nextReview
          ? { sources: c.sources as ContentSource[], reviewedOn: c.reviewedOn, nextReview: c.nextReview }
          : null,
      expert: { en: expert('en'), ar: expert('ar') },
      lessons: [],
      quiz: { pre: [], post: [] },
    });
  }
  for (const l of lessonRows) {
    byId.get(l.courseId)?.lessons.push({
      id: l.id,
      position: l.position,
      texts: l.texts as PerLocale<LessonTexts>,
    });
  }
  for (const q of questionRows) {
    byId.get(q.courseId)?.quiz[q.kind as QuizKind].push({
      id: q.id,
      kind: q.kind as QuizKind,
      position: q.position,
      multiple: q.multiple,
      correct: q.correct,
      texts: q.texts as PerLocale<QuestionTexts>,
    });
  }
  const published = [...byId.values()].filter((c) => c.published && c.lessons.length > 0);
  return { version, byId, published };
}

/**
 * How long one snapshot (content version + review counts) serves reads before the database is
 * asked again. Public reads are cacheable for 60 s anyway; this process's own review writes
 * invalidate at once, so only other processes' new reviews show up to this much later.
 */
export const SNAPSHOT_TTL_MS = 1000;

/** The catalogue cache of one app: refreshed when the stored content version changes. */
export function createCatalogue(db: Db, ttlMs = SNAPSHOT_TTL_MS) {
  let current: Catalogue = EMPTY;
  let snapshot: { catalogue: Catalogue; ratings: Ratings; until: number } | null = null;
  let pending: Promise<{ catalogue: Catalogue; ratings: Ratings }> | null = null;
  let generation = 0;
  const fresh = () => (snapshot && performance.now() < snapshot.until ? snapshot : null);
  let loading: Promise<Catalogue> | null = null;
  let loadingVersion = '';

  const at = (version: string): Promise<Catalogue> | Catalogue => {
    if (current.version === version && version !== '') return current;
    if (!version) return EMPTY;
    if (loading && loadingVersion === version) return loading;
    loadingVersion = version;
    loading = readCatalogue(db, version).then(
      (c) => {
        current = c;
        if (loadingVersion === version) loading = null;
        return c;
      },
      (e) => {
        if (loadingVersion === version) loading = null;
        throw e;
      },
    );
    return loading;
  };

  return {
    /** Forget the snapshot (after a review is written here). */
    invalidate() {
      snapshot = null;
      pending = null;
      generation++;
    },
    /** The catalogue as stored now (one tiny query for the version, unless a snapshot is fresh). */
    async get(): Promise<Catalogue> {
      const s = fresh();
      if (s) return s.catalogue;
      const r = (await db.execute(sql`select version from content_state where id = 1`)) as unknown as {
        rows: { version: string }[];
      };
      return at(r.rows[0]?.version ?? '');
    },
    /** The catalogue and every course's review count and sum (one query, shared for ttlMs). */
    withRatings():
      | Promise<{ catalogue: Catalogue; ratings: Ratings }>
      | { catalogue: Catalogue; ratings: Ratings } {
      const s = fresh();
      if (s) return s;
      if (pending) return pending;
      const started = performance.now();
      const gen = generation;
      const p = queryRatings().then(
        (r) => {
          if (gen === generation) {
            if (pending === p) pending = null;
            if (ttlMs > 0) snapshot = { ...r, until: started + ttlMs };
          }
          return r;
        },
        (e) => {
          if (pending === p) pending = null;
          throw e;
        },
      );
      pending = p;
      return p;
    },
  };

  async function queryRatings(): Promise<{ catalogue: Catalogue; ratings: Ratings }> {
    const r = (await db.execute(sql`
        select s.version, r.course_id, r.n, r.total, r.last
        from content_state s
        left join (
          select course_id, count(*)::int as n, sum(rating)::int as total,
                 (extract(epoch from max(updated_at)) * 1000)::bigint::text as last
          from reviews group by course_id
        ) r on true
        where s.id = 1`)) as unknown as {
      rows: { version: string; course_id: string | null; n: number; total: number; last: string }[];
    };
    const version = r.rows[0]?.version ?? '';
    const byCourse = new Map<string, { count: number; sum: number }>();
    let fingerprint = '';
    for (const row of r.rows) {
      if (!row.course_id) continue;
      byCourse.set(row.course_id, { count: Number(row.n), sum: Number(row.total) });
      fingerprint += `${row.course_id}:${row.n}:${row.total}:${row.last};`;
    }
    return { catalogue: await at(version), ratings: { version, byCourse, fingerprint } };
  }
}
export type CatalogueCache = ReturnType<typeof createCatalogue>;

/** A course a member may act on: published, or (`allowUnpublished`) one she may already be enrolled in. */
export function courseOr404(cat: Catalogue, id: string, allowUnpublished = false): CachedCourse {
  const c = cat.byId.get(id);
  if (!c || (!c.published && !allowUnpublished)) throw new ApiError('COURSE_NOT_FOUND');
  return c;
}

// ------------------------------------------------------------------ views

export function ratingSummary(stats: { count: number; sum: number } | undefined): RatingSummary {
  if (!stats || stats.count === 0) return { average: null, count: 0 };
  return { average: Math.round((stats.sum / stats.count) * 10) / 10, count: stats.count };
}

export function courseSummary(c: CachedCourse, locale: Locale, ratings: Ratings | null): CourseSummary {
  const t = c.texts[locale];
  const e = c.expert[locale];
  return {
    id: c.id,
    title: t.title,
    summary: t.summary,
    price: c.price,
    sale_price: c.salePrice,
    currency: 'USD',
    isFree: isFree(c),
    durationMinutes: c.lessons.reduce((n, l) => n + l.texts[locale].minutes, 0),
    level: c.level,
    lessonCount: c.lessons.length,
    rating: ratingSummary(ratings?.byCourse.get(c.id)),
    expert: { id: e.id, name: e.name, title: e.title, avatar: e.avatar },
  };
}

export const isFree = (c: CachedCourse) => effectivePrice({ price: c.price, sale_price: c.salePrice }) === 0;

export function lessonOutline(l: CachedLesson, locale: Locale): LessonOutline {
  return { id: l.id, position: l.position, title: l.texts[locale].title, minutes: l.texts[locale].minutes };
}

export function courseDetail(c: CachedCourse, locale: Locale, ratings: Ratings | null): CourseDetail {
  const t = c.texts[locale];
  return {
    ...courseSummary(c, locale, ratings),
    description: t.description,
    requirements: t.requirements,
    audience: t.audience,
    outcomes: t.outcomes,
    expert: c.expert[locale],
    lessons: c.lessons.map((l) => lessonOutline(l, locale)),
    quizzes: { pre: { questionCount: c.quiz.pre.length }, post: { questionCount: c.quiz.post.length } },
    review: c.review,
  };
}

/** A question as a member sees it before submitting: prompt and options, never `correct`. */
export function questionView(q: CachedQuestion, locale: Locale): QuizQuestion {
  return { id: q.id, prompt: q.texts[locale].prompt, options: q.texts[locale].options, multiple: q.multiple };
}
