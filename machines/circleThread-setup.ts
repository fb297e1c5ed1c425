import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  CIRCLE_LIMITS,
  type CirclePost,
  type CircleThread,
  type HelpfulState,
  type ReportBody,
  type ReportReason,
} from '../contract/circle';
import {
  canReact,
  isThreadMissing,
  postIn,
  withEdited,
  withHelpful,
  withMoreReplies,
  withoutReply,
  withReply,
} from './circleThread-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * The setup of machines/circleThread.ts (its context, events, actors, guards and actions); the
 * statechart itself is in that file.
 *
 * A thread of the circle, /dashboard/circle/t/:id (issue 27): the opening post and its replies,
 * oldest first, a page at a time. Beside the reading, four things she does, each a region of
 * `ready`: "this helped me" on a post (the count shown is always the server's answer), reporting
 * a post (a reason, an optional note), deleting her own post (after a confirmation; her opening
 * post takes the thread with it), and editing her own post within its window (the composer in edit
 * mode sends `circleThread.edited` with the server's copy). The reply composer sends
 * `circleThread.replied` with her new post, which appears at once (with its review note if held).
 */
export interface CircleThreadContext {
  id: string;
  thread: CircleThread | null;
  error: AppError | null;
  moreError: AppError | null;
  /** The post whose "this helped me" is on its way, and the last one that failed. */
  helpfulPost: string | null;
  helpfulError: { postId: string; error: AppError } | null;
  report: { postId: string; reason: ReportReason | null; note: string; error: AppError | null } | null;
  removing: { postId: string; error: AppError | null } | null;
  editing: string | null;
}

export type CircleThreadEvent =
  | { type: 'circleThread.retry' }
  | { type: 'circleThread.more' }
  | { type: 'circleThread.helpful'; postId: string }
  | { type: 'circleThread.report.open'; postId: string }
  | { type: 'circleThread.report.reason'; reason: ReportReason }
  | { type: 'circleThread.report.note'; value: string }
  | { type: 'circleThread.report.send' }
  | { type: 'circleThread.report.close' }
  | { type: 'circleThread.delete.ask'; postId: string }
  | { type: 'circleThread.delete.confirm' }
  | { type: 'circleThread.delete.cancel' }
  | { type: 'circleThread.edit.open'; postId: string }
  | { type: 'circleThread.edit.close' }
  | { type: 'circleThread.edited'; post: CirclePost }
  | { type: 'circleThread.replied'; post: CirclePost };

export const threadOf = ({ event }: { event: { output: CircleThread } }) => ({ thread: event.output });
export const errorOf = ({ event }: { event: { error: unknown } }) => ({
  error: toAppError(event.error, 'NETWORK_ERROR'),
});
export const postIdOf = ({ event }: { event: CircleThreadEvent }) => ({
  postId: 'postId' in event ? event.postId : '',
});

export const circleThreadSetup = setup({
  types: {} as { context: CircleThreadContext; input: { id: string }; events: CircleThreadEvent },
  actors: {
    /** GET /circle/threads/{id}?cursor= */
    loadThread: fromPromise<CircleThread, { id: string; cursor: string | null }>(notProvided),
    /** PUT (on) or DELETE (off) /circle/posts/{id}/helpful */
    setHelpful: fromPromise<HelpfulState, { postId: string; on: boolean }>(notProvided),
    /** POST /circle/posts/{id}/reports */
    reportPost: fromPromise<{ received: true }, { postId: string } & ReportBody>(notProvided),
    /** DELETE /circle/posts/{id} */
    deletePost: fromPromise<void, { postId: string }>(notProvided),
  },
  guards: {
    missing: (_, { error }: { error: AppError }) => isThreadMissing(error),
    hasMore: ({ context }) => context.thread?.nextCursor != null,
    canReact: ({ context }, { postId }: { postId: string }) => canReact(postIn(context.thread, postId)),
    isMine: ({ context }, { postId }: { postId: string }) => !!postIn(context.thread, postId)?.mine,
    hasReason: ({ context }) => context.report?.reason != null,
    alreadyReported: (_, { error }: { error: AppError }) => error.code === 'CIRCLE_ALREADY_REPORTED',
    removedOpening: ({ context }) => context.removing?.postId === context.thread?.opening.id,
  },
  actions: {
    clearError: assign({ error: null, moreError: null }),
    setError: assign((_, { error }: { error: AppError }) => ({ error })),
    setMoreError: assign((_, { error }: { error: AppError }) => ({ moreError: error })),
    keepThread: assign((_, { thread }: { thread: CircleThread }) => ({ thread, error: null })),
    keepMoreReplies: assign(({ context }, { thread }: { thread: CircleThread }) => ({
      thread: context.thread ? withMoreReplies(context.thread, thread) : thread,
      moreError: null,
    })),
    startHelpful: assign((_, { postId }: { postId: string }) => ({
      helpfulPost: postId,
      helpfulError: null,
    })),
    keepHelpful: assign(({ context }, { state }: { state: HelpfulState }) => ({
      thread:
        context.thread && context.helpfulPost
          ? withHelpful(context.thread, context.helpfulPost, state)
          : context.thread,
      helpfulPost: null,
    })),
    setHelpfulError: assign(({ context }, { error }: { error: AppError }) => ({
      helpfulError: context.helpfulPost ? { postId: context.helpfulPost, error } : null,
      helpfulPost: null,
    })),
    openReport: assign((_, { postId }: { postId: string }) => ({
      report: { postId, reason: null, note: '', error: null },
    })),
    setReason: assign({
      report: ({ context, event }) => {
        assertEvent(event, 'circleThread.report.reason');
        return context.report && { ...context.report, reason: event.reason };
      },
    }),
    setNote: assign({
      report: ({ context, event }) => {
        assertEvent(event, 'circleThread.report.note');
        return (
          context.report && { ...context.report, note: event.value.slice(0, CIRCLE_LIMITS.reportNoteMax) }
        );
      },
    }),
    setReportError: assign(({ context }, { error }: { error: AppError }) => ({
      report: context.report && { ...context.report, error },
    })),
    closeReport: assign({ report: null }),
    askRemove: assign((_, { postId }: { postId: string }) => ({ removing: { postId, error: null } })),
    setRemoveError: assign(({ context }, { error }: { error: AppError }) => ({
      removing: context.removing && { ...context.removing, error },
    })),
    dropReply: assign(({ context }) => ({
      thread:
        context.thread && context.removing
          ? withoutReply(context.thread, context.removing.postId)
          : context.thread,
      removing: null,
      editing: context.editing === context.removing?.postId ? null : context.editing,
    })),
    closeRemove: assign({ removing: null }),
    openEdit: assign((_, { postId }: { postId: string }) => ({ editing: postId })),
    closeEdit: assign({ editing: null }),
    keepEdited: assign(({ context, event }) => {
      assertEvent(event, 'circleThread.edited');
      return { thread: context.thread && withEdited(context.thread, event.post), editing: null };
    }),
    addReply: assign(({ context, event }) => {
      assertEvent(event, 'circleThread.replied');
      return { thread: context.thread && withReply(context.thread, event.post) };
    }),
  },
});
