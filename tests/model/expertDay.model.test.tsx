import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ExpertBooking, SealedDetails } from '../../contract/staff-expert';
import { expertDayMachine } from '../../machines/expertDay';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of the expert portal's day, /staff (issue 26), on the real page inside the real
 * staff area: her upcoming and past consultations in her zone, Join (the member's room with her
 * name), a medical booking's sealed details after the audit warning (gone once the dialog closes),
 * Mark no-show after the start with a confirmation, a refresh, and each failure retried or closed.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('expertDay', expertDayMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const MIN = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
const booking = (over: Partial<ExpertBooking>): ExpertBooking => ({
  id: '11111111-1111-4111-8111-111111111111',
  alias: 'Moonflower',
  avatar: { id: 'lotus', emoji: '🪷', label: 'Lotus' },
  offerKind: 'consultation',
  offerTitle: 'Consultation',
  minutes: 30,
  mode: 'video',
  startsAt: at(-10),
  endsAt: at(20),
  status: 'confirmed',
  medical: true,
  noShowAt: null,
  joinable: true,
  ...over,
});
const NOW_ID = '11111111-1111-4111-8111-111111111111';
const LATER_ID = '22222222-2222-4222-8222-222222222222';
const bookings = () => ({
  upcoming: [
    booking({}),
    booking({
      id: LATER_ID,
      alias: 'Jasmine',
      mode: 'voice',
      medical: false,
      startsAt: at(2 * 24 * 60),
      endsAt: at(2 * 24 * 60 + 30),
      joinable: false,
    }),
  ],
  past: [
    booking({
      id: '33333333-3333-4333-8333-333333333333',
      alias: 'Cedar',
      status: 'cancelled',
      medical: false,
      startsAt: at(-3000),
      endsAt: at(-2970),
    }),
  ],
});
const DETAILS: SealedDetails = { firstName: 'Layla', lastName: 'Nasser', dateOfBirth: '1990-04-12' };
const JOIN = {
  url: 'https://meet.jit.si/amina-room#userInfo.displayName=%22Dr%20Rana%20Aziz%22',
  server: 'https://meet.jit.si',
  room: 'amina-room',
  jwt: null,
  displayName: 'Dr Rana Aziz',
  mode: 'video' as const,
  startWithVideoMuted: false,
};
const BASE = `/expert/bookings/${NOW_ID}`;

/** Both lists (upcoming and past are two requests). */
async function answerLists(list = bookings()) {
  for (const when of ['upcoming', 'past'] as const) {
    const call = await waitFor(() => {
      const c = api()
        .open('/expert/bookings')
        .findLast((x) => x.query.when === when);
      expect(c, `GET bookings?when=${when}`).toBeTruthy();
      return c!;
    });
    call.settled = true;
    await act(async () => call.resolve({ items: list[when], timeZone: 'Asia/Riyadh' }));
  }
}
const failLists = async () => {
  const calls = await waitFor(() => {
    expect(api().open('/expert/bookings')).toHaveLength(2);
    return api().open('/expert/bookings');
  });
  for (const call of calls) call.settled = true;
  await act(async () => {
    for (const call of calls) call.reject({ code: 'NETWORK_ERROR' });
  });
};

const row = (id = NOW_ID) =>
  screen.getByTestId('expert-upcoming').querySelector(`[data-booking="${id}"]`) as HTMLElement;
const inRow = (testId: string) => within(row()).getByTestId(testId);
const dialogOf = (testId: string) => screen.findByTestId(testId);
const noDialog = () =>
  waitFor(() => expect(screen.queryByRole('dialog') ?? screen.queryByRole('alertdialog')).toBeNull());

const model = createMachine({
  id: 'expertDayModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { LISTS: 'ready', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { LISTS: 'readyAgain' } },
    readyAgain: {},
    ready: {
      on: {
        JOIN: 'joining',
        DETAILS: 'notice',
        NO_SHOW: 'confirming',
        REFRESH: 'refreshing',
        PAST: 'pastTab',
      },
    },
    pastTab: {},
    refreshing: { on: { LISTS: 'refreshed' } },
    refreshed: {},
    joining: { on: { JOIN_OK: 'inCall', DIALOG_FAIL: 'joinFailed' } },
    inCall: { on: { CLOSE: 'callLeft' } },
    callLeft: {},
    joinFailed: { on: { DIALOG_RETRY: 'joiningAgain', CLOSE: 'joinClosed' } },
    joiningAgain: {},
    joinClosed: {},
    notice: { on: { CONFIRM_DETAILS: 'opening', CLOSE: 'noticeClosed' } },
    noticeClosed: {},
    opening: { on: { DETAILS_OK: 'detailsShown', DIALOG_FAIL: 'detailsFailed' } },
    detailsShown: { on: { CLOSE: 'detailsForgotten' } },
    detailsForgotten: {},
    detailsFailed: { on: { DIALOG_RETRY: 'openingAgain', CLOSE: 'detailsClosed' } },
    openingAgain: {},
    detailsClosed: {},
    confirming: { on: { CONFIRM_NO_SHOW: 'marking', CLOSE: 'kept' } },
    kept: {},
    marking: { on: { NO_SHOW_OK: 'marked', DIALOG_FAIL: 'noShowFailed' } },
    marked: {},
    noShowFailed: { on: { DIALOG_RETRY: 'markingAgain', CLOSE: 'noShowClosed' } },
    markingAgain: {},
    noShowClosed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectReady() {
  await waitFor(() => expect(row()).toBeTruthy());
  expect(screen.getByTestId('expert-day-zone')).toHaveTextContent('Asia/Riyadh');
  expect(within(row()).getByTestId('expert-booking-alias')).toHaveTextContent('Moonflower');
  expect(within(row()).getByTestId('expert-booking-medical')).toHaveTextContent(
    ui.t('staff.expert.row.medical'),
  );
  expect(inRow('expert-join')).toBeEnabled();
  // the later call: Join shown, disabled, saying when it opens; no details (not medical), no no-show yet
  const later = row(LATER_ID);
  expect(within(later).getByTestId('expert-join')).toBeDisabled();
  expect(within(later).getByTestId('expert-join-when')).toHaveTextContent(
    ui.t('staff.expert.row.joinOpens', { minutes: 10 }),
  );
  expect(within(later).queryByTestId('expert-details')).toBeNull();
  expect(within(later).queryByTestId('expert-no-show')).toBeNull();
  expect(screen.getByTestId('expert-tab-upcoming')).toHaveTextContent(
    ui.t('staff.expert.day.upcoming', { count: 2 }),
  );
}
const expectPosted = (path: string) => waitFor(() => expect(api().open(path, 'POST')).toHaveLength(1));
const expectFailure = async (testId: string, id: string) => {
  expect(await screen.findByTestId(testId)).toHaveTextContent(ui.t(id));
};

describe('expert day model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-expert/ExpertDayView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(10));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          api().me = { ...api().me, name: 'Dr Rana Aziz', roles: ['expert'], expertId: 'rana-aziz' };
          await ui.open('/staff', { ready: 'expert-day' });
        },
        LISTS: () => answerLists(),
        FAIL: failLists,
        RETRY: () => ui.press('staff.expert.retry'),
        REFRESH: () => ui.app.user.click(screen.getByTestId('expert-day-refresh')),
        PAST: () => ui.app.user.click(screen.getByTestId('expert-tab-past')),
        JOIN: () => ui.app.user.click(inRow('expert-join')),
        JOIN_OK: () => api().answer(`${BASE}/join`, JOIN, 'POST'),
        DETAILS: () => ui.app.user.click(inRow('expert-details')),
        CONFIRM_DETAILS: () => ui.app.user.click(screen.getByTestId('expert-details-open')),
        DETAILS_OK: () => api().answer(`${BASE}/details`, DETAILS, 'POST'),
        NO_SHOW: () => ui.app.user.click(inRow('expert-no-show')),
        CONFIRM_NO_SHOW: () => ui.app.user.click(screen.getByTestId('expert-no-show-confirm')),
        NO_SHOW_OK: () => api().answer(`${BASE}/no-show`, booking({ noShowAt: at(0) }), 'POST'),
        DIALOG_FAIL: () => api().fail(/^\/expert\/bookings\/.+\//, { code: 'NETWORK_ERROR' }, 'POST'),
        DIALOG_RETRY: () =>
          ui.app.user.click(
            screen.queryByTestId('expert-details-open') ??
              screen.queryByTestId('expert-no-show-confirm') ??
              screen.getByRole('button', { name: ui.t('staff.expert.retry') }),
          ),
        CLOSE: () =>
          ui.app.user.click(
            screen.queryByTestId('expert-call-close') ??
              screen.queryByTestId('expert-details-close') ??
              screen.getByTestId('expert-no-show-keep'),
          ),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('expert-day-loading')).toBeInTheDocument();
        },
        failed: () => expectFailure('expert-day-error', 'staff.expert.day.error'),
        retrying: async () => {
          expect(await screen.findByTestId('expert-day-loading')).toBeInTheDocument();
        },
        readyAgain: expectReady,
        ready: expectReady,
        pastTab: async () => {
          const past = await screen.findByTestId('expert-past');
          expect(within(past).getByTestId('expert-booking-cancelled')).toHaveTextContent(
            ui.t('staff.expert.row.cancelled'),
          );
          expect(within(past).queryByTestId('expert-join')).toBeNull();
        },
        refreshing: async () => {
          await waitFor(() => expect(api().open('/expert/bookings')).toHaveLength(2));
          // what was on the page stays while the lists come again
          expect(row()).toBeTruthy();
        },
        refreshed: expectReady,
        joining: () => expectPosted(`${BASE}/join`),
        joiningAgain: () => expectPosted(`${BASE}/join`),
        inCall: async () => {
          const frame = await screen.findByTestId('call-frame');
          expect(frame.getAttribute('src')).toBe(JOIN.url);
          expect(screen.getByTestId('expert-call-dialog')).toHaveTextContent(
            ui.t('staff.expert.call.name', { name: 'Dr Rana Aziz' }),
          );
        },
        callLeft: noDialog,
        joinFailed: () => expectFailure('expert-call-error', 'staff.expert.network'),
        joinClosed: noDialog,
        notice: async () => {
          const d = await dialogOf('expert-details-dialog');
          expect(d).toHaveTextContent(ui.t('staff.expert.details.recorded'));
          expect(within(d).queryByTestId('expert-details')).toBeNull();
          expect(api().open(`${BASE}/details`, 'POST')).toHaveLength(0);
        },
        noticeClosed: async () => {
          await noDialog();
          expect(api().open(`${BASE}/details`, 'POST')).toHaveLength(0);
        },
        opening: () => expectPosted(`${BASE}/details`),
        openingAgain: () => expectPosted(`${BASE}/details`),
        detailsShown: async () => {
          expect(await screen.findByTestId('expert-details-first')).toHaveTextContent('Layla');
          expect(screen.getByTestId('expert-details-last')).toHaveTextContent('Nasser');
          expect(screen.getByTestId('expert-details-birth')).toHaveTextContent('April 12, 1990');
        },
        detailsForgotten: async () => {
          await noDialog();
          expect(screen.queryByText('Layla')).toBeNull();
          // opened again, the warning comes first: nothing was kept
          await ui.app.user.click(inRow('expert-details'));
          const d = await dialogOf('expert-details-dialog');
          expect(within(d).queryByTestId('expert-details')).toBeNull();
        },
        detailsFailed: () => expectFailure('expert-details-error', 'staff.expert.network'),
        detailsClosed: noDialog,
        confirming: async () => {
          expect(await dialogOf('expert-no-show-dialog')).toHaveTextContent(
            ui.t('staff.expert.noShow.title'),
          );
        },
        kept: async () => {
          await noDialog();
          expect(api().open(`${BASE}/no-show`, 'POST')).toHaveLength(0);
        },
        marking: () => expectPosted(`${BASE}/no-show`),
        markingAgain: () => expectPosted(`${BASE}/no-show`),
        marked: async () => {
          await noDialog();
          expect(within(row()).getByTestId('expert-booking-no-show')).toHaveTextContent(
            ui.t('staff.expert.row.noShow'),
          );
          expect(within(row()).queryByTestId('expert-no-show')).toBeNull();
        },
        noShowFailed: () => expectFailure('expert-no-show-error', 'staff.expert.network'),
        noShowClosed: noDialog,
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
