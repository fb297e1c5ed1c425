/**
 * The learning endpoints on the spec's paths (§7): the catalogue, a course (visitor and member),
 * free enrolment, lesson progress, quizzes, and a member's courses and scores. Shapes and rules:
 * contract/learning.ts and server/domain/learning.ts. Member paths need a bearer token
 * (401) and, when they name a `{userId}`, that it is hers (403 FORBIDDEN, checked first).
 * Not enrolled → 403 NOT_ENROLLED (she may not act on a course she has not joined).
 * A lesson done or a quiz submitted with a `clientKey` (queued offline) counts once per key
 * (server/domain/offline-receipts.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  CourseDetail,
  CourseIdBody,
  CoursesPage,
  EnrolBody,
  EnrolledCourses,
  Enrolment,
  LessonDoneBody,
  MemberCourseDetail,
  PageQuery,
  Progress,
  QuizResult,
  QuizResults,
  QuizSubmitBody,
  Slug,
} from '../../contract/learning.ts';
import { OFFLINE_LIMITS } from '../../contract/offline.ts';
import type { Learning } from '../domain/learning.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY, bearer, etagMatches, learningErrors, sameMember, userIdParam } from './learning-http.ts';
import { type Limit as Auth, bodyOf, errorResponses, reply } from './schemas.ts';

/** What both routes that take a `clientKey` (a request queued on her device while offline) say of it. */
const CLIENT_KEY_TEXT = `Optional \`clientKey\` (a UUID her device made for a request queued while offline, contract/offline.ts): the first request with the key is carried out and its answer (status and body) kept for ${OFFLINE_LIMITS.receiptDays} days; a repeat of it by the same member (a lost answer, two tabs, even at the same moment) gets that stored answer back without being carried out again; the same key sent for the other kind of request → 409 CLIENT_KEY_REUSED. A refused request (4xx) is not kept: a retry with the key may succeed. Keys are per member; without a key nothing of this applies. A key that is not a UUID → 400 VALIDATION_ERROR (fieldCodes.clientKey INVALID).`;
const keyErrors = errorResponses({ 409: 'CLIENT_KEY_REUSED (the clientKey was sent before for a quiz)' });
const quizKeyErrors = errorResponses({
  409: 'PRE_QUIZ_REQUIRED, PRE_QUIZ_ALREADY_TAKEN, LESSONS_INCOMPLETE or CLIENT_KEY_REUSED (the clientKey was sent before for a lesson done)',
});

const courseIdParam = Slug.openapi({ param: { name: 'courseId', in: 'path' }, example: 'menopause-care' });

const list = createRoute({
  method: 'get',
  path: '/lms/courses/all',
  tags: ['Learning'],
  summary: 'The course catalogue, one page',
  description:
    'Public and cacheable: `Cache-Control: public, max-age=60`, a weak ETag (content version, reviews, language, page) and `Vary: Accept-Language`; `If-None-Match` → 304.',
  request: { query: PageQuery },
  responses: {
    200: reply(CoursesPage, 'Published courses in display order, texts in the Accept-Language'),
    304: { description: 'Not modified' },
    ...learningErrors(400),
  },
});

const publicCourse = createRoute({
  method: 'get',
  path: '/p/lms/get-course-by-id/{courseId}',
  tags: ['Learning'],
  summary: 'A course for visitors (no lesson bodies, no quiz questions)',
  request: { params: z.object({ courseId: courseIdParam }) },
  responses: { 200: reply(CourseDetail, 'The course'), ...learningErrors(400, 404) },
});

const memberCourse = (auth: Auth) =>
  createRoute({
    method: 'get',
    path: '/lms/get-course-by-id/{courseId}/{userId}',
    tags: ['Learning'],
    summary: 'A course as the member sees it: enrolment, progress, lesson bodies and quizzes once enrolled',
    description:
      'Quiz questions never carry their correct options; `lastAttempt` (with feedback) appears only once she has submitted that quiz.',
    security: bearer,
    middleware: [auth, sameMember] as const,
    request: { params: z.object({ courseId: courseIdParam, userId: userIdParam }) },
    responses: {
      200: reply(MemberCourseDetail, 'Her view of the course'),
      ...learningErrors(400, 401, 403, 404),
    },
  });

const enrol = (auth: Auth) =>
  createRoute({
    method: 'post',
    path: '/articles/enroll-free-course',
    tags: ['Learning'],
    summary: 'Enrol in a free course (harmless to repeat)',
    security: bearer,
    middleware: [auth, jsonBody] as const,
    request: bodyOf(EnrolBody),
    responses: {
      201: reply(Enrolment, 'Enrolled'),
      200: reply(Enrolment, 'Already enrolled: the same enrolment'),
      ...learningErrors(...BODY, 401, 404, 409),
    },
  });

const lessonDone = (auth: Auth) =>
  createRoute({
    method: 'post',
    path: '/lms/lesson/complete',
    tags: ['Learning'],
    summary: 'Mark one lesson done (harmless to repeat)',
    description: `${CLIENT_KEY_TEXT} A repeat of the key answers 200 with the progress of the first request, not her progress now.`,
    security: bearer,
    middleware: [auth, jsonBody] as const,
    request: bodyOf(LessonDoneBody),
    responses: {
      200: reply(Progress, 'Her progress now (a repeated clientKey: the first answer)'),
      ...learningErrors(...BODY, 401, 403, 404),
      ...keyErrors(409),
    },
  });

const allDone = (auth: Auth) =>
  createRoute({
    method: 'post',
    path: '/lms/mark-complete-all',
    tags: ['Learning'],
    summary: 'Mark every lesson of a course done',
    security: bearer,
    middleware: [auth, jsonBody] as const,
    request: bodyOf(CourseIdBody),
    responses: { 200: reply(Progress, 'Her progress now'), ...learningErrors(...BODY, 401, 403, 404) },
  });

const submit = (auth: Auth) =>
  createRoute({
    method: 'post',
    path: '/lms/quiz/submit',
    tags: ['Learning'],
    summary: 'Submit the pre- or post-course quiz',
    description: `Every question answered (single choice: exactly one option) else 400 QUIZ_INCOMPLETE with \`answers.<questionId>\` field codes; unknown question ids → 400 VALIDATION_ERROR. Pre: once (409 PRE_QUIZ_ALREADY_TAKEN). Post: after the pre quiz (409 PRE_QUIZ_REQUIRED) and every lesson (409 LESSONS_INCOMPLETE); retakes allowed. Score = round-half-up(100 × correct / total). ${CLIENT_KEY_TEXT} A repeat of the key answers 201 with the first result (its attempt, feedback in the first request's language, and progress) and adds no attempt.`,
    security: bearer,
    middleware: [auth, jsonBody] as const,
    request: bodyOf(QuizSubmitBody),
    responses: {
      201: reply(
        QuizResult,
        'The attempt, with feedback and her progress (a repeated clientKey: the first result)',
      ),
      ...learningErrors(...BODY, 401, 403, 404),
      ...quizKeyErrors(409),
    },
  });

const myCourses = (auth: Auth) =>
  createRoute({
    method: 'get',
    path: '/lms/user/courses/{userId}',
    tags: ['Learning'],
    summary: 'Her enrolled courses with progress and status (newest enrolment first)',
    security: bearer,
    middleware: [auth, sameMember] as const,
    request: { params: z.object({ userId: userIdParam }) },
    responses: { 200: reply(EnrolledCourses, 'Her courses'), ...learningErrors(401, 403) },
  });

const myScores = (auth: Auth) =>
  createRoute({
    method: 'get',
    path: '/lms/user/{userId}/quiz-results',
    tags: ['Learning'],
    summary: 'Her scores per course: pre, latest post, number of post attempts, gain (questions)',
    security: bearer,
    middleware: [auth, sameMember] as const,
    request: { params: z.object({ userId: userIdParam }) },
    responses: { 200: reply(QuizResults, 'Her scores'), ...learningErrors(401, 403) },
  });

export function lmsRoutes({ learning, auth }: { learning: Learning; auth: Auth }) {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { body: page_, etag } = await learning.coursesPage(c.var.locale, page, limit);
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    c.header('ETag', etag);
    if (etagMatches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
    return c.json(page_, 200);
  });

  router.openapi(publicCourse, async (c) => {
    const course = await learning.publicCourse(c.req.valid('param').courseId, c.var.locale);
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(course, 200);
  });

  router.openapi(memberCourse(auth), async (c) => {
    noStore(c);
    const { courseId } = c.req.valid('param');
    return c.json(await learning.memberCourse(courseId, c.var.session.user.id, c.var.locale), 200);
  });

  router.openapi(enrol(auth), async (c) => {
    noStore(c);
    const { enrolment, created } = await learning.enrolFree(
      c.var.session.user.id,
      c.req.valid('json').courseId,
    );
    return created ? c.json(enrolment, 201) : c.json(enrolment, 200);
  });

  router.openapi(lessonDone(auth), async (c) => {
    noStore(c);
    const { courseId, lessonId, clientKey } = c.req.valid('json');
    return c.json(await learning.completeLesson(c.var.session.user.id, courseId, lessonId, clientKey), 200);
  });

  router.openapi(allDone(auth), async (c) => {
    noStore(c);
    return c.json(await learning.completeAll(c.var.session.user.id, c.req.valid('json').courseId), 200);
  });

  router.openapi(submit(auth), async (c) => {
    noStore(c);
    return c.json(await learning.submitQuiz(c.var.session.user.id, c.req.valid('json'), c.var.locale), 201);
  });

  router.openapi(myCourses(auth), async (c) => {
    noStore(c);
    return c.json(await learning.enrolledCourses(c.var.session.user.id, c.var.locale), 200);
  });

  router.openapi(myScores(auth), async (c) => {
    noStore(c);
    return c.json(await learning.quizResults(c.var.session.user.id, c.var.locale), 200);
  });

  return router;
}
