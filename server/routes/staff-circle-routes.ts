/**
 * The circle's staff routes (issue 27, contract/circle.ts): the moderation queue and its decisions
 * (moderators, admins) and experts' answers. Behind the staff guard (routes/staff.ts), which admits
 * each by contract/staff.ts STAFF_ROUTES. Domain: circle-queue.ts, circle-moderation.ts,
 * circle-expert-replies.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CircleThread, NewReplyBody, PostOutcome, ThreadPage, ThreadQuery } from '../../contract/circle.ts';
import {
  ModerationReasonBody,
  QueueDecision,
  QueuePage,
  SuspendBody,
} from '../../contract/circle-moderation.ts';
import { createCircleExpertReplies } from '../domain/circle-expert-replies.ts';
import { createCircleModeration } from '../domain/circle-moderation.ts';
import { createCircleQueue } from '../domain/circle-queue.ts';
import { type CircleReplyMailer, createCircleReplyMailer } from '../domain/circle-reply-mail.ts';
import { DEFAULT_FORMS_CONFIG } from '../domain/forms.ts';
import { smtpTransport } from '../domain/forms-mail.ts';
import { createRouter, jsonBody } from '../lib/http.ts';
import { BODY_ERRORS, bodyOf, errorResponses, reply } from './schemas.ts';
import type { StaffDeps } from './staff.ts';
import { actorOf, staffDoc, uuidParam } from './staff-inbox-routes.ts';

const circleErrors = errorResponses({
  400: 'VALIDATION_ERROR (with the fields) or INVALID_JSON',
  401: 'UNAUTHORIZED: no full staff session (the staff cookie)',
  403: 'FORBIDDEN: her roles do not admit this route',
  404: 'CIRCLE_POST_NOT_FOUND or CIRCLE_THREAD_NOT_FOUND',
  409: 'CIRCLE_ALREADY_DECIDED: the post no longer waits for a moderator (or has no member account behind it)',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE (send application/json)',
  422: 'CIRCLE_PERSONAL_DETAILS: remove the personal details found (`found` lists their kinds)',
  429: 'RATE_LIMITED',
});

const PostParams = z.object({ id: uuidParam('id') });
const QueueQuery = z.object({ cursor: z.string().max(200).optional() });
const ThreadParams = z.object({ id: uuidParam('id') });
const PageQuery = z.object({ cursor: z.string().max(200).optional() });

const ANONYMITY =
  'Each author shows as members see the post: her alias and avatar, or `{ kind: "member" }` for a post written as "a member" (never its alias, never an account id).';

const queue = createRoute({
  method: 'get',
  path: '/staff/circle/queue',
  ...staffDoc(
    'The moderation queue: posts waiting (pending or hidden), crisis first, then the oldest',
    `25 a page; \`cursor\` is the previous page’s nextCursor (opaque; a bad one is 400). ${ANONYMITY} Reports are counts by reason, never who; the account's record (removals, warnings, suspended) without naming it. Each read is written to the audit log. Moderators and admins.`,
  ),
  request: { query: QueueQuery },
  responses: { 200: reply(QueuePage, 'A page of the queue and its counts'), ...circleErrors(400, 401, 403) },
});

const AUDITED =
  "Written to the audit log (ids, statuses and reason codes; never the post's text or the reason's words).";
const decided = {
  200: reply(QueueDecision, 'What was decided and the post’s status now'),
  ...circleErrors(...BODY_ERRORS, 401, 403, 404, 409),
};

/** A decision with a body (remove, warn, suspend). */
const decision = <B extends z.ZodType>(path: string, summary: string, description: string, body: B) =>
  createRoute({
    method: 'post',
    path: `/staff/circle/posts/{id}/${path}`,
    ...staffDoc(summary, `${description} ${AUDITED}`),
    middleware: [jsonBody] as const,
    request: { params: PostParams, ...bodyOf(body) },
    responses: decided,
  });

const approve = createRoute({
  method: 'post',
  path: '/staff/circle/posts/{id}/approve',
  ...staffDoc(
    'Approve a waiting post: it is published',
    `No body. Its reports are resolved and its author’s record counts one more approved post. 409 CIRCLE_ALREADY_DECIDED when it no longer waits. ${AUDITED}`,
  ),
  request: { params: PostParams },
  responses: decided,
});
const remove = decision(
  'remove',
  'Remove a waiting post, with a reason its author sees',
  'Others see that a post was removed. `reason`: 4–500 characters. 409 CIRCLE_ALREADY_DECIDED when it no longer waits.',
  ModerationReasonBody,
);
const warn = decision(
  'warn',
  'Warn the account behind a post (the reason is the warning she reads)',
  'Acts on the account, not the post: the post is left as it is (approve or remove it as well). May follow a removal. 409 CIRCLE_ALREADY_DECIDED for an expert’s reply (no member account).',
  ModerationReasonBody,
);
const suspend = decision(
  'suspend',
  'Suspend the account behind a post for 1–90 days',
  'She may not post until then. When the post still waits it is removed with the same reason (its author sees it); a post already decided stays as it is. May follow a removal. 409 CIRCLE_ALREADY_DECIDED for an expert’s reply.',
  SuspendBody,
);

const threads = createRoute({
  method: 'get',
  path: '/staff/circle/threads',
  ...staffDoc(
    'Published threads for an expert to answer',
    `As members list them (keyset paged, \`order\` newest, helpful or unanswered, \`q\` searched as members search). ${ANONYMITY} Experts.`,
  ),
  request: { query: ThreadQuery },
  responses: { 200: reply(ThreadPage, 'A page of threads'), ...circleErrors(400, 401, 403, 404) },
});

const thread = createRoute({
  method: 'get',
  path: '/staff/circle/threads/{id}',
  ...staffDoc(
    'A published thread as a member would see it',
    `Replies oldest first, paged by \`cursor\`. ${ANONYMITY} \`mine\` marks her own expert replies. Experts.`,
  ),
  request: { params: ThreadParams, query: PageQuery },
  responses: { 200: reply(CircleThread, 'The thread'), ...circleErrors(400, 401, 403, 404) },
});

const expertReply = createRoute({
  method: 'post',
  path: '/staff/circle/threads/{id}/replies',
  ...staffDoc(
    'Reply as an expert: published at once, marked verified with her name and title',
    '`anonymous` is ignored (an expert always replies under her name). Length and personal-details checks as for members (400, 422). The thread shows that an expert answered. Written to the audit log (never the text). Experts with an expert profile.',
  ),
  middleware: [jsonBody] as const,
  request: { params: ThreadParams, ...bodyOf(NewReplyBody) },
  responses: {
    201: reply(PostOutcome, 'Her reply, published'),
    ...circleErrors(...BODY_ERRORS, 401, 403, 404, 422),
  },
});

/** SMTP_URL's mailer for "a new reply" (as the members' replies send it), or none. */
function replyMailerOf({ config }: StaffDeps): CircleReplyMailer | null {
  const forms = config.forms ?? DEFAULT_FORMS_CONFIG;
  if (!forms.smtpUrl) return null;
  return createCircleReplyMailer(
    smtpTransport(forms.smtpUrl),
    forms.mailFrom,
    config.site?.publicUrl ?? 'http://localhost',
  );
}

export function staffCircleRoutes(deps: StaffDeps) {
  const { database, clock, log } = deps;
  const queueReader = createCircleQueue({ database, clock });
  const moderation = createCircleModeration({ database, clock });
  const experts = createCircleExpertReplies({ database, clock, mailer: replyMailerOf(deps), log });
  const id = (raw: string) => raw.toLowerCase();
  return createRouter()
    .openapi(queue, async (c) => c.json(await queueReader.page(actorOf(c), c.req.valid('query').cursor), 200))
    .openapi(approve, async (c) =>
      c.json(await moderation.approve(actorOf(c), id(c.req.valid('param').id)), 200),
    )
    .openapi(remove, async (c) =>
      c.json(
        await moderation.remove(actorOf(c), id(c.req.valid('param').id), c.req.valid('json').reason),
        200,
      ),
    )
    .openapi(warn, async (c) =>
      c.json(await moderation.warn(actorOf(c), id(c.req.valid('param').id), c.req.valid('json').reason), 200),
    )
    .openapi(suspend, async (c) => {
      const body = c.req.valid('json');
      return c.json(
        await moderation.suspend(actorOf(c), id(c.req.valid('param').id), body.reason, body.days),
        200,
      );
    })
    .openapi(threads, async (c) => c.json(await experts.threads(actorOf(c), c.req.valid('query')), 200))
    .openapi(thread, async (c) =>
      c.json(await experts.thread(actorOf(c), id(c.req.valid('param').id), c.req.valid('query').cursor), 200),
    )
    .openapi(expertReply, async (c) =>
      c.json(await experts.reply(actorOf(c), id(c.req.valid('param').id), c.req.valid('json').body), 201),
    );
}
