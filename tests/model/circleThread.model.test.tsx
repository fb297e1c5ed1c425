import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CirclePost, CircleThread } from '../../contract/circle';
import { circleThreadMachine } from '../../machines/circleThread';
import { CircleServer } from './circle-server';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of a thread of the circle (issue 27) on the real screen: loading, not found,
 * failed and retry; more replies and their failure; "this helped me" (the server's count); the
 * report dialog (reason, note, sent, already reported, failed and again); deleting her reply or
 * her opening post (confirm, keep, failed and again); the edit form opened and closed.
 */
const server = vi.hoisted(() => ({ current: null as CircleServer | null }));
vi.mock('../../src/api/circle-client', () => ({
  circleRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('circleThread', circleThreadMachine);
const ui = modelApp({ coverage, member: true });
const api = () => server.current!;

const ID = '00000000-0000-4000-8000-000000000100';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const post = (n: number, over: Partial<CirclePost> = {}): CirclePost => ({
  id: uuid(n),
  threadId: ID,
  body: `Words of post ${n}\non two lines`,
  author: { kind: 'alias', alias: `Mona${n}`, avatar: 'rose' },
  status: 'published',
  removedReason: null,
  helpful: 1,
  helpedMe: false,
  mine: false,
  editableUntil: null,
  createdAt: new Date(Date.now() - 3600_000).toISOString(),
  editedAt: null,
  ...over,
});
const OPENING = post(1, { mine: true, editableUntil: new Date(Date.now() + 10 * 60_000).toISOString() });
const THREAD: CircleThread = {
  id: ID,
  space: { id: 'periods', title: 'Periods' },
  title: 'Painful cramps every month',
  opening: OPENING,
  replies: [
    post(2, { author: { kind: 'expert', expertId: 'e1', name: 'Dr Hana', title: 'Gynaecologist' } }),
    post(3, { mine: true, status: 'removed', removedReason: 'Shares a phone number' }),
  ],
  replyCount: 2,
  nextCursor: 'r2',
};
const NEXT: CircleThread = {
  ...THREAD,
  replies: [post(4, { author: { kind: 'member' } })],
  nextCursor: null,
  replyCount: 3,
};
const threadPath = `/circle/threads/${ID}`;
const expertReply = () => screen.getAllByTestId('circle-reply')[0]!;
const myReply = () => screen.getAllByTestId('circle-reply')[1]!;
const dialog = () => screen.getByTestId('circle-report-dialog');

const model = createMachine({
  id: 'circleThreadModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { THREAD: 'ready', MISSING: 'notFound', FAIL: 'failed' } },
    notFound: {},
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { THREAD: 'ready' } },
    ready: {
      on: {
        MORE: 'loadingMore',
        HELPFUL: 'helpfulSending',
        REPORT: 'reportOpen',
        DELETE_REPLY: 'confirming',
        DELETE_OPENING: 'confirmingOpening',
        EDIT: 'editing',
        REPLY: 'replySending',
      },
    },
    replySending: { on: { REPLY_OK: 'replied' } },
    replied: {},
    loadingMore: { on: { MORE_PAGE: 'allReplies', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'allReplies' } },
    allReplies: {},
    helpfulSending: { on: { HELPFUL_OK: 'helped', HELPFUL_FAIL: 'helpfulFailed' } },
    helped: {},
    helpfulFailed: {},
    reportOpen: { on: { CHOOSE_AND_SEND: 'reportSending', REPORT_CANCEL: 'reportClosed' } },
    reportSending: {
      on: { REPORT_OK: 'reportSent', REPORT_ALREADY: 'reportAlready', REPORT_FAIL: 'reportFailed' },
    },
    reportFailed: { on: { REPORT_AGAIN: 'reportSendingAgain', REPORT_CANCEL: 'reportClosed' } },
    reportSendingAgain: { on: { REPORT_OK: 'reportSent' } },
    reportSent: { on: { REPORT_DONE: 'reportClosed' } },
    reportAlready: { on: { REPORT_DONE: 'reportClosed' } },
    reportClosed: {},
    confirming: { on: { CONFIRM: 'deleting', KEEP: 'kept' } },
    deleting: { on: { DELETE_OK: 'replyGone', DELETE_FAIL: 'deleteFailed' } },
    deleteFailed: { on: { CONFIRM: 'deletingAgain', KEEP: 'kept' } },
    deletingAgain: { on: { DELETE_OK: 'replyGone' } },
    replyGone: {},
    kept: {},
    confirmingOpening: { on: { CONFIRM: 'deletingOpening' } },
    deletingOpening: { on: { DELETE_OK: 'threadDeleted' } },
    threadDeleted: {},
    editing: { on: { EDIT_CANCEL: 'editClosed', EDIT_SAVE: 'editSaving' } },
    editSaving: { on: { EDIT_OK: 'edited' } },
    edited: {},
    editClosed: {},
  },
});
const paths = createTestModel(model).getShortestPaths();

const click = (el: HTMLElement) => ui.app.user.click(el);

describe('circle thread model on the real screen', () => {
  beforeAll(async () => {
    await import('../../src/views/community/CommunityArea');
    await import('../../src/views/community/ThreadView');
  }, 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(10));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new CircleServer();
          await ui.open(`/dashboard/circle/t/${ID}`, { ready: 'circle-thread-page' });
        },
        THREAD: () => api().answer(threadPath, THREAD),
        MISSING: () => api().fail(threadPath, { code: 'CIRCLE_THREAD_NOT_FOUND' }),
        FAIL: () => api().fail(threadPath, { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('community.retry'),
        MORE: () => click(screen.getByTestId('load-more')),
        MORE_AGAIN: () => click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer(threadPath, NEXT),
        MORE_FAIL: () => api().fail(threadPath, { code: 'NETWORK_ERROR' }),
        HELPFUL: () => click(within(expertReply()).getByTestId('circle-helpful')),
        HELPFUL_OK: () =>
          api().answer(`/circle/posts/${uuid(2)}/helpful`, { helpful: 7, helpedMe: true }, 'PUT'),
        HELPFUL_FAIL: () => api().fail(`/circle/posts/${uuid(2)}/helpful`, { code: 'NETWORK_ERROR' }, 'PUT'),
        REPORT: () => click(within(expertReply()).getByTestId('circle-report')),
        CHOOSE_AND_SEND: async () => {
          await click(within(dialog()).getByText(ui.t('community.report.reasons.unkind')));
          await ui.app.user.type(within(dialog()).getByTestId('circle-report-note'), 'Not kind');
          await click(within(dialog()).getByTestId('circle-report-send'));
        },
        REPORT_OK: () => api().answer(`/circle/posts/${uuid(2)}/reports`, { received: true }, 'POST'),
        REPORT_ALREADY: () =>
          api().fail(`/circle/posts/${uuid(2)}/reports`, { code: 'CIRCLE_ALREADY_REPORTED' }, 'POST'),
        REPORT_FAIL: () => api().fail(`/circle/posts/${uuid(2)}/reports`, { code: 'NETWORK_ERROR' }, 'POST'),
        REPORT_AGAIN: () => click(within(dialog()).getByTestId('circle-report-send')),
        REPORT_CANCEL: () => click(within(dialog()).getByRole('button', { name: ui.t('community.cancel') })),
        REPORT_DONE: () => click(within(dialog()).getByTestId('circle-report-close')),
        DELETE_REPLY: () => click(within(myReply()).getByTestId('circle-delete')),
        DELETE_OPENING: () =>
          click(within(screen.getByTestId('circle-opening')).getByTestId('circle-delete')),
        CONFIRM: () => click(screen.getByTestId('circle-delete-confirm')),
        KEEP: () => ui.press('community.delete.keep'),
        DELETE_OK: () => api().answer(/^\/circle\/posts\/[^/]+$/, undefined, 'DELETE'),
        DELETE_FAIL: () => api().fail(/^\/circle\/posts\/[^/]+$/, { code: 'NETWORK_ERROR' }, 'DELETE'),
        EDIT: () => click(within(screen.getByTestId('circle-opening')).getByTestId('circle-edit')),
        EDIT_CANCEL: () => click(screen.getByTestId('composer-edit-cancel')),
        EDIT_SAVE: async () => {
          const form = screen.getByTestId('circle-edit-post');
          const box = within(form).getByLabelText(ui.t('community.composer.edit.label'), { exact: false });
          await ui.app.user.clear(box);
          await ui.app.user.type(box, 'Words changed within the window');
          await click(within(form).getByTestId('composer-send'));
        },
        EDIT_OK: () =>
          api().answer(
            `/circle/posts/${uuid(1)}`,
            { ...OPENING, body: 'Words changed within the window', editedAt: new Date().toISOString() },
            'PATCH',
          ),
        REPLY: async () => {
          const composer = await screen.findByTestId('circle-reply-composer');
          await ui.app.user.type(
            await within(composer).findByLabelText(ui.t('community.composer.reply.label'), { exact: false }),
            'Heat helps me a lot',
          );
          await click(within(composer).getByTestId('composer-send'));
        },
        REPLY_OK: () =>
          api().answer(
            `/circle/threads/${ID}/replies`,
            {
              post: post(9, { mine: true, body: 'Heat helps me a lot' }),
              status: 'published',
              crisis: false,
            },
            'POST',
          ),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('circle-thread-loading')).toBeInTheDocument();
        },
        retrying: async () => {
          expect(await screen.findByTestId('circle-thread-loading')).toBeInTheDocument();
        },
        notFound: async () => {
          expect(await screen.findByTestId('circle-thread-missing')).toHaveTextContent(
            ui.t('community.thread.missing.title'),
          );
        },
        failed: async () => {
          expect(await screen.findByTestId('circle-thread-error')).toHaveTextContent(
            ui.t('community.thread.failed'),
          );
        },
        ready: async () => {
          const opening = await screen.findByTestId('circle-opening');
          // plain text, its line break kept (white-space: pre-wrap), never HTML
          expect(within(opening).getByTestId('circle-post-body').textContent).toBe(OPENING.body);
          expect(within(opening).getByTestId('circle-post-body').children).toHaveLength(0);
          expect(within(opening).getByTestId('circle-edit')).toBeInTheDocument();
          expect(within(opening).queryByTestId('circle-report')).toBeNull();
          expect(within(expertReply()).getByTestId('circle-verified')).toBeInTheDocument();
          expect(within(expertReply()).getByRole('link', { name: 'Dr Hana' })).toHaveAttribute(
            'href',
            '/experts/e1',
          );
          expect(within(myReply()).getByTestId('circle-post-note')).toHaveTextContent(
            'Shares a phone number',
          );
          expect(screen.getByTestId('circle-reply-count')).toHaveTextContent(
            ui.t('community.thread.replies', { count: 2 }),
          );
          expect(document.title).toContain(THREAD.title);
        },
        loadingMore: async () => {
          await waitFor(() => expect(api().last(threadPath).query).toEqual({ cursor: 'r2' }));
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().last(threadPath).query).toEqual({ cursor: 'r2' }));
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('community.thread.moreFailed'),
          );
        },
        allReplies: async () => {
          await waitFor(() => expect(screen.getAllByTestId('circle-reply')).toHaveLength(3));
          expect(screen.getAllByTestId('circle-reply')[2]).toHaveTextContent(ui.t('community.author.member'));
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        helpfulSending: async () => {
          await waitFor(() => expect(api().open(`/circle/posts/${uuid(2)}/helpful`, 'PUT')).toHaveLength(1));
        },
        helped: async () => {
          await waitFor(() =>
            expect(within(expertReply()).getByTestId('circle-helpful')).toHaveTextContent(
              ui.t('community.post.helped', { count: 7 }),
            ),
          );
          expect(within(expertReply()).getByTestId('circle-helpful')).toHaveAttribute('aria-pressed', 'true');
        },
        helpfulFailed: async () => {
          expect(await screen.findByTestId('circle-helpful-error')).toBeInTheDocument();
        },
        reportOpen: async () => {
          expect(await screen.findByTestId('circle-report-dialog')).toBeInTheDocument();
        },
        reportSending: async () => {
          await waitFor(() =>
            expect(api().last(`/circle/posts/${uuid(2)}/reports`, 'POST').body).toEqual({
              reason: 'unkind',
              note: 'Not kind',
            }),
          );
        },
        reportSendingAgain: async () => {
          await waitFor(() => expect(api().open(`/circle/posts/${uuid(2)}/reports`, 'POST')).toHaveLength(1));
        },
        reportFailed: async () => {
          expect(await screen.findByTestId('circle-report-error')).toHaveTextContent(
            ui.t('community.report.failed'),
          );
        },
        reportSent: async () => {
          expect(await screen.findByTestId('circle-report-done')).toHaveTextContent(
            ui.t('community.report.sent'),
          );
        },
        reportAlready: async () => {
          expect(await screen.findByTestId('circle-report-done')).toHaveTextContent(
            ui.t('community.report.already'),
          );
        },
        reportClosed: async () => {
          await waitFor(() => expect(screen.queryByTestId('circle-report-dialog')).toBeNull());
        },
        confirming: async () => {
          expect(await screen.findByTestId('circle-delete-dialog')).toBeInTheDocument();
        },
        confirmingOpening: async () => {
          expect(await screen.findByTestId('circle-delete-dialog')).toHaveTextContent(
            ui.t('community.delete.bodyThread'),
          );
        },
        deleting: async () => {
          await waitFor(() => expect(api().open(`/circle/posts/${uuid(3)}`, 'DELETE')).toHaveLength(1));
        },
        deletingAgain: async () => {
          await waitFor(() => expect(api().open(`/circle/posts/${uuid(3)}`, 'DELETE')).toHaveLength(1));
        },
        deletingOpening: async () => {
          await waitFor(() => expect(api().open(`/circle/posts/${uuid(1)}`, 'DELETE')).toHaveLength(1));
        },
        deleteFailed: async () => {
          expect(await screen.findByTestId('circle-delete-error')).toBeInTheDocument();
        },
        replyGone: async () => {
          await waitFor(() => expect(screen.getAllByTestId('circle-reply')).toHaveLength(1));
          await waitFor(() => expect(screen.queryByTestId('circle-delete-dialog')).toBeNull());
        },
        kept: async () => {
          await waitFor(() => expect(screen.queryByTestId('circle-delete-dialog')).toBeNull());
          expect(screen.getAllByTestId('circle-reply')).toHaveLength(2);
        },
        threadDeleted: async () => {
          expect(await screen.findByTestId('circle-thread-deleted')).toHaveTextContent(
            ui.t('community.thread.deleted'),
          );
        },
        editing: async () => {
          expect(await screen.findByTestId('circle-edit-post')).toBeInTheDocument();
        },
        replySending: async () => {
          await waitFor(() => expect(api().open(`/circle/threads/${ID}/replies`, 'POST')).toHaveLength(1));
        },
        replied: async () => {
          await waitFor(() => expect(screen.getAllByTestId('circle-reply')).toHaveLength(3));
          expect(screen.getAllByTestId('circle-reply')[2]).toHaveTextContent('Heat helps me a lot');
          expect(screen.getByTestId('circle-reply-count')).toHaveTextContent(
            ui.t('community.thread.replies', { count: 3 }),
          );
        },
        editSaving: async () => {
          await waitFor(() =>
            expect(api().last(`/circle/posts/${uuid(1)}`, 'PATCH').body).toMatchObject({
              body: 'Words changed within the window',
            }),
          );
        },
        edited: async () => {
          await waitFor(() => expect(screen.queryByTestId('circle-edit-post')).toBeNull());
          const opening = screen.getByTestId('circle-opening');
          expect(within(opening).getByTestId('circle-post-body')).toHaveTextContent(
            'Words changed within the window',
          );
          expect(opening).toHaveTextContent(ui.t('community.post.edited'));
        },
        editClosed: async () => {
          await waitFor(() => expect(screen.queryByTestId('circle-edit-post')).toBeNull());
          expect(
            within(screen.getByTestId('circle-opening')).getByTestId('circle-post-body'),
          ).toBeInTheDocument();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
