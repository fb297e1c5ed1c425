import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { QueueDecision } from '../../contract/circle-moderation';
import { moderationQueueMachine } from '../../machines/moderationQueue';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { queueItem, queuePage, StaffCircleServer } from './staffCircle-server';

/**
 * Model-based test of the circle's moderation queue, /staff/circle/queue (issue 27), on the real
 * page inside the real staff area (a moderator and admin): crisis first and marked, why each post
 * waits, its author exactly as members see her, the counts; "Load more" and its failure; approve
 * (done, already decided by someone else, failed with a retry or a cancel); remove refused empty
 * then sent with a reason; suspend with the days chosen; an empty queue; a failed load.
 */
const server = vi.hoisted(() => ({ current: null as StaffCircleServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('moderationQueue', moderationQueueMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const CRISIS = queueItem(1, {
  reasons: ['crisis', 'watched-word'],
  words: ['hurt myself'],
  author: { kind: 'member' },
  opening: true,
  history: { removed: 1, warnings: 2, suspended: true },
});
const REPORTED = queueItem(2, {
  reasons: ['reported'],
  reports: [
    { reason: 'unkind', count: 2 },
    { reason: 'spam', count: 1 },
  ],
});
const NEW_ONE = queueItem(3);
// the server's order: the crisis post arrives second, the page puts it first
const FIRST = queuePage([REPORTED, CRISIS], 'c2');
const NEXT = queuePage([NEW_ONE]);
const NONE = { ...queuePage([]), counts: { total: 0, crisis: 0, reported: 0 } };
const decided = (postId: string, decision: QueueDecision['decision']): QueueDecision => ({
  postId,
  decision,
  status: decision === 'approved' ? 'published' : 'removed',
});
const REASON = 'Please be kind to other members.';

const items = () => screen.queryAllByTestId('queue-item');
const card = (n: number) => within(items()[n]!);
const dialog = (kind: string) => screen.findByTestId(`decision-dialog-${kind}`);
const posts = (kind: string) => new RegExp(`^/circle/posts/[^/]+/${kind}$`);

const model = createMachine({
  id: 'moderationQueueModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { PAGE: 'ready', NOTHING: 'empty', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PAGE: 'ready' } },
    empty: {},
    ready: {
      on: {
        MORE: 'loadingMore',
        APPROVE: 'approving',
        REMOVE: 'removeDialog',
        SUSPEND: 'suspendDialog',
        WARN: 'warnDialog',
      },
    },
    loadingMore: { on: { MORE_PAGE: 'all', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'all' } },
    all: {},
    approving: { on: { DECIDED: 'approved', ALREADY: 'alreadyDecided', DECISION_FAIL: 'decisionFailed' } },
    approved: {},
    alreadyDecided: {},
    decisionFailed: { on: { DECISION_RETRY: 'approvingAgain', CANCEL_FAILED: 'failedCancelled' } },
    approvingAgain: { on: { DECIDED: 'approved' } },
    failedCancelled: {},
    removeDialog: { on: { CONFIRM_EMPTY: 'removeProblem', CANCEL: 'dialogCancelled' } },
    removeProblem: { on: { TYPE_REASON: 'removeConfirmed' } },
    removeConfirmed: { on: { REMOVED: 'removed' } },
    removed: {},
    dialogCancelled: {},
    suspendDialog: { on: { SUSPEND_30: 'suspending' } },
    suspending: { on: { SUSPENDED: 'suspended' } },
    suspended: {},
    warnDialog: { on: { TYPE_WARNING: 'warning' } },
    warning: { on: { WARNED: 'warned' } },
    warned: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectFirstPage() {
  await waitFor(() => expect(items()).toHaveLength(2));
  // crisis first, marked, with its watched word, its author as members see her ("a member"), her record
  expect(items()[0]).toHaveAttribute('data-crisis', 'true');
  expect(card(0).getByTestId('queue-crisis')).toHaveTextContent(ui.t('staff.circle.queue.crisis'));
  expect(card(0).getByTestId('queue-words')).toHaveTextContent('hurt myself');
  expect(card(0).getByTestId('circle-author')).toHaveTextContent(ui.t('staff.circle.author.member'));
  expect(card(0).getByTestId('queue-history')).toHaveTextContent(
    ui.t('staff.circle.queue.history.suspended'),
  );
  expect(card(0).getByTestId('circle-body').textContent).toBe(CRISIS.body);
  expect(card(0).getByTestId('queue-thread')).toHaveTextContent(CRISIS.threadTitle);
  // the reported one: counts by reason, her alias
  expect(card(1).queryByTestId('queue-crisis')).toBeNull();
  expect(card(1).getAllByTestId('queue-report')[0]).toHaveTextContent(
    ui.t('staff.circle.queue.report.unkind', { count: 2 }),
  );
  expect(card(1).getByTestId('circle-author')).toHaveTextContent('Rose2');
  expect(card(1).getByTestId('queue-history')).toHaveTextContent(ui.t('staff.circle.queue.history.clean'));
  expect(screen.getByTestId('queue-counts')).toHaveTextContent(
    ui.t('staff.circle.queue.counts.crisis', { count: 1 }),
  );
}

async function expectLeft(testId: string, words: string) {
  expect(await screen.findByTestId(testId)).toHaveTextContent(words);
  await waitFor(() => expect(items()).toHaveLength(1));
}

describe('moderation queue model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-circle/ModerationQueueView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(10));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffCircleServer();
          await ui.open('/staff/circle/queue', { ready: 'circle-queue' });
        },
        PAGE: () => api().answer('/circle/queue', FIRST),
        NOTHING: () => api().answer('/circle/queue', NONE),
        FAIL: () => api().fail('/circle/queue', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.circle.retry'),
        MORE: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_AGAIN: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer('/circle/queue', NEXT),
        MORE_FAIL: () => api().fail('/circle/queue', { code: 'NETWORK_ERROR' }),
        APPROVE: () => ui.app.user.click(card(0).getByTestId('queue-approve')),
        DECIDED: () => api().answer(posts('approve'), decided(CRISIS.postId, 'approved'), 'POST'),
        ALREADY: () => api().fail(posts('approve'), { code: 'CIRCLE_ALREADY_DECIDED' }, 'POST'),
        DECISION_FAIL: () => api().fail(posts('approve'), { code: 'NETWORK_ERROR' }, 'POST'),
        DECISION_RETRY: () =>
          ui.app.user.click(
            within(screen.getByTestId('queue-decision-error')).getByRole('button', {
              name: ui.t('staff.circle.retry'),
            }),
          ),
        CANCEL_FAILED: () =>
          ui.app.user.click(
            within(screen.getByTestId('queue-decision-error')).getByRole('button', {
              name: ui.t('staff.circle.dialog.cancel'),
            }),
          ),
        REMOVE: () => ui.app.user.click(card(1).getByTestId('queue-remove')),
        CONFIRM_EMPTY: async () =>
          ui.app.user.click(await screen.findByTestId('decision-dialog-remove-confirm')),
        CANCEL: async () =>
          ui.app.user.click(
            within(await dialog('remove')).getByRole('button', { name: ui.t('staff.circle.dialog.cancel') }),
          ),
        TYPE_REASON: async () => {
          await ui.app.user.type(within(await dialog('remove')).getByTestId('field-reason'), REASON);
          await ui.app.user.click(screen.getByTestId('decision-dialog-remove-confirm'));
        },
        REMOVED: () => api().answer(posts('remove'), decided(REPORTED.postId, 'removed'), 'POST'),
        SUSPEND: () => ui.app.user.click(card(1).getByTestId('queue-suspend')),
        SUSPEND_30: async () => {
          const d = await dialog('suspend');
          await ui.app.user.click(within(d).getByTestId('field-days'));
          await ui.app.user.click(
            await screen.findByRole('option', {
              name: ui.t('staff.circle.dialog.daysOption', { count: 30 }),
            }),
          );
          await ui.app.user.type(within(d).getByTestId('field-reason'), REASON);
          await ui.app.user.click(screen.getByTestId('decision-dialog-suspend-confirm'));
        },
        WARN: () => ui.app.user.click(card(1).getByTestId('queue-warn')),
        TYPE_WARNING: async () => {
          await ui.app.user.type(within(await dialog('warn')).getByTestId('field-reason'), REASON);
          await ui.app.user.click(screen.getByTestId('decision-dialog-warn-confirm'));
        },
        WARNED: () => api().answer(posts('warn'), decided(REPORTED.postId, 'warned'), 'POST'),
        SUSPENDED: () => api().answer(posts('suspend'), decided(REPORTED.postId, 'suspended'), 'POST'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('queue-loading')).toBeInTheDocument();
          expect(api().last('/circle/queue').query).toEqual({});
        },
        retrying: async () => {
          expect(await screen.findByTestId('queue-loading')).toBeInTheDocument();
          expect(api().open('/circle/queue')).toHaveLength(1);
        },
        failed: async () => {
          expect(await screen.findByTestId('queue-error')).toHaveTextContent(
            ui.t('staff.circle.queue.failed'),
          );
        },
        empty: async () => {
          expect(await screen.findByTestId('queue-empty')).toHaveTextContent(
            ui.t('staff.circle.queue.empty.title'),
          );
        },
        ready: expectFirstPage,
        loadingMore: async () => {
          await waitFor(() => expect(api().last('/circle/queue').query).toEqual({ cursor: 'c2' }));
          expect(screen.getByTestId('load-more')).toHaveAttribute('aria-busy', 'true');
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().last('/circle/queue').query).toEqual({ cursor: 'c2' }));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('staff.circle.queue.moreFailed'),
          );
          expect(items()).toHaveLength(2);
        },
        all: async () => {
          await waitFor(() => expect(items()).toHaveLength(3));
          expect(items()[0]).toHaveAttribute('data-crisis', 'true');
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        approving: async () => {
          await waitFor(() => expect(api().open(posts('approve'), 'POST')).toHaveLength(1));
          expect(api().last(posts('approve'), 'POST').path).toBe(`/circle/posts/${CRISIS.postId}/approve`);
          expect(card(1).getByTestId('queue-remove')).toBeDisabled();
        },
        approvingAgain: async () => {
          await waitFor(() => expect(api().open(posts('approve'), 'POST')).toHaveLength(1));
          expect(screen.queryByTestId('queue-decision-error')).toBeNull();
        },
        approved: async () => {
          await expectLeft('queue-done', ui.t('staff.circle.done.approve'));
          // the crisis post left: the counts say so
          expect(screen.getByTestId('queue-counts')).toHaveTextContent(
            ui.t('staff.circle.queue.counts.crisis', { count: 0 }),
          );
        },
        alreadyDecided: () => expectLeft('queue-refused', ui.t('staff.circle.queue.alreadyDecided')),
        decisionFailed: async () => {
          expect(await screen.findByTestId('queue-decision-error')).toHaveTextContent(
            ui.t('staff.circle.queue.decisionFailed'),
          );
          expect(items()).toHaveLength(2);
        },
        failedCancelled: async () => {
          await waitFor(() => expect(screen.queryByTestId('queue-decision-error')).toBeNull());
          expect(items()).toHaveLength(2);
          expect(card(0).getByTestId('queue-approve')).toBeEnabled();
        },
        removeDialog: async () => {
          expect(await dialog('remove')).toHaveTextContent(ui.t('staff.circle.dialog.remove.title'));
        },
        removeProblem: async () => {
          expect(await dialog('remove')).toHaveTextContent(ui.t('staff.circle.problem.REQUIRED'));
          expect(api().open(posts('remove'), 'POST')).toHaveLength(0);
        },
        removeConfirmed: async () => {
          await waitFor(() => expect(api().open(posts('remove'), 'POST')).toHaveLength(1));
          expect(api().last(posts('remove'), 'POST').body).toEqual({ reason: REASON });
        },
        removed: async () => {
          await expectLeft('queue-done', ui.t('staff.circle.done.remove'));
          expect(screen.queryByTestId('decision-dialog-remove')).toBeNull();
        },
        dialogCancelled: async () => {
          await waitFor(() => expect(screen.queryByTestId('decision-dialog-remove')).toBeNull());
          expect(items()).toHaveLength(2);
        },
        suspendDialog: async () => {
          expect(await dialog('suspend')).toHaveTextContent(ui.t('staff.circle.dialog.suspend.title'));
        },
        suspending: async () => {
          await waitFor(() => expect(api().open(posts('suspend'), 'POST')).toHaveLength(1));
          expect(api().last(posts('suspend'), 'POST').body).toEqual({ reason: REASON, days: 30 });
        },
        warnDialog: async () => {
          expect(await dialog('warn')).toHaveTextContent(ui.t('staff.circle.dialog.warn.title'));
        },
        warning: async () => {
          await waitFor(() => expect(api().open(posts('warn'), 'POST')).toHaveLength(1));
          expect(api().last(posts('warn'), 'POST').body).toEqual({ reason: REASON });
        },
        warned: async () => {
          // a warning is about the account: the post stays, its record counts the warning
          expect(await screen.findByTestId('queue-done')).toHaveTextContent(ui.t('staff.circle.done.warn'));
          expect(items()).toHaveLength(2);
          expect(card(1).getByTestId('queue-history')).toHaveTextContent(
            ui.t('staff.circle.queue.history.warnings', { count: 1 }),
          );
        },
        suspended: () => expectLeft('queue-done', ui.t('staff.circle.done.suspend')),
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
