import { fromPromise } from 'xstate';
import type {
  CircleMe,
  CirclePost,
  EditPostBody,
  NewReplyBody,
  NewThreadBody,
  PostOutcome,
  RepliesPage,
} from '../../contract/circle';
import { circleRequest } from './circle-client';

/**
 * The circle's writing actors for members (issue 27, contract/circle.ts): a new thread, a reply, an
 * edit of her own post, the rules accepted, the e-mail choice, and the replies to her threads.
 * GET /circle/me is `loadCircleMe` of ./circle.ts. Each passes its actor's abort signal.
 */
const seg = encodeURIComponent;

/** POST /circle/threads → PostOutcome */
export const createThread = fromPromise<PostOutcome, NewThreadBody>(({ input, signal }) =>
  circleRequest('/circle/threads', { method: 'POST', body: input, signal }),
);

/** POST /circle/threads/{id}/replies → PostOutcome */
export const createReply = fromPromise<PostOutcome, NewReplyBody & { threadId: string }>(
  ({ input, signal }) =>
    circleRequest(`/circle/threads/${seg(input.threadId)}/replies`, {
      method: 'POST',
      body: { body: input.body, anonymous: input.anonymous },
      signal,
    }),
);

/** PATCH /circle/posts/{id} → CirclePost (her own, within the edit window) */
export const editPost = fromPromise<CirclePost, EditPostBody & { postId: string }>(({ input, signal }) =>
  circleRequest(`/circle/posts/${seg(input.postId)}`, {
    method: 'PATCH',
    body: { body: input.body, ...(input.title !== undefined ? { title: input.title } : {}) },
    signal,
  }),
);

/** PUT /circle/me/rules → CircleMe */
export const acceptRules = fromPromise<CircleMe>(({ signal }) =>
  circleRequest('/circle/me/rules', { method: 'PUT', signal }),
);

/** PUT /circle/me/email { replies } → CircleMe */
export const setReplyEmails = fromPromise<CircleMe, { replies: boolean }>(({ input, signal }) =>
  circleRequest('/circle/me/email', { method: 'PUT', body: { replies: input.replies }, signal }),
);

/** GET /circle/me/replies?cursor= → RepliesPage */
export const loadRepliesToMe = fromPromise<RepliesPage, { cursor: string | null }>(({ input, signal }) =>
  circleRequest('/circle/me/replies', { query: input.cursor ? { cursor: input.cursor } : {}, signal }),
);

/** POST /circle/me/replies/seen → CircleMe (unread back to 0) */
export const markRepliesSeen = fromPromise<CircleMe>(({ signal }) =>
  circleRequest('/circle/me/replies/seen', { method: 'POST', signal }),
);
