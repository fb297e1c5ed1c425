import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ExpertHours } from '../../contract/staff-expert';
import { expertHoursMachine } from '../../machines/expertHours';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of her hours, /staff/hours (issue 26), on the real page inside the real staff
 * area: her zone, weekly ranges (add, change, remove), a date with extra hours, the numbers; the
 * file's rules checked before the server is asked; the server's field codes at the range they name;
 * nothing she typed lost when a save fails.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
}));

const coverage = new Coverage('expertHours', expertHoursMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const HOURS: ExpertHours = {
  timeZone: 'Asia/Riyadh',
  weekly: { mon: [['09:00', '13:00']], wed: [['10:00', '16:00']] },
  exceptions: [{ date: '2026-12-24', off: true }],
  bufferMinutes: 15,
  noticeHours: 24,
  horizonDays: 60,
  updatedAt: null,
};
const byId = (id: string) => screen.getByTestId(id);
const input = (id: string) => byId(id) as HTMLInputElement;
async function retype(id: string, value: string) {
  await ui.app.user.clear(input(id));
  await ui.app.user.type(input(id), value);
}
const save = () => ui.app.user.click(byId('hours-save'));

const model = createMachine({
  id: 'expertHoursModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { HOURS: 'editing', FAIL: 'loadFailed' } },
    loadFailed: { on: { RETRY: 'retrying' } },
    retrying: { on: { HOURS: 'editingAgain' } },
    editingAgain: {},
    editing: { on: { EDIT_AND_SAVE: 'saving', BREAK_RANGE: 'broken', ADD_EXTRA_DATE: 'extraDate' } },
    extraDate: {},
    broken: { on: { SAVE: 'invalidHere' } },
    invalidHere: { on: { FIX: 'fixed' } },
    fixed: {},
    saving: { on: { SAVE_OK: 'saved', SERVER_FIELDS: 'invalidThere', SAVE_FAIL: 'failed' } },
    saved: {},
    invalidThere: {},
    failed: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

/** What the save sends after EDIT_AND_SAVE: Monday's second range added, Wednesday gone, buffer 30. */
const EDITED = {
  timeZone: 'Asia/Riyadh',
  weekly: {
    mon: [
      ['09:00', '13:00'],
      ['14:00', '15:00'],
    ],
  },
  exceptions: [{ date: '2026-12-24', off: true }],
  bufferMinutes: 30,
  noticeHours: 24,
  horizonDays: 60,
};

async function expectEditing() {
  await waitFor(() => expect(input('hours-mon-0-from')).toHaveValue('09:00'));
  expect(input('hours-mon-0-to')).toHaveValue('13:00');
  expect(input('hours-wed-0-from')).toHaveValue('10:00');
  expect(within(byId('hours-day-sun')).getByText(ui.t('staff.expert.hours.dayOff'))).toBeInTheDocument();
  expect(input('hours-date-0-date')).toHaveValue('2026-12-24');
  expect(input('hours-bufferMinutes')).toHaveValue('15');
  expect(screen.getByTestId('hours-zone')).toHaveValue('Asia/Riyadh');
  expect(screen.getByTestId('expert-hours')).toHaveTextContent(ui.t('staff.expert.hours.kept'));
}

describe('expert hours model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-expert/ExpertHoursView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(5));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          api().me = { ...api().me, roles: ['expert'], expertId: 'rana-aziz' };
          await ui.open('/staff/hours', { ready: 'expert-hours' });
        },
        HOURS: () => api().answer('/expert/hours', HOURS),
        FAIL: () => api().fail('/expert/hours', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.expert.retry'),
        EDIT_AND_SAVE: async () => {
          await ui.app.user.click(byId('hours-mon-add'));
          await ui.app.user.click(byId('hours-wed-0-remove'));
          await retype('hours-bufferMinutes', '30');
          await save();
        },
        BREAK_RANGE: () => retype('hours-mon-0-to', '08:00'),
        SAVE: save,
        FIX: () => retype('hours-mon-0-to', '12:00'),
        ADD_EXTRA_DATE: async () => {
          await ui.app.user.click(byId('hours-date-add'));
          await ui.app.user.click(
            within(byId('hours-date-1-kind')).getByText(ui.t('staff.expert.hours.extra')),
          );
        },
        SAVE_OK: () => api().answer('/expert/hours', { ...EDITED, updatedAt: '2026-11-28T10:00:00Z' }, 'PUT'),
        SERVER_FIELDS: () =>
          api().fail(
            '/expert/hours',
            { code: 'VALIDATION_ERROR', fields: { 'weekly.mon.1.0': 'INVALID' } },
            'PUT',
          ),
        SAVE_FAIL: () => api().fail('/expert/hours', { code: 'NETWORK_ERROR' }, 'PUT'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByText(ui.t('staff.expert.hours.loading'))).toBeInTheDocument();
        },
        loadFailed: async () => {
          expect(await screen.findByTestId('hours-load-error')).toHaveTextContent(
            ui.t('staff.expert.hours.loadError'),
          );
        },
        retrying: async () => {
          await waitFor(() => expect(api().open('/expert/hours')).toHaveLength(1));
        },
        editingAgain: expectEditing,
        editing: expectEditing,
        extraDate: async () => {
          // a new date with extra hours starts with one range, 09:00–17:00
          await waitFor(() => expect(input('hours-date-1-0-from')).toHaveValue('09:00'));
          expect(input('hours-date-1-0-to')).toHaveValue('17:00');
        },
        broken: async () => {
          await waitFor(() => expect(input('hours-mon-0-to')).toHaveValue('08:00'));
        },
        invalidHere: async () => {
          await waitFor(() =>
            expect(byId('hours-mon-0-error')).toHaveTextContent(ui.t('staff.expert.problem.RANGE_ORDER')),
          );
          expect(byId('hours-invalid')).toHaveTextContent(ui.t('staff.expert.hours.invalid'));
          expect(api().open('/expert/hours', 'PUT')).toHaveLength(0);
        },
        fixed: async () => {
          await waitFor(() => expect(screen.queryByTestId('hours-mon-0-error')).toBeNull());
          expect(input('hours-mon-0-to')).toHaveValue('12:00');
        },
        saving: async () => {
          await waitFor(() => expect(api().last('/expert/hours', 'PUT').body).toEqual(EDITED));
          expect(byId('hours-save')).toHaveAttribute('aria-busy', 'true');
        },
        saved: async () => {
          expect(await screen.findByTestId('hours-saved')).toHaveTextContent(
            ui.t('staff.expert.hours.saved'),
          );
          expect(input('hours-mon-1-from')).toHaveValue('14:00');
          expect(screen.queryByTestId('hours-wed-0-from')).toBeNull();
        },
        invalidThere: async () => {
          // the server's code at the range it names (a time inside Monday's second range)
          await waitFor(() =>
            expect(byId('hours-mon-1-error')).toHaveTextContent(ui.t('errors.field.INVALID')),
          );
          expect(input('hours-mon-1-from')).toHaveValue('14:00');
          expect(input('hours-bufferMinutes')).toHaveValue('30');
        },
        failed: async () => {
          expect(await screen.findByTestId('hours-error')).toHaveTextContent(
            ui.t('staff.expert.hours.failed'),
          );
          expect(byId('hours-error')).toHaveTextContent(ui.t('errors.network'));
          // nothing she typed is lost
          expect(input('hours-mon-1-to')).toHaveValue('15:00');
          expect(input('hours-bufferMinutes')).toHaveValue('30');
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
