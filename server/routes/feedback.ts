/**
 * Reviews (spec §6, §7): PUT /feedback/user/{userId} writes or edits her review of a completed
 * course; GET /feedback/user/{userId} lists hers; GET /feedback/course/{courseId}/reviews is public
 * and never shows who wrote a review (avatar only).
 */
import { createRoute, z } from '@hono/zod-openapi';
import { MyReview, MyReviews, ReviewBody, ReviewsPage, ReviewsQuery, Slug } from '../../contract/learning.ts';
import type { Learning } from '../domain/learning.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY, bearer, learningErrors, sameMember, userIdParam } from './learning-http.ts';
import { type Limit as Auth, bodyOf, reply } from './schemas.ts';

const put = (auth: Auth) =>
  createRoute({
    method: 'put',
    path: '/feedback/user/{userId}',
    tags: ['Reviews'],
    summary: 'Write or edit her review of a course she completed (one per course)',
    security: bearer,
    middleware: [auth, sameMember, jsonBody] as const,
    request: { params: z.object({ userId: userIdParam }), ...bodyOf(ReviewBody) },
    responses: {
      201: reply(MyReview, 'Created'),
      200: reply(MyReview, 'Edited'),
      ...learningErrors(...BODY, 401, 403, 404),
    },
  });

const mine = (auth: Auth) =>
  createRoute({
    method: 'get',
    path: '/feedback/user/{userId}',
    tags: ['Reviews'],
    summary: 'Her reviews (latest first)',
    security: bearer,
    middleware: [auth, sameMember] as const,
    request: { params: z.object({ userId: userIdParam }) },
    responses: {
      200: reply(MyReviews, 'Her reviews'),
      ...learningErrors(401, 403),
    },
  });

/**
 * Her session, looked up only when the read asks to leave a member out: the plain public read needs
 * none (and stays one query).
 */
const viewerWhenExcluding =
  (viewer: Auth): Auth =>
  async (c, next) => {
    if (c.req.query('excludeUserId') !== undefined) return viewer(c, next);
    c.set('viewer', null);
    await next();
  };

const forCourse = (viewer: Auth) =>
  createRoute({
    method: 'get',
    path: '/feedback/course/{courseId}/reviews',
    tags: ['Reviews'],
    summary: "A course's reviews, one page, with the average, count and distribution",
    description:
      "`excludeUserId` leaves out her own review (shown apart) when it is the signed-in member's own id (bearer token); any other id is ignored, so the list never tells whether someone reviewed (and so completed) the course. The summary counts every review. Latest first.",
    middleware: [viewerWhenExcluding(viewer)] as const,
    request: {
      params: z.object({ courseId: Slug.openapi({ param: { name: 'courseId', in: 'path' } }) }),
      query: ReviewsQuery,
    },
    responses: {
      200: reply(ReviewsPage, 'The page'),
      ...learningErrors(400, 404),
    },
  });

/** `viewer`: optionalSession (routes/users.ts), her session or null, for leaving out her own review. */
export function feedbackRoutes({ learning, auth, viewer }: { learning: Learning; auth: Auth; viewer: Auth }) {
  const router = createRouter();

  router.openapi(put(auth), async (c) => {
    noStore(c);
    const b = c.req.valid('json');
    const { review, created } = await learning.reviews.put(
      c.var.session.user.id,
      { courseId: b.courseId, rating: b.rating, text: b.text },
      c.var.locale,
    );
    return created ? c.json(review, 201) : c.json(review, 200);
  });

  router.openapi(mine(auth), async (c) => {
    noStore(c);
    return c.json(await learning.reviews.listMine(c.var.session.user.id, c.var.locale), 200);
  });

  router.openapi(forCourse(viewer), async (c) => {
    const { page, limit, excludeUserId } = c.req.valid('query');
    // anyone else's id (it is on her invoice) would tell whether she reviewed, so completed, the course
    const hers =
      excludeUserId !== undefined && excludeUserId.toLowerCase() === c.var.viewer?.user.id.toLowerCase();
    const body = await learning.reviews.forCourse(
      c.req.valid('param').courseId,
      { page, limit, excludeUserId: hers ? excludeUserId : undefined },
      c.var.locale,
    );
    c.header('Cache-Control', excludeUserId ? 'private, no-cache' : 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(body, 200);
  });

  return router;
}
