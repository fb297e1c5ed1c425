/**
 * The community circle (issue 27): members ask and answer in spaces, anonymously when they choose,
 * moderated by staff; experts' replies are marked. The shapes and constants both sides import.
 *
 * Members (bearer token), all under /api:
 *   GET    /circle/spaces                          → CircleSpaces
 *   GET    /circle/threads?space=&order=&q=&expert=&cursor=  → ThreadPage (keyset paging)
 *   POST   /circle/threads          NewThreadBody  → PostOutcome (201)
 *   GET    /circle/threads/{id}?cursor=            → CircleThread (replies oldest first, paged)
 *   POST   /circle/threads/{id}/replies  NewReplyBody → PostOutcome (201)
 *   PATCH  /circle/posts/{id}       EditPostBody   → CirclePost (her own, within 15 minutes)
 *   DELETE /circle/posts/{id}                      → 204 (her own, any time)
 *   PUT    /circle/posts/{id}/helpful              → HelpfulState ("this helped me")
 *   DELETE /circle/posts/{id}/helpful              → HelpfulState
 *   POST   /circle/posts/{id}/reports ReportBody   → 202 { received: true }
 *   GET    /circle/me                              → CircleMe
 *   PUT    /circle/me/rules                        → CircleMe (the rules accepted, once)
 *   PUT    /circle/me/email     CircleEmailBody    → CircleMe (replies by e-mail: only with an address)
 *   GET    /circle/me/replies?cursor=              → RepliesPage (new replies to her threads)
 *   POST   /circle/me/replies/seen                 → CircleMe (unread back to 0)
 * Staff (the staff cookie; the roles are in contract/staff.ts STAFF_ROUTES; the moderation shapes
 * are in contract/circle-moderation.ts):
 *   GET    /staff/circle/queue?cursor=             → QueuePage (moderator, admin)
 *   POST   /staff/circle/posts/{id}/approve        → QueueDecision
 *   POST   /staff/circle/posts/{id}/remove  ModerationReasonBody → QueueDecision
 *   POST   /staff/circle/posts/{id}/warn    ModerationReasonBody → QueueDecision
 *   POST   /staff/circle/posts/{id}/suspend SuspendBody         → QueueDecision
 *   GET    /staff/circle/threads?space=&order=&q=&cursor= → ThreadPage (expert: threads to answer)
 *   GET    /staff/circle/threads/{id}?cursor=      → CircleThread (expert)
 *   POST   /staff/circle/threads/{id}/replies NewReplyBody → PostOutcome (expert; marked, her name)
 *
 * Anonymity: a post written as "a member" carries `{ kind: 'member' }` and nothing else about its
 * author, to other members, to experts and to moderators alike; `mine` is true only for her own
 * posts in her own answers. Moderators act on the account through the post (its id), never an alias.
 */
import { z } from '@hono/zod-openapi';

export const CIRCLE_LIMITS = {
  titleMin: 8,
  titleMax: 120,
  bodyMin: 2,
  /** An opening post. */
  threadBodyMax: 5000,
  replyMax: 3000,
  reportNoteMax: 500,
  moderationReasonMin: 4,
  moderationReasonMax: 500,
  /** Her own posts can be edited this long after they were sent (deleted at any time). */
  editWindowMinutes: 15,
  /** A new member's first posts wait for a moderator. */
  heldFirstPosts: 3,
  /** This many reports from different members hide a post until a moderator decides. */
  reportsToHide: 3,
  /** Posts (threads and replies together) per member per hour … */
  postsPerHour: 12,
  /** … and for an account younger than `newAccountDays`. */
  newAccountPostsPerHour: 4,
  newAccountDays: 7,
  threadsPageSize: 20,
  repliesPageSize: 50,
  queuePageSize: 25,
  repliesToMePageSize: 20,
  searchMax: 100,
  suspendDaysMax: 90,
} as const;

export const THREAD_ORDERS = ['newest', 'helpful', 'unanswered'] as const;
export type ThreadOrder = (typeof THREAD_ORDERS)[number];

export const REPORT_REASONS = ['personal-details', 'unkind', 'harmful-advice', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Why a post is in the moderation queue; crisis posts come first. */
export const QUEUE_REASONS = ['crisis', 'reported', 'watched-word', 'new-member'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

/**
 * What a post is to whoever reads it. `pending`: waiting for a moderator (only its author sees it);
 * `hidden`: reported enough to be hidden until a moderator decides (only its author sees it, marked);
 * `removed`: removed by a moderator (its author sees the reason; others see that a post was removed).
 */
export const POST_STATUSES = ['published', 'pending', 'hidden', 'removed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** Personal details the composer and the server look for before a post leaves (circle-privacy.ts). */
export const PERSONAL_DETAIL_KINDS = ['phone', 'email', 'link', 'handle', 'name'] as const;
export type PersonalDetailKind = (typeof PERSONAL_DETAIL_KINDS)[number];

// ------------------------------------------------------------------ shapes

export const CircleSpace = z
  .object({
    /** A slug: periods, contraception, pregnancy-and-loss, fertility, menopause, intimacy, wellbeing. */
    id: z.string(),
    title: z.string(),
    description: z.string(),
    /** Published threads. */
    threads: z.number().int(),
    lastActivityAt: z.string().nullable(),
  })
  .openapi('CircleSpace');
export type CircleSpace = z.infer<typeof CircleSpace>;

export const CircleSpaces = z.object({ spaces: z.array(CircleSpace) }).openapi('CircleSpaces');
export type CircleSpaces = z.infer<typeof CircleSpaces>;

export const PostAuthor = z
  .discriminatedUnion('kind', [
    /** Her alias and avatar, as she chose for this post. */
    z.object({ kind: z.literal('alias'), alias: z.string(), avatar: z.string() }),
    /** "A member": nothing that links the post to her or to her other posts. */
    z.object({ kind: z.literal('member') }),
    /** An expert's reply: verified, with her name and title (and her public profile's id). */
    z.object({ kind: z.literal('expert'), expertId: z.string(), name: z.string(), title: z.string() }),
  ])
  .openapi('CirclePostAuthor');
export type PostAuthor = z.infer<typeof PostAuthor>;

export const CirclePost = z
  .object({
    id: z.uuid(),
    threadId: z.uuid(),
    /** Plain text with line breaks; never HTML. Empty when removed (for anyone but its author). */
    body: z.string(),
    author: PostAuthor,
    status: z.enum(POST_STATUSES),
    /** A moderator's reason, for its author only when removed; null otherwise. */
    removedReason: z.string().nullable(),
    helpful: z.number().int(),
    /** She marked it "this helped me" (her own answer only; never who else did). */
    helpedMe: z.boolean(),
    /** Her own post: she may edit it until `editableUntil` and delete it at any time. */
    mine: z.boolean(),
    editableUntil: z.string().nullable(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
  })
  .openapi('CirclePost');
export type CirclePost = z.infer<typeof CirclePost>;

export const ThreadSummary = z
  .object({
    id: z.uuid(),
    spaceId: z.string(),
    title: z.string(),
    /** The first 200 characters of the opening post. */
    excerpt: z.string(),
    author: PostAuthor,
    status: z.enum(POST_STATUSES),
    replies: z.number().int(),
    helpful: z.number().int(),
    /** An expert has replied. */
    expertAnswered: z.boolean(),
    mine: z.boolean(),
    createdAt: z.string(),
    lastActivityAt: z.string(),
  })
  .openapi('CircleThreadSummary');
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const ThreadQuery = z.object({
  space: z.string().max(60).optional(),
  order: z.enum(THREAD_ORDERS).optional(),
  q: z.string().max(CIRCLE_LIMITS.searchMax).optional(),
  /** '1': only threads an expert answered. */
  expert: z.enum(['1', '0']).optional(),
  cursor: z.string().max(200).optional(),
});
export type ThreadQuery = z.input<typeof ThreadQuery>;

export const ThreadPage = z
  .object({ items: z.array(ThreadSummary), nextCursor: z.string().nullable() })
  .openapi('CircleThreadPage');
export type ThreadPage = z.infer<typeof ThreadPage>;

export const CircleThread = z
  .object({
    id: z.uuid(),
    space: z.object({ id: z.string(), title: z.string() }),
    title: z.string(),
    opening: CirclePost,
    /** Oldest first; `nextCursor` continues. Her own pending or hidden replies are among them. */
    replies: z.array(CirclePost),
    replyCount: z.number().int(),
    nextCursor: z.string().nullable(),
  })
  .openapi('CircleThread');
export type CircleThread = z.infer<typeof CircleThread>;

export const NewThreadBody = z
  .object({
    spaceId: z.string(),
    title: z.string(),
    body: z.string(),
    /** Post as "a member" instead of her alias and avatar. */
    anonymous: z.boolean(),
  })
  .openapi('CircleNewThread');
export type NewThreadBody = z.infer<typeof NewThreadBody>;

export const NewReplyBody = z.object({ body: z.string(), anonymous: z.boolean() }).openapi('CircleNewReply');
export type NewReplyBody = z.infer<typeof NewReplyBody>;

export const EditPostBody = z
  .object({ body: z.string(), title: z.string().optional() })
  .openapi('CircleEditPost');
export type EditPostBody = z.infer<typeof EditPostBody>;

/** What became of a post she sent. */
export const PostOutcome = z
  .object({
    post: CirclePost,
    /** 'pending': waiting for a moderator (her first posts, or a watched word). */
    status: z.enum(['published', 'pending']),
    /** Words of crisis: show her the safety panel now (the post goes first in the queue). */
    crisis: z.boolean(),
  })
  .openapi('CirclePostOutcome');
export type PostOutcome = z.infer<typeof PostOutcome>;

export const HelpfulState = z
  .object({ helpful: z.number().int(), helpedMe: z.boolean() })
  .openapi('CircleHelpful');
export type HelpfulState = z.infer<typeof HelpfulState>;

export const ReportBody = z
  .object({ reason: z.enum(REPORT_REASONS), note: z.string().optional() })
  .openapi('CircleReport');
export type ReportBody = z.infer<typeof ReportBody>;

export const CircleMe = z
  .object({
    rulesAcceptedAt: z.string().nullable(),
    /** New replies to her threads she has not seen. */
    unread: z.number().int(),
    /** She may not post until then; null: she may. */
    suspendedUntil: z.string().nullable(),
    /** The last moderator's warning to her, or null. */
    warning: z.object({ message: z.string(), at: z.string() }).nullable(),
    /** Replies by e-mail: possible only when Account Settings holds her address. */
    email: z.object({ available: z.boolean(), replies: z.boolean() }),
  })
  .openapi('CircleMe');
export type CircleMe = z.infer<typeof CircleMe>;

export const CircleEmailBody = z.object({ replies: z.boolean() }).openapi('CircleEmailBody');

export const ReplyToMe = z
  .object({
    postId: z.uuid(),
    threadId: z.uuid(),
    threadTitle: z.string(),
    author: PostAuthor,
    excerpt: z.string(),
    createdAt: z.string(),
    unread: z.boolean(),
  })
  .openapi('CircleReplyToMe');
export type ReplyToMe = z.infer<typeof ReplyToMe>;

export const RepliesPage = z
  .object({ items: z.array(ReplyToMe), nextCursor: z.string().nullable() })
  .openapi('CircleRepliesPage');
export type RepliesPage = z.infer<typeof RepliesPage>;

/** The app's pages of the circle (members, under the dashboard guard) and the staff's. */
export const CIRCLE_PAGES = {
  home: '/dashboard/circle',
  space: '/dashboard/circle/s/:space',
  thread: '/dashboard/circle/t/:id',
  newThread: '/dashboard/circle/s/:space/new',
  replies: '/dashboard/circle/replies',
  staffQueue: '/staff/circle/queue',
  staffThreads: '/staff/circle',
  staffThread: '/staff/circle/t/:id',
} as const;
