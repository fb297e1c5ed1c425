import type {
  CourseDetail,
  Enrolment,
  MemberCourseDetail,
  MemberQuiz,
  MyReview,
  Progress,
  ReviewsPage,
} from '../../contract/learning';
import type { EnrolmentStatus } from '../../contract/learning-constants';

/** Course shapes as the API gives them (contract/learning.ts), for the course lifecycle's tests. */
export const LESSON_IDS = ['what-happens', 'tracking', 'when-to-ask'] as const;

const expert: CourseDetail['expert'] = {
  id: 'nour-haddad',
  name: 'Dr Nour Haddad',
  title: 'Gynaecologist',
  specialty: 'Reproductive health',
  bio: 'Twenty years of listening to women.',
  languages: ['en', 'ar'],
  avatar: null,
};

/** Who checked the course, when and against what (issue 24). */
export const CONTENT_REVIEW: NonNullable<CourseDetail['review']> = {
  sources: [
    { org: 'WHO', title: 'Family planning: a global handbook for providers (2022)' },
    { org: 'NICE', title: 'Heavy menstrual bleeding: assessment and management (NG88)' },
  ],
  reviewedOn: '2026-11-28',
  nextReview: '2027-11-28',
};

export function publicCourse(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    id: 'menstrual-cycle',
    title: 'Your menstrual cycle',
    summary: 'What happens each month, and why.',
    price: 0,
    sale_price: null,
    currency: 'USD',
    isFree: true,
    durationMinutes: 45,
    level: 'beginner',
    lessonCount: 3,
    rating: { average: 4.5, count: 2 },
    description: 'A calm, clear walk through the cycle.',
    requirements: ['Nothing but curiosity'],
    audience: ['Any woman who wants to understand her body'],
    outcomes: ['Name the four phases', 'Track your cycle'],
    expert,
    lessons: LESSON_IDS.map((id, i) => ({
      id,
      position: i + 1,
      title: `Lesson title ${i + 1}`,
      minutes: 10 + i,
    })),
    quizzes: { pre: { questionCount: 5 }, post: { questionCount: 5 } },
    review: CONTENT_REVIEW,
    ...overrides,
  };
}

export const PAID = {
  id: 'pregnancy-care',
  title: 'Pregnancy care',
  price: 6500,
  sale_price: 5200,
  isFree: false,
} as const;

export function progressOf(
  status: EnrolmentStatus,
  done: string[] = [],
  courseId = 'menstrual-cycle',
): Progress {
  const total = LESSON_IDS.length;
  return {
    courseId,
    completedLessonIds: LESSON_IDS.filter((l) => done.includes(l)),
    done: done.length,
    total,
    percent: Math.round((done.length / total) * 100),
    nextLessonId: LESSON_IDS.find((l) => !done.includes(l)) ?? null,
    status,
  };
}

function quiz(kind: 'pre' | 'post', correct: number | null): MemberQuiz {
  return {
    kind,
    questions: [],
    attempts: correct == null ? 0 : 1,
    canSubmit: true,
    lastAttempt:
      correct == null
        ? null
        : {
            attemptId: `${kind}-1`,
            courseId: 'menstrual-cycle',
            kind,
            score: correct * 20,
            correct,
            total: 5,
            submittedAt: '2026-11-20T10:00:00.000Z',
            feedback: [],
          },
  };
}

export const REVIEW: MyReview = {
  courseId: 'menstrual-cycle',
  courseTitle: 'Your menstrual cycle',
  rating: 4,
  text: 'Clear and kind.',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

/** The member's view: null status = not enrolled. */
export function memberCourse(
  status: EnrolmentStatus | null,
  options: { done?: string[]; review?: MyReview | null; paid?: boolean } = {},
): MemberCourseDetail {
  const base = publicCourse(options.paid ? PAID : {});
  const done = options.done ?? (status === 'post_quiz' || status === 'completed' ? [...LESSON_IDS] : []);
  const progress = status ? progressOf(status, done, base.id) : null;
  const enrolment: Enrolment | null = status
    ? {
        courseId: base.id,
        enrolledAt: '2026-11-19T10:00:00.000Z',
        completedAt: status === 'completed' ? '2026-11-21T10:00:00.000Z' : null,
        source: options.paid ? 'purchase' : 'free',
        status,
      }
    : null;
  return {
    ...base,
    lessons: base.lessons.map((l) => ({
      ...l,
      done: done.includes(l.id),
      body: status
        ? [
            { t: 'h2', c: [{ t: 'text', v: `Heading of ${l.id}` }] },
            {
              t: 'p',
              c: [
                { t: 'text', v: 'Plain text, ' },
                { t: 'strong', v: 'strong words' },
                { t: 'text', v: ' and ' },
                { t: 'em', v: 'a stressed one' },
                { t: 'text', v: ' <b>never HTML</b>.' },
              ],
            },
            { t: 'ul', items: [[{ t: 'text', v: 'First point' }], [{ t: 'text', v: 'Second point' }]] },
            { t: 'note', c: [{ t: 'text', v: 'See a health worker if you are worried.' }] },
          ]
        : [],
    })),
    enrolment,
    progress,
    quizzes: status
      ? {
          pre: quiz('pre', status === 'pre_quiz' ? null : 2),
          post: quiz('post', status === 'completed' ? 5 : null),
        }
      : null,
    questionCounts: { pre: 5, post: 5 },
    myReview: options.review ?? null,
  };
}

export const ENROLMENT: Enrolment = {
  courseId: 'menstrual-cycle',
  enrolledAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  source: 'free',
  status: 'pre_quiz',
};

export function reviewsPage(page = 1, total = 7): ReviewsPage {
  const limit = 5;
  const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
  return {
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
    items: Array.from({ length: count }, (_, i) => ({
      id: `r${(page - 1) * limit + i + 1}`,
      rating: 5 - (i % 2),
      text: `Review number ${(page - 1) * limit + i + 1}`,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      avatar: null,
    })),
    summary: {
      average: total ? 4.5 : null,
      count: total,
      distribution: { '1': 0, '2': 0, '3': 0, '4': Math.floor(total / 2), '5': Math.ceil(total / 2) },
    },
  };
}
