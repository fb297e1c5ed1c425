/**
 * The community circle's member API (issue 27, contract/circle.ts), mounted under /api behind the
 * member's bearer token: the reading side here (spaces, thread lists, a thread, "this helped me",
 * her standing and the replies to her threads), the posting side in circle-write-routes.ts.
 * Texts (spaces' titles, experts' titles) in the Accept-Language's language; answers never cached.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  CircleEmailBody,
  CircleMe,
  CircleSpaces,
  CircleThread,
  HelpfulState,
  RepliesPage,
  ThreadPage,
  ThreadQuery,
} from '../../contract/circle.ts';
import { createCircleHelpful } from '../domain/circle-helpful.ts';
import { createCircleMe } from '../domain/circle-me.ts';
import { createCircleReads } from '../domain/circle-reads.ts';
import { createCircleReplies } from '../domain/circle-replies.ts';
import { createCircleThread } from '../domain/circle-thread.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { type CircleDeps, circleDoc, circleErrors, circleUuid } from './circle-http.ts';
import { circleWriteRoutes } from './circle-write-routes.ts';
import { bodyOf, type Limit, reply } from './schemas.ts';

export type { CircleDeps } from './circle-http.ts';

const IdParams = z.object({ id: circleUuid('id') });
const CursorQuery = z.object({ cursor: z.string().max(200).optional() });

const routes = (auth: Limit) => {
  return {
    spaces: createRoute({
      method: 'get',
      path: '/circle/spaces',
      ...circleDoc('The circle’s spaces, in order, with their published threads and last activity'),
      middleware: [auth] as const,
      responses: { 200: reply(CircleSpaces, 'The spaces'), ...circleErrors(401) },
    }),
    threads: createRoute({
      method: 'get',
      path: '/circle/threads',
      ...circleDoc(
        'A page of threads: one space or all, newest activity, most helpful or unanswered',
        '20 a page; `q` searches titles and opening posts (Arabic spelling variants and diacritics ignored); `expert=1`: threads an expert answered; `cursor` is the previous page’s nextCursor (a bad one, or one of another order, is 400). Her own threads waiting for a moderator or hidden are listed to her only.',
      ),
      middleware: [auth] as const,
      request: { query: ThreadQuery },
      responses: { 200: reply(ThreadPage, 'A page of threads'), ...circleErrors(400, 401, 404) },
    }),
    thread: createRoute({
      method: 'get',
      path: '/circle/threads/{id}',
      ...circleDoc('A thread: its opening post and a page of replies, oldest first (50 a page)'),
      middleware: [auth] as const,
      request: { params: IdParams, query: CursorQuery },
      responses: { 200: reply(CircleThread, 'The thread'), ...circleErrors(400, 401, 404) },
    }),
    helpful: createRoute({
      method: 'put',
      path: '/circle/posts/{id}/helpful',
      ...circleDoc('“This helped me” (idempotent); only the count is ever shown'),
      middleware: [auth] as const,
      request: { params: IdParams },
      responses: {
        200: reply(HelpfulState, 'The post’s count and her mark'),
        ...circleErrors(400, 401, 404),
      },
    }),
    unhelpful: createRoute({
      method: 'delete',
      path: '/circle/posts/{id}/helpful',
      ...circleDoc('Take back “this helped me” (idempotent)'),
      middleware: [auth] as const,
      request: { params: IdParams },
      responses: {
        200: reply(HelpfulState, 'The post’s count and her mark'),
        ...circleErrors(400, 401, 404),
      },
    }),
    me: createRoute({
      method: 'get',
      path: '/circle/me',
      ...circleDoc('Her standing: rules accepted, unread replies, suspension, warning, replies by e-mail'),
      middleware: [auth] as const,
      responses: { 200: reply(CircleMe, 'Her standing'), ...circleErrors(401) },
    }),
    rules: createRoute({
      method: 'put',
      path: '/circle/me/rules',
      ...circleDoc('She accepts the circle’s rules (once: the first time is kept)'),
      middleware: [auth] as const,
      responses: { 200: reply(CircleMe, 'Her standing'), ...circleErrors(401) },
    }),
    email: createRoute({
      method: 'put',
      path: '/circle/me/email',
      ...circleDoc(
        'Replies to her threads by e-mail, or not',
        'Only with an e-mail address in Account Settings: else 409 CIRCLE_EMAIL_UNAVAILABLE.',
      ),
      middleware: [auth, jsonBody] as const,
      request: bodyOf(CircleEmailBody),
      responses: { 200: reply(CircleMe, 'Her standing'), ...circleErrors(400, 401, 409, 413, 415) },
    }),
    replies: createRoute({
      method: 'get',
      path: '/circle/me/replies',
      ...circleDoc('Replies to her threads, newest first (20 a page), each marked unread or not'),
      middleware: [auth] as const,
      request: { query: CursorQuery },
      responses: { 200: reply(RepliesPage, 'A page of replies'), ...circleErrors(400, 401) },
    }),
    seen: createRoute({
      method: 'post',
      path: '/circle/me/replies/seen',
      ...circleDoc('Every reply to her threads so far is seen: unread back to 0'),
      middleware: [auth] as const,
      responses: { 200: reply(CircleMe, 'Her standing'), ...circleErrors(401) },
    }),
  };
};

export function circleRoutes(deps: CircleDeps) {
  const { database, clock, auth } = deps;
  const reads = createCircleReads({ database, clock });
  const threads = createCircleThread({ database, clock });
  const helpful = createCircleHelpful({ database, clock });
  const me = createCircleMe({ database, clock });
  const replies = createCircleReplies({ database, clock });
  const r = routes(auth);
  const router = createRouter();
  router.use('/circle/*', async (c, next) => {
    await next();
    noStore(c);
  });
  return router
    .openapi(r.spaces, async (c) => c.json(await reads.spaces(c.var.locale), 200))
    .openapi(r.threads, async (c) =>
      c.json(await reads.threads(c.var.session.user.id, c.var.locale, c.req.valid('query')), 200),
    )
    .openapi(r.thread, async (c) =>
      c.json(
        await threads.thread(
          c.var.session.user.id,
          c.var.locale,
          c.req.valid('param').id,
          c.req.valid('query').cursor,
        ),
        200,
      ),
    )
    .openapi(r.helpful, async (c) =>
      c.json(await helpful.mark(c.var.session.user.id, c.req.valid('param').id), 200),
    )
    .openapi(r.unhelpful, async (c) =>
      c.json(await helpful.unmark(c.var.session.user.id, c.req.valid('param').id), 200),
    )
    .openapi(r.me, async (c) => c.json(await me.me(c.var.session.user.id), 200))
    .openapi(r.rules, async (c) => c.json(await me.acceptRules(c.var.session.user.id), 200))
    .openapi(r.email, async (c) =>
      c.json(await me.setEmailReplies(c.var.session.user.id, c.req.valid('json').replies), 200),
    )
    .openapi(r.replies, async (c) =>
      c.json(await replies.list(c.var.session.user.id, c.var.locale, c.req.valid('query').cursor), 200),
    )
    .openapi(r.seen, async (c) => c.json(await me.seen(c.var.session.user.id), 200))
    .route('/', circleWriteRoutes(deps));
}
