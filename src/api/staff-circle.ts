import { fromPromise } from 'xstate';
import type { CircleThread, NewReplyBody, PostOutcome, ThreadPage, ThreadQuery } from '../../contract/circle';
import type { QueueDecision, QueuePage } from '../../contract/circle-moderation';
import { staffRequest } from './staff-client';

/**
 * The community circle's staff actors (issue 27, contract/circle.ts): the moderation queue for
 * moderators and admins, the threads experts answer. Over the staff client (the staff session's
 * cookie, never a member's token); each passes its actor's abort signal.
 */
const seg = encodeURIComponent;

/** GET /staff/circle/queue?cursor= */
export const loadCircleQueue = fromPromise<QueuePage, { cursor: string | null }>(({ input, signal }) =>
  staffRequest('/circle/queue', { query: input.cursor ? { cursor: input.cursor } : {}, signal }),
);

/** What a moderator decides about one post. */
export type CircleDecisionInput =
  | { postId: string; kind: 'approve' }
  | { postId: string; kind: 'remove' | 'warn'; reason: string }
  | { postId: string; kind: 'suspend'; reason: string; days: number };

/** POST /staff/circle/posts/{id}/approve | remove { reason } | warn { reason } | suspend { reason, days } */
export const decideCirclePost = fromPromise<QueueDecision, CircleDecisionInput>(({ input, signal }) => {
  const at = `/circle/posts/${seg(input.postId)}/${input.kind}`;
  if (input.kind === 'approve') return staffRequest(at, { method: 'POST', signal });
  if (input.kind === 'suspend')
    return staffRequest(at, { method: 'POST', body: { reason: input.reason, days: input.days }, signal });
  return staffRequest(at, { method: 'POST', body: { reason: input.reason }, signal });
});

/** GET /staff/circle/threads?space=&order=&q=&cursor= (threads to answer) */
export const loadExpertThreads = fromPromise<ThreadPage, Omit<ThreadQuery, 'expert'>>(({ input, signal }) =>
  staffRequest('/circle/threads', { query: withoutEmpty(input), signal }),
);

/** GET /staff/circle/threads/{id}?cursor= */
export const loadExpertThread = fromPromise<CircleThread, { id: string; cursor: string | null }>(
  ({ input, signal }) =>
    staffRequest(`/circle/threads/${seg(input.id)}`, {
      query: input.cursor ? { cursor: input.cursor } : {},
      signal,
    }),
);

/** POST /staff/circle/threads/{id}/replies NewReplyBody (her reply: marked, with her name) */
export const sendExpertReply = fromPromise<PostOutcome, { id: string; body: NewReplyBody }>(
  ({ input, signal }) =>
    staffRequest(`/circle/threads/${seg(input.id)}/replies`, { method: 'POST', body: input.body, signal }),
);

function withoutEmpty(query: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}
