import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CircleSpaces, ThreadPage, ThreadSummary } from '../../contract/circle';
import { circleSpacesMachine } from '../../machines/circleSpaces';
import { circleThreadsMachine } from '../../machines/circleThreads';
import { CircleServer } from './circle-server';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the circle's home and a space (issue 27) on the real screens, behind the
 * real guard and dashboard layout: the spaces (failed, retry, a new language reads them again),
 * then a space's threads: loading, empty, failed and retry, "Load more" and its failure, the
 * orders, a search in Arabic (Enter) and in English (after the pause), the expert filter.
 */
const server = vi.hoisted(() => ({ current: null as CircleServer | null }));
vi.mock('../../src/api/circle-client', () => ({
  circleRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const spacesCoverage = new Coverage('circleSpaces', circleSpacesMachine);
const coverage = new Coverage('circleThreads', circleThreadsMachine);
const ui = modelApp({ coverage: [spacesCoverage, coverage], member: true });
const api = () => server.current!;

const SPACES: CircleSpaces = {
  spaces: [
    {
      id: 'periods',
      title: 'Periods',
      description: 'Talk about your cycle.',
      threads: 3,
      lastActivityAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    },
    {
      id: 'fertility',
      title: 'Fertility',
      description: 'Trying for a baby.',
      threads: 0,
      lastActivityAt: null,
    },
  ],
};
const summary = (n: number, over: Partial<ThreadSummary> = {}): ThreadSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  spaceId: 'periods',
  title: `Question number ${n}`,
  excerpt: `The first words of question ${n}`,
  author: { kind: 'alias', alias: `Layla${n}`, avatar: 'rose' },
  status: 'published',
  replies: n,
  helpful: 2 * n,
  expertAnswered: false,
  mine: false,
  createdAt: '2026-11-27T10:00:00.000Z',
  lastActivityAt: '2026-11-27T12:00:00.000Z',
  ...over,
});
const FIRST: ThreadPage = {
  items: [summary(1, { expertAnswered: true }), summary(2, { author: { kind: 'member' } })],
  nextCursor: 'c2',
};
const NEXT: ThreadPage = { items: [summary(3)], nextCursor: null };
const NONE: ThreadPage = { items: [], nextCursor: null };

const cards = () => screen.queryAllByTestId('circle-thread-card');
const lastQuery = () => api().last('/circle/threads').query;

const model = createMachine({
  id: 'circleThreadsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'homeLoading' } },
    homeLoading: { on: { SPACES: 'home', SPACES_FAIL: 'homeFailed' } },
    homeFailed: { on: { RETRY_HOME: 'homeRetrying' } },
    homeRetrying: { on: { SPACES: 'home' } },
    home: { on: { ENTER_SPACE: 'listLoading', SWITCH_LANGUAGE: 'homeReloading' } },
    homeReloading: { on: { SPACES: 'homeArabic' } },
    homeArabic: {},
    listLoading: { on: { PAGE: 'list', NOTHING: 'empty', FAIL: 'failed' } },
    empty: {},
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PAGE: 'list' } },
    list: {
      on: {
        MORE: 'loadingMore',
        ORDER_HELPFUL: 'ordering',
        SEARCH_ARABIC: 'searching',
        SEARCH_PAUSE: 'searchingAfterPause',
        TYPE_AND_UNDO: 'listUnchanged',
        EXPERT_ONLY: 'filtering',
      },
    },
    listUnchanged: {},
    loadingMore: { on: { MORE_PAGE: 'all', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE_AGAIN: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'all' } },
    all: {},
    ordering: { on: { NOTHING: 'orderedEmpty' } },
    orderedEmpty: {},
    searching: { on: { NOTHING: 'noMatch' } },
    searchingAfterPause: { on: { NOTHING: 'noMatch' } },
    noMatch: {},
    filtering: { on: { NOTHING: 'noMatch' } },
  },
});
const paths = createTestModel(model).getSimplePaths();

describe('circle home and space model on the real screens', () => {
  beforeAll(async () => {
    await import('../../src/views/community/CommunityArea');
    await import('../../src/views/community/SpaceView');
  }, 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(8));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new CircleServer();
          await ui.open('/dashboard/circle', { ready: 'circle-home' });
        },
        SPACES: () => api().answer('/circle/spaces', SPACES),
        SPACES_FAIL: () => api().fail('/circle/spaces', { code: 'NETWORK_ERROR' }),
        RETRY_HOME: () => ui.press('community.retry'),
        SWITCH_LANGUAGE: () => ui.switchLanguage(),
        ENTER_SPACE: () => ui.app.user.click(screen.getAllByTestId('circle-space')[0]!),
        PAGE: () => api().answer('/circle/threads', FIRST),
        NOTHING: () => api().answer('/circle/threads', NONE),
        FAIL: () => api().fail('/circle/threads', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('community.retry'),
        MORE: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_AGAIN: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer('/circle/threads', NEXT),
        MORE_FAIL: () => api().fail('/circle/threads', { code: 'NETWORK_ERROR' }),
        ORDER_HELPFUL: () =>
          ui.app.user.click(
            within(screen.getByTestId('circle-order')).getByText(ui.t('community.order.helpful')),
          ),
        SEARCH_ARABIC: () => ui.app.user.type(screen.getByTestId('circle-search'), 'الحمل{Enter}'),
        SEARCH_PAUSE: () => ui.app.user.type(screen.getByTestId('circle-search'), 'pain'),
        TYPE_AND_UNDO: async () => {
          await ui.app.user.type(screen.getByTestId('circle-search'), 'x{Backspace}');
          await new Promise((r) => setTimeout(r, 600));
          await ui.app.user.type(screen.getByTestId('circle-search'), '{Enter}');
        },
        EXPERT_ONLY: () => ui.app.user.click(screen.getByTestId('circle-expert-filter')),
      },
      states: {
        closed: ui.expectClosed,
        homeLoading: async () => {
          expect(await screen.findByTestId('circle-spaces-loading')).toBeInTheDocument();
        },
        homeRetrying: async () => {
          expect(await screen.findByTestId('circle-spaces-loading')).toBeInTheDocument();
        },
        homeFailed: async () => {
          expect(await screen.findByTestId('circle-spaces-error')).toHaveTextContent(
            ui.t('community.home.failed'),
          );
        },
        home: async () => {
          await waitFor(() => expect(screen.getAllByTestId('circle-space')).toHaveLength(2));
          const [periods, fertility] = screen.getAllByTestId('circle-space');
          expect(periods).toHaveAttribute('href', '/dashboard/circle/s/periods');
          expect(periods).toHaveTextContent(ui.t('community.space.threads', { count: 3 }));
          expect(fertility).toHaveTextContent(ui.t('community.space.threads', { count: 0 }));
          expect(screen.getByTestId('circle-replies-link')).toHaveAttribute(
            'href',
            '/dashboard/circle/replies',
          );
          expect(document.title).toContain(ui.t('community.home.title'));
        },
        homeReloading: async () => {
          await waitFor(() => expect(api().open('/circle/spaces')).toHaveLength(1));
        },
        homeArabic: async () => {
          await waitFor(() => expect(screen.getAllByTestId('circle-space')).toHaveLength(2));
          expect(document.documentElement.dir).toBe('rtl');
        },
        listLoading: async () => {
          expect(await screen.findByTestId('circle-threads-loading')).toBeInTheDocument();
          expect(lastQuery()).toEqual({ space: 'periods', order: 'newest' });
          expect(screen.getByTestId('circle-start')).toHaveAttribute(
            'href',
            '/dashboard/circle/s/periods/new',
          );
        },
        retrying: async () => {
          expect(await screen.findByTestId('circle-threads-loading')).toBeInTheDocument();
        },
        failed: async () => {
          expect(await screen.findByTestId('circle-threads-error')).toHaveTextContent(
            ui.t('community.space.failed'),
          );
        },
        empty: async () => {
          expect(await screen.findByTestId('circle-threads-empty')).toHaveTextContent(
            ui.t('community.space.empty.title'),
          );
        },
        list: async () => {
          await waitFor(() => expect(cards()).toHaveLength(2));
          expect(within(cards()[0]!).getByTestId('circle-expert-answered')).toBeInTheDocument();
          expect(cards()[0]).toHaveTextContent('Layla1');
          expect(cards()[1]).toHaveTextContent(ui.t('community.author.member'));
          expect(cards()[1]).toHaveTextContent(ui.t('community.thread.replies', { count: 2 }));
          expect(cards()[0]).toHaveAttribute('href', `/dashboard/circle/t/${FIRST.items[0]!.id}`);
          expect(document.title).toContain(ui.t('community.spaceName.periods'));
        },
        listUnchanged: async () => {
          expect(api().open('/circle/threads')).toHaveLength(0);
          expect(cards()).toHaveLength(2);
        },
        loadingMore: async () => {
          await waitFor(() =>
            expect(lastQuery()).toEqual({ space: 'periods', order: 'newest', cursor: 'c2' }),
          );
          expect(screen.getByTestId('load-more')).toHaveAttribute('aria-busy', 'true');
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(lastQuery()).toMatchObject({ cursor: 'c2' }));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('community.space.moreFailed'),
          );
          expect(cards()).toHaveLength(2);
        },
        all: async () => {
          await waitFor(() => expect(cards()).toHaveLength(3));
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
        ordering: async () => {
          await waitFor(() => expect(lastQuery()).toEqual({ space: 'periods', order: 'helpful' }));
        },
        orderedEmpty: async () => {
          expect(await screen.findByTestId('circle-threads-empty')).toHaveTextContent(
            ui.t('community.space.empty.title'),
          );
        },
        searching: async () => {
          await waitFor(() => expect(lastQuery()).toEqual({ space: 'periods', order: 'newest', q: 'الحمل' }));
        },
        searchingAfterPause: async () => {
          await waitFor(() => expect(lastQuery()).toEqual({ space: 'periods', order: 'newest', q: 'pain' }), {
            timeout: 2000,
          });
        },
        filtering: async () => {
          await waitFor(() =>
            expect(lastQuery()).toEqual({ space: 'periods', order: 'newest', expert: '1' }),
          );
        },
        noMatch: async () => {
          expect(await screen.findByTestId('circle-threads-empty')).toHaveTextContent(
            ui.t('community.space.noMatch.title'),
          );
        },
      },
    },
    60_000,
  );

  coversEveryTransition(spacesCoverage);
  coversEveryTransition(coverage);
});
