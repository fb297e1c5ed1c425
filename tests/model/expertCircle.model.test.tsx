import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { PostOutcome, ThreadPage } from '../../contract/circle';
import { expertCircleMachine } from '../../machines/expertCircle';
import { expertCircleThreadMachine } from '../../machines/expertCircleThread';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { circlePost, circleThread, EXPERT_ME, StaffCircleServer, threadSummary } from './staffCircle-server';

/**
 * Model-based test of the circle for experts (issue 27) on the real pages inside the real staff
 * area, signed in as an expert: /staff/circle (unanswered first, newest, a search, "Load more",
 * empty, failed) and /staff/circle/t/:id (the thread as members see it, more replies, and her reply:
 * refused empty, stopped by personal details, sent with the verified mark and her name, failed
 * with a retry). The server's answers are explicit events.
 */
const server = vi.hoisted(() => ({ current: null as StaffCircleServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const listCoverage = new Coverage('expertCircle', expertCircleMachine);
const threadCoverage = new Coverage('expertCircleThread', expertCircleThreadMachine);
const ui = modelApp({ coverage: [listCoverage, threadCoverage] });
const api = () => server.current!;

const FIRST: ThreadPage = {
  items: [threadSummary(1), threadSummary(2, { expertAnswered: true })],
  nextCursor: 'c2',
};
const NEXT: ThreadPage = { items: [threadSummary(3)], nextCursor: null };
const NONE: ThreadPage = { items: [], nextCursor: null };
const THREAD = circleThread();
const AT = `/circle/threads/${THREAD.id}`;
const REPLIES = `${AT}/replies`;
const MORE_REPLIES = circleThread({
  replies: [circlePost(2, { author: { kind: 'member' } })],
  nextCursor: null,
});
const ANSWER = 'Night sweats are common in perimenopause.\nKeep a diary for two weeks.';
const SENT: PostOutcome = {
  post: circlePost(9, {
    body: ANSWER,
    author: { kind: 'expert', expertId: EXPERT_ME.expertId!, name: EXPERT_ME.name, title: 'Gynaecologist' },
  }),
  status: 'published',
  crisis: false,
};

const rows = () => screen.queryAllByTestId('thread-row');
const posts = () => screen.queryAllByTestId('circle-post');
const field = () => screen.getByTestId('field-reply');
const write = async (text: string) => {
  await ui.app.user.clear(field());
  await ui.app.user.type(field(), text);
};
const submit = () => ui.app.user.click(screen.getByTestId('reply-submit'));

const model = createMachine({
  id: 'expertCircleModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_THREAD: 'threadLoading' } },
    loading: { on: { PAGE: 'list', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PAGE: 'list' } },
    list: { on: { MORE: 'loadingMore', NEWEST: 'newest' } },
    loadingMore: { on: { MORE_PAGE: 'all', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'all' } },
    all: {},
    newest: { on: { NOTHING: 'empty' } },
    empty: { on: { SEARCH: 'searching' } },
    searching: { on: { PAGE: 'searched' } },
    searched: {},
    threadLoading: { on: { THREAD: 'thread', THREAD_FAIL: 'threadFailed' } },
    threadFailed: { on: { THREAD_RETRY: 'threadRetrying' } },
    threadRetrying: { on: { THREAD: 'thread' } },
    thread: {
      on: {
        MORE_REPLIES: 'repliesMore',
        SUBMIT_EMPTY: 'replyProblem',
        WRITE_EMAIL: 'needsEdit',
        WRITE_OK: 'sending',
      },
    },
    repliesMore: { on: { REPLIES_PAGE: 'allReplies', REPLIES_FAIL: 'repliesMoreFailed' } },
    repliesMoreFailed: { on: { REPLIES_AGAIN: 'repliesMoreAgain' } },
    repliesMoreAgain: { on: { REPLIES_PAGE: 'allReplies' } },
    allReplies: {},
    replyProblem: {},
    needsEdit: { on: { FIX: 'sending' } },
    sending: { on: { SENT: 'sent', SEND_FAIL: 'sendFailed' } },
    sendFailed: { on: { SEND_RETRY: 'sendingAgain', EDIT: 'editing' } },
    sendingAgain: { on: { SENT: 'sent' } },
    editing: {},
    sent: { on: { WRITE_AGAIN: 'writingAgain' } },
    writingAgain: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

describe('experts’ circle model on the real pages', () => {
  beforeAll(async () => {
    await import('../../src/views/staff-circle/ExpertCircleView');
    await import('../../src/views/staff-circle/ExpertThreadView');
  }, 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(10));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffCircleServer(EXPERT_ME);
          await ui.open('/staff/circle', { ready: 'expert-circle' });
        },
        OPEN_THREAD: async () => {
          server.current = new StaffCircleServer(EXPERT_ME);
          await ui.open(`/staff/circle/t/${THREAD.id}`, { ready: 'expert-thread' });
        },
        PAGE: () => api().answer('/circle/threads', FIRST),
        NOTHING: () => api().answer('/circle/threads', NONE),
        FAIL: () => api().fail('/circle/threads', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.circle.retry'),
        MORE: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_AGAIN: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer('/circle/threads', NEXT),
        MORE_FAIL: () => api().fail('/circle/threads', { code: 'NETWORK_ERROR' }),
        NEWEST: () =>
          ui.app.user.click(
            within(screen.getByTestId('circle-order')).getByText(ui.t('staff.circle.order.newest')),
          ),
        SEARCH: async () => {
          await ui.app.user.type(screen.getByTestId('circle-search'), '  هبات ساخنة ');
          await ui.app.user.click(screen.getByTestId('circle-search-submit'));
        },
        THREAD: () => api().answer(AT, THREAD),
        THREAD_FAIL: () => api().fail(AT, { code: 'CIRCLE_THREAD_NOT_FOUND' }),
        THREAD_RETRY: () => ui.press('staff.circle.retry'),
        MORE_REPLIES: () => ui.app.user.click(screen.getByTestId('load-more')),
        REPLIES_AGAIN: () => ui.app.user.click(screen.getByTestId('load-more')),
        REPLIES_PAGE: () => api().answer(AT, MORE_REPLIES),
        REPLIES_FAIL: () => api().fail(AT, { code: 'NETWORK_ERROR' }),
        SUBMIT_EMPTY: submit,
        WRITE_EMAIL: async () => {
          await write('Write to me at layla.nasser@example.com');
          await submit();
        },
        FIX: async () => {
          await write(ANSWER);
          await submit();
        },
        WRITE_OK: async () => {
          await write(ANSWER);
          await submit();
        },
        SENT: () => api().answer(REPLIES, SENT, 'POST'),
        SEND_FAIL: () => api().fail(REPLIES, { code: 'NETWORK_ERROR' }, 'POST'),
        SEND_RETRY: () =>
          ui.app.user.click(
            within(screen.getByTestId('reply-failed')).getByRole('button', {
              name: ui.t('staff.circle.retry'),
            }),
          ),
        EDIT: () => ui.app.user.type(field(), '!'),
        WRITE_AGAIN: () => ui.app.user.type(field(), 'Also'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('threads-loading')).toBeInTheDocument();
          expect(api().last('/circle/threads').query).toEqual({ order: 'unanswered' });
        },
        retrying: async () => {
          expect(await screen.findByTestId('threads-loading')).toBeInTheDocument();
          expect(api().open('/circle/threads')).toHaveLength(1);
        },
        failed: async () => {
          expect(await screen.findByTestId('threads-error')).toHaveTextContent(
            ui.t('staff.circle.threads.failed'),
          );
        },
        list: async () => {
          await waitFor(() => expect(rows()).toHaveLength(2));
          expect(rows()[0]).toHaveAttribute('href', `/staff/circle/t/${FIRST.items[0]!.id}`);
          expect(rows()[0]).toHaveTextContent(ui.t('staff.circle.author.member'));
          expect(within(rows()[1]!).getByTestId('thread-answered')).toBeInTheDocument();
        },
        loadingMore: async () => {
          await waitFor(() =>
            expect(api().last('/circle/threads').query).toEqual({ order: 'unanswered', cursor: 'c2' }),
          );
          expect(screen.getByTestId('load-more')).toHaveAttribute('aria-busy', 'true');
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().open('/circle/threads')).toHaveLength(1));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('staff.circle.threads.moreFailed'),
          );
          expect(rows()).toHaveLength(2);
        },
        all: async () => {
          await waitFor(() => expect(rows()).toHaveLength(3));
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        newest: async () => {
          await waitFor(() => expect(api().last('/circle/threads').query).toEqual({ order: 'newest' }));
        },
        empty: async () => {
          expect(await screen.findByTestId('threads-empty')).toHaveTextContent(
            ui.t('staff.circle.threads.empty.title'),
          );
        },
        searching: async () => {
          await waitFor(() =>
            expect(api().last('/circle/threads').query).toEqual({ order: 'newest', q: 'هبات ساخنة' }),
          );
        },
        searched: async () => {
          await waitFor(() => expect(rows()).toHaveLength(2));
        },
        threadLoading: async () => {
          expect(await screen.findByTestId('thread-loading')).toBeInTheDocument();
          expect(api().last(AT).query).toEqual({});
        },
        threadFailed: async () => {
          const error = await screen.findByTestId('thread-error');
          expect(error).toHaveTextContent(ui.t('staff.circle.thread.failed'));
          expect(error).toHaveTextContent(ui.t('staff.circle.error.CIRCLE_THREAD_NOT_FOUND'));
        },
        threadRetrying: async () => {
          expect(await screen.findByTestId('thread-loading')).toBeInTheDocument();
        },
        thread: async () => {
          await waitFor(() => expect(posts()).toHaveLength(2));
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(THREAD.title);
          // the opening post as members see it: "a member", its line breaks kept
          expect(within(posts()[0]!).getByTestId('circle-author')).toHaveTextContent(
            ui.t('staff.circle.author.member'),
          );
          expect(within(posts()[0]!).getByTestId('circle-body').textContent).toBe(THREAD.opening.body);
          expect(within(posts()[1]!).getByTestId('circle-author')).toHaveTextContent('Jasmine1');
        },
        repliesMore: async () => {
          await waitFor(() => expect(api().last(AT).query).toEqual({ cursor: 'r2' }));
        },
        repliesMoreAgain: async () => {
          await waitFor(() => expect(api().open(AT)).toHaveLength(1));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        repliesMoreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('staff.circle.thread.moreFailed'),
          );
        },
        allReplies: async () => {
          await waitFor(() => expect(posts()).toHaveLength(3));
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        replyProblem: async () => {
          expect(await screen.findByTestId('expert-reply')).toHaveTextContent(
            ui.t('staff.circle.reply.problem.REQUIRED'),
          );
          expect(api().open(REPLIES, 'POST')).toHaveLength(0);
        },
        needsEdit: async () => {
          expect(await screen.findByTestId('reply-needs-edit')).toHaveTextContent(
            ui.t('staff.circle.reply.kind.email'),
          );
          expect(api().open(REPLIES, 'POST')).toHaveLength(0);
        },
        sending: async () => {
          await waitFor(() => expect(api().open(REPLIES, 'POST')).toHaveLength(1));
          expect(api().last(REPLIES, 'POST').body).toEqual({ body: ANSWER, anonymous: false });
          expect(screen.queryByTestId('reply-needs-edit')).toBeNull();
        },
        sendingAgain: async () => {
          await waitFor(() => expect(api().open(REPLIES, 'POST')).toHaveLength(1));
          expect(screen.queryByTestId('reply-failed')).toBeNull();
        },
        sendFailed: async () => {
          expect(await screen.findByTestId('reply-failed')).toHaveTextContent(
            ui.t('staff.circle.reply.failed'),
          );
          expect(field()).toHaveValue(ANSWER);
        },
        editing: async () => {
          await waitFor(() => expect(screen.queryByTestId('reply-failed')).toBeNull());
          expect(field()).toHaveValue(`${ANSWER}!`);
        },
        sent: async () => {
          expect(await screen.findByTestId('reply-sent')).toHaveTextContent(ui.t('staff.circle.reply.sent'));
          const mine = posts().at(-1)!;
          expect(within(mine).getByTestId('circle-verified')).toHaveTextContent(
            ui.t('staff.circle.verified'),
          );
          expect(mine).toHaveTextContent(EXPERT_ME.name);
          expect(field()).toHaveValue('');
        },
        writingAgain: async () => {
          await waitFor(() => expect(screen.queryByTestId('reply-sent')).toBeNull());
          expect(field()).toHaveValue('Also');
        },
      },
    },
    60_000,
  );

  coversEveryTransition(listCoverage);
  coversEveryTransition(threadCoverage);
});
