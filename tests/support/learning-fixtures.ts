import type {
  CourseScores,
  CourseSummary,
  CoursesPage,
  EnrolledCourse,
  MemberCourseDetail,
  MemberQuiz,
  MyReview,
  QuizQuestion,
  QuizResult,
} from '../../contract/learning';
import type { QuizKind } from '../../contract/learning-constants';

/** Contract-shaped test data for the catalogue, the quiz and the dashboard's learning pages. */
const expert = {
  id: 'dr-salma',
  name: 'Dr Salma Haddad',
  title: 'Gynaecologist',
  avatar: { id: 'bird', url: '/avatars/bird.svg', label: 'Bird' },
};

export function course(id: string, overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    id,
    title: `Course ${id}`,
    summary: `What ${id} teaches, in a sentence.`,
    price: 5000,
    sale_price: null,
    currency: 'USD',
    isFree: false,
    durationMinutes: 90,
    level: 'beginner',
    lessonCount: 4,
    rating: { average: 4.5, count: 12 },
    expert,
    ...overrides,
  };
}

export const CATALOGUE: CourseSummary[] = [
  course('menstrual-cycle', {
    title: 'Your menstrual cycle',
    price: 0,
    isFree: true,
    rating: { average: null, count: 0 },
  }),
  course('pregnancy-care', { title: 'Pregnancy care', price: 6500, sale_price: 5200, level: 'intermediate' }),
  course('menopause-care', { title: 'Menopause care', price: 4500, durationMinutes: 45 }),
];

export function coursesPage(items: CourseSummary[], page = 1, total = items.length, limit = 10): CoursesPage {
  return { items, page, limit, total, totalPages: Math.ceil(total / limit) };
}

export const QUESTIONS: QuizQuestion[] = [
  {
    id: 'q-cycle-length',
    prompt: 'How long is a typical cycle?',
    options: ['7 days', '21 to 35 days', '60 days'],
    multiple: false,
  },
  {
    id: 'q-signs',
    prompt: 'Which can be signs of ovulation?',
    options: ['Clear, stretchy discharge', 'A slight rise in temperature', 'A broken bone'],
    multiple: true,
  },
  {
    id: 'q-pain',
    prompt: 'Severe period pain should be checked by a clinician.',
    options: ['True', 'False'],
    multiple: false,
  },
];

export function attempt(
  kind: QuizKind,
  correct: number,
  chosen: Record<string, number[]> = {},
): Omit<QuizResult, 'progress'> {
  const total = QUESTIONS.length;
  return {
    attemptId: `a-${kind}-${correct}`,
    courseId: 'menstrual-cycle',
    kind,
    score: Math.round((correct / total) * 100),
    correct,
    total,
    submittedAt: '2026-11-20T10:00:00.000Z',
    feedback: QUESTIONS.map((q, i) => ({
      questionId: q.id,
      isCorrect: i < correct,
      chosen: chosen[q.id] ?? [0],
      correctOptions: q.multiple ? [0, 1] : [1],
      explanation: `Why: ${q.prompt}`,
    })),
  };
}

export function quizResult(kind: QuizKind, correct: number): QuizResult {
  return {
    ...attempt(kind, correct),
    progress: {
      courseId: 'menstrual-cycle',
      completedLessonIds: kind === 'post' ? ['l1', 'l2'] : [],
      done: kind === 'post' ? 2 : 0,
      total: 2,
      percent: kind === 'post' ? 100 : 0,
      nextLessonId: kind === 'post' ? null : 'l1',
      status: kind === 'post' ? 'completed' : 'learning',
    },
  };
}

export function memberQuiz(kind: QuizKind, overrides: Partial<MemberQuiz> = {}): MemberQuiz {
  return { kind, questions: QUESTIONS, lastAttempt: null, attempts: 0, canSubmit: true, ...overrides };
}

export function memberCourse(quizzes: MemberCourseDetail['quizzes']): MemberCourseDetail {
  const summary = CATALOGUE[0];
  return {
    ...summary,
    description: 'About the cycle.',
    requirements: [],
    audience: [],
    outcomes: [],
    expert: { ...expert, specialty: 'Gynaecology', bio: 'Bio', languages: ['ar', 'en'] },
    lessons: [],
    enrolment: null,
    progress: null,
    quizzes,
    questionCounts: { pre: QUESTIONS.length, post: QUESTIONS.length },
    myReview: null,
    review: null,
  };
}

export const ENROLLED: EnrolledCourse[] = [
  {
    course: CATALOGUE[0],
    enrolment: {
      courseId: 'menstrual-cycle',
      enrolledAt: '2026-11-01T09:00:00.000Z',
      completedAt: null,
      source: 'free',
      status: 'learning',
    },
    progress: {
      courseId: 'menstrual-cycle',
      completedLessonIds: ['l1'],
      done: 1,
      total: 4,
      percent: 25,
      nextLessonId: 'l2',
      status: 'learning',
    },
    lastActivityAt: '2026-11-03T09:00:00.000Z',
  },
  {
    course: CATALOGUE[2],
    enrolment: {
      courseId: 'menopause-care',
      enrolledAt: '2026-10-02T09:00:00.000Z',
      completedAt: '2026-10-20T09:00:00.000Z',
      source: 'purchase',
      status: 'completed',
    },
    progress: {
      courseId: 'menopause-care',
      completedLessonIds: ['a', 'b', 'c', 'd'],
      done: 4,
      total: 4,
      percent: 100,
      nextLessonId: null,
      status: 'completed',
    },
    lastActivityAt: '2026-10-20T09:00:00.000Z',
  },
];

export const SCORES: CourseScores[] = [
  {
    courseId: 'menopause-care',
    courseTitle: 'Menopause care',
    pre: { score: 40, correct: 2, total: 5, submittedAt: '2026-10-02T10:00:00.000Z' },
    post: { score: 100, correct: 5, total: 5, submittedAt: '2026-10-20T10:00:00.000Z' },
    postAttempts: 2,
    gain: 3,
  },
  {
    courseId: 'menstrual-cycle',
    courseTitle: 'Your menstrual cycle',
    pre: { score: 60, correct: 3, total: 5, submittedAt: '2026-11-01T10:00:00.000Z' },
    post: null,
    postAttempts: 0,
    gain: null,
  },
];

export const REVIEWS: MyReview[] = [
  {
    courseId: 'menopause-care',
    courseTitle: 'Menopause care',
    rating: 4,
    text: 'Clear and kind.',
    createdAt: '2026-10-21T10:00:00.000Z',
    updatedAt: '2026-10-21T10:00:00.000Z',
  },
];
