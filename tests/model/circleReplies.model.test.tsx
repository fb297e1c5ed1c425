import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CircleMe, RepliesPage, ReplyToMe } from '../../contract/circle';
import { circleRepliesMachine } from '../../machines/circleReplies';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of the replies to her threads, /dashboard/circle/replies (issue 27), on the real
 * page inside the real dashboard: the unread ones marked, all marked seen on opening (quietly when
 * that fails), "Load more" (and again after it failed), "e-mail me when someone replies" only with
 * an address (else the way to Account Settings), a failure with a retry, none yet.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/circle-client', () => ({
  circleRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('circleReplies', circleRepliesMachine);
const ui = modelApp({ coverage, member: true });
const api = () => server.current!;

const ME: CircleMe = {
  rulesAcceptedAt: '2026-11-01T10:00:00.000Z',
  unread: 2,
  suspendedUntil: null,
  warning: null,
  email: { available: true, replies: false },
};
const NO_ADDRESS: CircleMe = { ...ME, unread: 0, email: { available: false, replies: false } };
const reply = (n: number, unread: boolean, author: ReplyToMe['author']): ReplyToMe => ({
  postId: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  threadId: '00000000-0000-4000-8000-0000000000f1',
  threadTitle: 'Heavy periods after my second baby',
  author,
  excerpt: `Reply number ${n}`,
  createdAt: '2026-11-28T10:00:00.000Z',
  unread,
});
const FIRST: RepliesPage = {
  items: [
    reply(1, true, { kind: 'member' }),
    reply(2, true, { kind: 'expert', expertId: 'e1', name: 'Dr Huda Saleh', title: 'Midwife' }),
  ],
  nextCursor: 'c2',
};
const NEXT: RepliesPage = {
  items: [reply(3, false, { kind: 'alias', alias: 'moon', avatar: 'a1' })],
  nextCursor: null,
};
const LIST = '/circle/me/replies';

const model = createMachine({
  id: 'circleRepliesModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loadingMe' } },
    loadingMe: { on: { ME: 'loading', ME_NO_ADDRESS: 'loadingPlain', ME_FAIL: 'failed' } },
    failed: { on: { RETRY: 'reloading' } },
    reloading: {},
    loadingPlain: { on: { EMPTY: 'empty' } },
    empty: {},
    loading: { on: { PAGE: 'ready', PAGE_FAIL: 'listFailed' } },
    listFailed: {},
    ready: { on: { SEEN_OK: 'seen', SEEN_FAIL: 'seenQuietly' } },
    seenQuietly: {},
    seen: { on: { MORE: 'loadingMore', EMAIL_ON: 'savingEmail' } },
    loadingMore: { on: { MORE_OK: 'more', MORE_FAIL: 'moreFailed' } },
    more: {},
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: {},
    savingEmail: { on: { EMAIL_OK: 'emailOn', EMAIL_FAIL: 'emailRefused' } },
    emailOn: {},
    emailRefused: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

const rows = () => screen.getAllByTestId('circle-reply-row');
const emailSwitch = () =>
  within(screen.getByTestId('circle-replies-email')).getByRole('checkbox', { hidden: true });

async function expectFirstPage() {
  await waitFor(() => expect(rows()).toHaveLength(2));
  expect(rows()[0]).toHaveAttribute('data-unread');
  expect(rows()[0]).toHaveTextContent(ui.t('community.replies.from.member'));
  expect(rows()[0]).toHaveTextContent(ui.t('community.replies.unread'));
  expect(rows()[1]).toHaveTextContent(
    ui.t('community.replies.from.expert', { name: 'Dr Huda Saleh', title: 'Midwife' }),
  );
  expect(within(rows()[0]).getByRole('link')).toHaveAttribute(
    'href',
    '/dashboard/circle/t/00000000-0000-4000-8000-0000000000f1',
  );
}

describe('replies to her model on the real page', () => {
  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(6));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open('/dashboard/circle/replies', { ready: 'circle-replies' });
        },
        ME: () => api().answer('/circle/me', ME),
        ME_NO_ADDRESS: () => api().answer('/circle/me', NO_ADDRESS),
        ME_FAIL: () => api().fail('/circle/me', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('community.replies.retry'),
        EMPTY: () => api().answer(LIST, { items: [], nextCursor: null }),
        PAGE: () => api().answer(LIST, FIRST),
        PAGE_FAIL: () => api().fail(LIST, { code: 'NETWORK_ERROR' }),
        SEEN_OK: () => api().answer('/circle/me/replies/seen', { ...ME, unread: 0 }, 'POST'),
        SEEN_FAIL: () => api().fail('/circle/me/replies/seen', { code: 'NETWORK_ERROR' }, 'POST'),
        MORE: () => ui.press('community.replies.more'),
        MORE_OK: () => api().answer(LIST, NEXT),
        MORE_FAIL: () => api().fail(LIST, { code: 'NETWORK_ERROR' }),
        MORE_AGAIN: () => ui.press('community.replies.more'),
        EMAIL_ON: () => ui.app.user.click(screen.getByText(ui.t('community.replies.email.label'))),
        EMAIL_OK: () =>
          api().answer(
            '/circle/me/email',
            { ...ME, unread: 0, email: { available: true, replies: true } },
            'PUT',
          ),
        EMAIL_FAIL: () => api().fail('/circle/me/email', { code: 'NETWORK_ERROR' }, 'PUT'),
      },
      states: {
        closed: ui.expectClosed,
        loadingMe: async () => {
          expect(await screen.findByTestId('circle-replies-loading')).toBeInTheDocument();
        },
        failed: async () => {
          expect(await screen.findByTestId('circle-replies-failed')).toHaveTextContent(
            ui.t('community.replies.failed'),
          );
        },
        listFailed: async () => {
          expect(await screen.findByTestId('circle-replies-failed')).toBeInTheDocument();
        },
        reloading: async () => {
          await waitFor(() => expect(api().open('/circle/me')).toHaveLength(1));
          expect(screen.getByTestId('circle-replies-loading')).toBeInTheDocument();
        },
        loadingPlain: async () => {
          await waitFor(() => expect(api().open(LIST)).toHaveLength(1));
        },
        loading: async () => {
          await waitFor(() => expect(api().last(LIST).query).toEqual({}));
        },
        empty: async () => {
          expect(await screen.findByTestId('circle-replies-empty')).toHaveTextContent(
            ui.t('community.replies.empty'),
          );
          // no address: no switch, the way to Account Settings
          expect(screen.queryByTestId('circle-replies-email')).toBeNull();
          expect(
            within(screen.getByTestId('circle-replies-no-address')).getByRole('link', {
              name: 'Account Settings',
            }),
          ).toHaveAttribute('href', '/dashboard/settings');
          expect(screen.queryByRole('button', { name: ui.t('community.replies.more') })).toBeNull();
        },
        ready: async () => {
          await expectFirstPage();
          // marked seen on opening
          await waitFor(() => expect(api().open('/circle/me/replies/seen', 'POST')).toHaveLength(1));
        },
        seen: async () => {
          await expectFirstPage();
          expect(emailSwitch()).not.toBeChecked();
        },
        seenQuietly: async () => {
          await expectFirstPage();
          expect(screen.queryByRole('alert')).toBeNull();
        },
        loadingMore: async () => {
          await waitFor(() => expect(api().last(LIST).query).toEqual({ cursor: 'c2' }));
        },
        more: async () => {
          await waitFor(() => expect(rows()).toHaveLength(3));
          expect(rows()[2]).toHaveTextContent('moon');
          expect(rows()[2]).not.toHaveAttribute('data-unread');
          expect(screen.queryByRole('button', { name: ui.t('community.replies.more') })).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('circle-replies-more-failed')).toBeInTheDocument();
          // what was there stays
          expect(rows()).toHaveLength(2);
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().last(LIST).query).toEqual({ cursor: 'c2' }));
        },
        savingEmail: async () => {
          await waitFor(() => expect(api().last('/circle/me/email', 'PUT').body).toEqual({ replies: true }));
        },
        emailOn: async () => {
          await waitFor(() => expect(emailSwitch()).toBeChecked());
        },
        emailRefused: async () => {
          expect(await screen.findByTestId('circle-replies-email-error')).toHaveTextContent(
            ui.t('community.replies.email.error'),
          );
          expect(emailSwitch()).not.toBeChecked();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
