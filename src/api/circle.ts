import { fromPromise } from 'xstate';
import type {
  CircleMe,
  CircleSpaces,
  CircleThread,
  HelpfulState,
  ReportBody,
  ThreadPage,
  ThreadQuery,
} from '../../contract/circle';
import { circleRequest } from './circle-client';

/**
 * The circle's reading actors for members (issue 27, contract/circle.ts): the spaces, a space's
 * threads, a thread with its replies, "this helped me", reports, deleting her own post and her
 * circle state (GET /circle/me, also used by the composer and the replies page). Each passes its
 * actor's abort signal, so leaving a state (or the page) cancels the request.
 */
const seg = encodeURIComponent;

/** GET /circle/spaces */
export const loadSpaces = fromPromise<CircleSpaces>(({ signal }) =>
  circleRequest('/circle/spaces', { signal }),
);

/** GET /circle/threads?space=&order=&q=&expert=&cursor= */
export const loadThreads = fromPromise<ThreadPage, ThreadQuery>(({ input, signal }) =>
  circleRequest('/circle/threads', { query: withoutEmpty(input), signal }),
);

/** GET /circle/threads/{id}?cursor= (the opening post and the replies, oldest first) */
export const loadThread = fromPromise<CircleThread, { id: string; cursor: string | null }>(
  ({ input, signal }) =>
    circleRequest(`/circle/threads/${seg(input.id)}`, {
      query: input.cursor ? { cursor: input.cursor } : {},
      signal,
    }),
);

/** PUT /circle/posts/{id}/helpful (on) or DELETE (off): the count as the server has it. */
export const setHelpful = fromPromise<HelpfulState, { postId: string; on: boolean }>(({ input, signal }) =>
  circleRequest(`/circle/posts/${seg(input.postId)}/helpful`, {
    method: input.on ? 'PUT' : 'DELETE',
    signal,
  }),
);

/** POST /circle/posts/{id}/reports { reason, note? } → 202 (409 CIRCLE_ALREADY_REPORTED) */
export const reportPost = fromPromise<{ received: true }, { postId: string } & ReportBody>(
  ({ input, signal }) =>
    circleRequest(`/circle/posts/${seg(input.postId)}/reports`, {
      method: 'POST',
      body: { reason: input.reason, ...(input.note?.trim() ? { note: input.note.trim() } : {}) },
      signal,
    }),
);

/** DELETE /circle/posts/{id} → 204 (her own post, at any time) */
export const deletePost = fromPromise<void, { postId: string }>(async ({ input, signal }) => {
  await circleRequest(`/circle/posts/${seg(input.postId)}`, { method: 'DELETE', signal });
});

/** GET /circle/me: rules accepted, unread replies, suspension, warning, e-mail choice. */
export const loadCircleMe = fromPromise<CircleMe>(({ signal }) => circleRequest('/circle/me', { signal }));

function withoutEmpty(query: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}
