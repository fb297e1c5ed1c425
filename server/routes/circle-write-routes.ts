/**
 * The circle's write routes for members (issue 27, contract/circle.ts): new threads and replies,
 * edits, deletions, reports. Mounted by routes/circle.ts behind her bearer token; what a post goes
 * through is in server/domain/circle-checks.ts and circle-posts.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  CirclePost,
  EditPostBody,
  NewReplyBody,
  NewThreadBody,
  PostOutcome,
  ReportBody,
} from '../../contract/circle.ts';
import { createCirclePostDelete } from '../domain/circle-post-delete.ts';
import { createCirclePostEdit } from '../domain/circle-post-edit.ts';
import { createCirclePosts } from '../domain/circle-posts.ts';
import { type CircleReplyMailer, createCircleReplyMailer } from '../domain/circle-reply-mail.ts';
import { createCircleReports } from '../domain/circle-reports.ts';
import { contentWatchedWords } from '../domain/circle-words.ts';
import { DEFAULT_FORMS_CONFIG } from '../domain/forms.ts';
import { smtpTransport } from '../domain/forms-mail.ts';
import { createRouter, jsonBody } from '../lib/http.ts';
import { type CircleDeps, circleDoc, circleErrors, circleUuid } from './circle-http.ts';
import { bodyOf, type Limit, reply } from './schemas.ts';

const IdParams = z.object({ id: circleUuid('id') });
const SENT =
  'Checked in this order: the circle’s rules accepted (409 CIRCLE_RULES_REQUIRED), not suspended (403 CIRCLE_SUSPENDED), lengths (400, fieldCodes TEXT_TOO_SHORT / TEXT_TOO_LONG), personal details (422 CIRCLE_PERSONAL_DETAILS with `found`: the kinds), refused words (422 CIRCLE_WORDS_REFUSED), her hourly limit (429 RATE_LIMITED). Plain text: line breaks kept, never HTML. A new member’s first posts, and posts with watched or crisis words, wait for a moderator (`status: pending`); `crisis: true` asks the app to show her the safety panel now.';

const routes = (auth: Limit) => {
  return {
    thread: createRoute({
      method: 'post',
      path: '/circle/threads',
      ...circleDoc('Start a thread in a space (a title and the opening post)', SENT),
      middleware: [auth, jsonBody] as const,
      request: bodyOf(NewThreadBody),
      responses: {
        201: reply(PostOutcome, 'Sent: published, or waiting for a moderator'),
        ...circleErrors(400, 401, 403, 404, 409, 413, 415, 422, 429),
      },
    }),
    reply: createRoute({
      method: 'post',
      path: '/circle/threads/{id}/replies',
      ...circleDoc('Reply to a thread', SENT),
      middleware: [auth, jsonBody] as const,
      request: { params: IdParams, ...bodyOf(NewReplyBody) },
      responses: {
        201: reply(PostOutcome, 'Sent: published, or waiting for a moderator'),
        ...circleErrors(400, 401, 403, 404, 409, 413, 415, 422, 429),
      },
    }),
    edit: createRoute({
      method: 'patch',
      path: '/circle/posts/{id}',
      ...circleDoc(
        'Edit her own post (within 15 minutes of sending it)',
        'The same checks as sending; `title` for a thread’s opening post only. Her post only (403 CIRCLE_NOT_YOURS); after the window, or once removed, 409 CIRCLE_EDIT_WINDOW_CLOSED. A watched or crisis word makes a published post wait for a moderator.',
      ),
      middleware: [auth, jsonBody] as const,
      request: { params: IdParams, ...bodyOf(EditPostBody) },
      responses: {
        200: reply(CirclePost, 'The post as edited'),
        ...circleErrors(400, 401, 403, 404, 409, 413, 415, 422),
      },
    }),
    remove: createRoute({
      method: 'delete',
      path: '/circle/posts/{id}',
      ...circleDoc(
        'Delete her own post, at any time',
        'Deleting a thread’s opening post deletes the thread and its replies. Her post only (403 CIRCLE_NOT_YOURS).',
      ),
      middleware: [auth] as const,
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' }, ...circleErrors(400, 401, 403, 404) },
    }),
    report: createRoute({
      method: 'post',
      path: '/circle/posts/{id}/reports',
      ...circleDoc(
        'Report a post to the moderators (a reason, an optional note)',
        'Once per post (409 CIRCLE_ALREADY_REPORTED), never her own (403 FORBIDDEN). Three reports from different members hide the post until a moderator decides. Nobody is told who reported.',
      ),
      middleware: [auth, jsonBody] as const,
      request: { params: IdParams, ...bodyOf(ReportBody) },
      responses: {
        202: reply(z.object({ received: z.literal(true) }), 'Received'),
        ...circleErrors(400, 401, 403, 404, 409, 413, 415),
      },
    }),
  };
};

/** SMTP_URL's mailer for replies (the forms' sender and the site's address), or none. */
function replyMailerOf(deps: CircleDeps): CircleReplyMailer | null {
  if (deps.replyMailer !== undefined) return deps.replyMailer;
  const forms = deps.config.forms ?? DEFAULT_FORMS_CONFIG;
  if (!forms.smtpUrl) return null;
  return createCircleReplyMailer(
    smtpTransport(forms.smtpUrl),
    forms.mailFrom,
    deps.config.site?.publicUrl ?? 'http://localhost',
  );
}

export function circleWriteRoutes(deps: CircleDeps) {
  const { database, clock, log, auth, postLimit } = deps;
  const words = contentWatchedWords();
  const posts = createCirclePosts({
    database,
    clock,
    limit: postLimit,
    words,
    mailer: replyMailerOf(deps),
    log,
  });
  const edit = createCirclePostEdit({ database, clock, words });
  const remove = createCirclePostDelete({ database, clock });
  const report = createCircleReports({ database, clock });
  const r = routes(auth);
  return createRouter()
    .openapi(r.thread, async (c) =>
      c.json(await posts.newThread(c.var.session.user.id, c.var.locale, c.req.valid('json')), 201),
    )
    .openapi(r.reply, async (c) =>
      c.json(
        await posts.newReply(
          c.var.session.user.id,
          c.var.locale,
          c.req.valid('param').id,
          c.req.valid('json'),
        ),
        201,
      ),
    )
    .openapi(r.edit, async (c) =>
      c.json(
        await edit(c.var.session.user.id, c.var.locale, c.req.valid('param').id, c.req.valid('json')),
        200,
      ),
    )
    .openapi(r.remove, async (c) => {
      await remove(c.var.session.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(r.report, async (c) => {
      await report(c.var.session.user.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ received: true as const }, 202);
    });
}
