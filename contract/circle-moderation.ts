/**
 * The circle's moderation queue and decisions (issue 27), for moderators and admins: what a queued
 * post shows them (the author only as members see her), and what they send. The routes are listed in
 * contract/circle.ts; the roles in contract/staff.ts STAFF_ROUTES.
 */
import { z } from '@hono/zod-openapi';
import { POST_STATUSES, PostAuthor, QUEUE_REASONS, REPORT_REASONS } from './circle.ts';

export const QueueItem = z
  .object({
    postId: z.uuid(),
    threadId: z.uuid(),
    spaceId: z.string(),
    threadTitle: z.string(),
    /** The opening post of a thread (its title is the thread's) or a reply. */
    opening: z.boolean(),
    body: z.string(),
    /** As the post shows it to members: an alias the author chose to show, or "a member". */
    author: PostAuthor,
    reasons: z.array(z.enum(QUEUE_REASONS)),
    /** Reports by reason (counts, never who). */
    reports: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
    /** The watched words it matched. */
    words: z.array(z.string()),
    status: z.enum(POST_STATUSES),
    /** The author account's record, without naming it: earlier removals and warnings. */
    history: z.object({ removed: z.number().int(), warnings: z.number().int(), suspended: z.boolean() }),
    createdAt: z.string(),
  })
  .openapi('CircleQueueItem');
export type QueueItem = z.infer<typeof QueueItem>;

export const QueuePage = z
  .object({
    items: z.array(QueueItem),
    nextCursor: z.string().nullable(),
    counts: z.object({ total: z.number().int(), crisis: z.number().int(), reported: z.number().int() }),
  })
  .openapi('CircleQueuePage');
export type QueuePage = z.infer<typeof QueuePage>;

export const ModerationReasonBody = z.object({ reason: z.string() }).openapi('CircleModerationReason');
export type ModerationReasonBody = z.infer<typeof ModerationReasonBody>;

export const SuspendBody = z.object({ reason: z.string(), days: z.number().int() }).openapi('CircleSuspend');
export type SuspendBody = z.infer<typeof SuspendBody>;

export const QueueDecision = z
  .object({
    postId: z.uuid(),
    decision: z.enum(['approved', 'removed', 'warned', 'suspended']),
    status: z.enum(POST_STATUSES),
  })
  .openapi('CircleQueueDecision');
export type QueueDecision = z.infer<typeof QueueDecision>;
