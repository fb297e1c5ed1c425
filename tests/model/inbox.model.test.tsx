import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { InboxPage, InboxSummary } from '../../contract/staff-inbox';
import { inboxMachine } from '../../machines/inbox';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of the team inbox, /staff/inbox (issue 26), on the real page inside the real
 * staff area (its session signed in by GET /me): the server's answers are explicit events, given
 * to the real actors of src/api/staff-team.ts through a held staff client. Counts, urgent concerns
 * first, the filters kept in the address, "Load more" and its failure, an empty filter, a failed
 * load and its retry.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
  staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal }),
}));

const coverage = new Coverage('inbox', inboxMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const row = (n: number, over: Partial<InboxSummary> = {}): InboxSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  kind: 'contact',
  status: 'new',
  urgent: false,
  locale: 'en',
  from: `Visitor ${n}`,
  preview: `Message number ${n} about a course`,
  createdAt: '2026-11-27T10:00:00.000Z',
  notes: 0,
  ...over,
});
const COUNTS = { new: 3, inProgress: 1, urgent: 1 };
const FIRST: InboxPage = {
  items: [
    row(1, { kind: 'concern', urgent: true, from: null, preview: 'Someone under 18' }),
    row(2, { notes: 2 }),
  ],
  nextCursor: 'c2',
  counts: COUNTS,
};
const NEXT: InboxPage = { items: [row(3, { status: 'in-progress' })], nextCursor: null, counts: COUNTS };
const NONE: InboxPage = { items: [], nextCursor: null, counts: COUNTS };

const rows = () => screen.queryAllByTestId('inbox-row');

const model = createMachine({
  id: 'inboxModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { PAGE: 'list', NOTHING: 'empty', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PAGE: 'list' } },
    empty: {},
    list: { on: { MORE: 'loadingMore', FILTER_CONCERNS: 'filtering' } },
    loadingMore: { on: { MORE_PAGE: 'all', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'all' } },
    all: {},
    filtering: { on: { NOTHING: 'filteredEmpty' } },
    filteredEmpty: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectFirstPage() {
  await waitFor(() => expect(rows()).toHaveLength(2));
  // the urgent concern first, marked, anonymous
  expect(within(rows()[0]!).getByTestId('inbox-urgent')).toHaveTextContent(ui.t('staff.inbox.urgent'));
  expect(rows()[0]).toHaveTextContent(ui.t('staff.inbox.kind.concern'));
  expect(rows()[0]).toHaveTextContent(ui.t('staff.inbox.anonymous'));
  expect(within(rows()[1]!).queryByTestId('inbox-urgent')).toBeNull();
  expect(rows()[1]).toHaveTextContent(ui.t('staff.inbox.notes', { count: 2 }));
  const counts = screen.getByTestId('inbox-counts');
  expect(counts).toHaveTextContent(ui.t('staff.inbox.counts.new', { count: 3 }));
  expect(counts).toHaveTextContent(ui.t('staff.inbox.counts.urgent', { count: 1 }));
  // a row opens the message, with the list's filters riding along
  expect(rows()[0]).toHaveAttribute('href', `/staff/inbox/${FIRST.items[0]!.id}${window.location.search}`);
  expect(screen.getByTestId('load-more')).toBeEnabled();
}

describe('team inbox model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-inbox/InboxView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open('/staff/inbox', { ready: 'staff-inbox' });
        },
        PAGE: () => api().answer('/inbox', FIRST),
        NOTHING: () => api().answer('/inbox', NONE),
        FAIL: () => api().fail('/inbox', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.inbox.retry'),
        MORE: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_AGAIN: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer('/inbox', NEXT),
        MORE_FAIL: () => api().fail('/inbox', { code: 'NETWORK_ERROR' }),
        FILTER_CONCERNS: async () => {
          await ui.app.user.click(
            within(screen.getByTestId('inbox-filter-status')).getByText(ui.t('staff.inbox.status.new')),
          );
          await waitFor(() => expect(api().open('/inbox')).toHaveLength(1));
          await ui.app.user.click(screen.getByTestId('inbox-filter-kind'));
          await ui.app.user.click(
            await screen.findByRole('option', { name: ui.t('staff.inbox.kind.concern') }),
          );
        },
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('inbox-loading')).toBeInTheDocument();
          expect(api().last('/inbox').query).toEqual({});
        },
        retrying: async () => {
          expect(await screen.findByTestId('inbox-loading')).toBeInTheDocument();
          expect(api().open('/inbox')).toHaveLength(1);
        },
        failed: async () => {
          expect(await screen.findByTestId('inbox-error')).toHaveTextContent(ui.t('staff.inbox.failed'));
        },
        empty: async () => {
          expect(await screen.findByTestId('inbox-empty')).toHaveTextContent(ui.t('staff.inbox.empty.title'));
          expect(screen.getByTestId('inbox-counts')).toHaveTextContent(
            ui.t('staff.inbox.counts.new', { count: 3 }),
          );
        },
        list: expectFirstPage,
        loadingMore: async () => {
          await waitFor(() => expect(api().last('/inbox').query).toEqual({ cursor: 'c2' }));
          expect(screen.getByTestId('load-more')).toHaveAttribute('aria-busy', 'true');
          expect(rows()).toHaveLength(2);
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().last('/inbox').query).toEqual({ cursor: 'c2' }));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('staff.inbox.moreFailed'),
          );
          // the rows stay
          expect(rows()).toHaveLength(2);
        },
        all: async () => {
          await waitFor(() => expect(rows()).toHaveLength(3));
          expect(rows()[2]).toHaveTextContent(ui.t('staff.inbox.status.in-progress'));
          // no next page: no "Load more"
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        filtering: async () => {
          await waitFor(() => expect(api().last('/inbox').query).toEqual({ status: 'new', kind: 'concern' }));
          expect(new URLSearchParams(window.location.search).get('kind')).toBe('concern');
          expect(new URLSearchParams(window.location.search).get('status')).toBe('new');
        },
        filteredEmpty: async () => {
          expect(await screen.findByTestId('inbox-empty')).toHaveTextContent(ui.t('staff.inbox.empty.body'));
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
