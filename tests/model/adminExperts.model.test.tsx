import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AdminExpert } from '../../contract/staff-admin';
import { adminExpertsMachine } from '../../machines/adminExperts';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of the admin's experts, /staff/admin/experts (issue 26), on the real page inside
 * the real staff area: the published switch, a pending profile change beside the live texts,
 * Approve, and Reject with a required reason in a dialog (kept open when the server refuses).
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
  staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal }),
}));

const coverage = new Coverage('adminExperts', adminExpertsMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const texts = (title: string) => ({
  en: { title, bio: 'She helps women through menopause.', qualifications: 'MD' },
  ar: { title: 'طبيبة نسائية', bio: 'تساعد النساء في سن اليأس.', qualifications: 'دكتوراه في الطب' },
});
const RANA: AdminExpert = {
  id: 'rana-aziz',
  name: 'Dr Rana Aziz',
  title: 'Gynaecologist',
  published: true,
  hasAccount: true,
  pendingTexts: texts('Gynaecologist and menopause specialist'),
  live: texts('Gynaecologist'),
};
const REASON = 'Please keep the title short.';
const BASE = '/admin/experts/rana-aziz';

const row = () => screen.getByTestId('expert-rana-aziz');
const toggle = () => within(screen.getByTestId('publish-rana-aziz')).getByRole('checkbox');
const dialog = () => screen.getByTestId('reject-dialog');
const reasonBox = () => within(dialog()).getByRole('textbox');
const done = () => screen.getByTestId('experts-done');

const model = createMachine({
  id: 'adminExpertsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { EXPERTS: 'ready', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { EXPERTS: 'readyAgain' } },
    readyAgain: {},
    ready: { on: { UNPUBLISH: 'unpublishing', APPROVE: 'approving', REJECT: 'dialog' } },
    unpublishing: { on: { UNPUBLISH_OK: 'unpublished', CHANGE_FAIL: 'refused' } },
    unpublished: {},
    refused: {},
    approving: { on: { APPROVE_OK: 'approved' } },
    approved: {},
    dialog: { on: { CONFIRM: 'reasonRequired', TYPE_REASON: 'reasonTyped', CANCEL: 'dialogClosed' } },
    reasonRequired: {},
    dialogClosed: {},
    reasonTyped: { on: { CONFIRM: 'rejecting' } },
    rejecting: { on: { REJECT_OK: 'rejected', CHANGE_FAIL: 'rejectRefused' } },
    rejected: {},
    rejectRefused: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectReady() {
  await waitFor(() => expect(row()).toHaveTextContent('Dr Rana Aziz'));
  expect(toggle()).toBeChecked();
  expect(row()).toHaveTextContent(ui.t('staff.admin.experts.account.linked'));
  const pending = within(row()).getByTestId('pending-rana-aziz');
  expect(pending).toHaveTextContent(ui.t('staff.admin.experts.live'));
  expect(pending).toHaveTextContent('Gynaecologist and menopause specialist');
  expect(pending).toHaveTextContent('طبيبة نسائية');
}

describe('admin experts model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-admin/AdminExpertsView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open('/staff/admin/experts', { ready: 'admin-experts' });
        },
        EXPERTS: () => api().answer('/admin/experts', { items: [RANA] }),
        FAIL: () => api().fail('/admin/experts', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.admin.retry'),
        UNPUBLISH: () => ui.app.user.click(toggle()),
        UNPUBLISH_OK: () => api().answer(`${BASE}/published`, { ...RANA, published: false }, 'PUT'),
        CHANGE_FAIL: () =>
          api().fail(/^\/admin\/experts\/rana-aziz\//, { code: 'NETWORK_ERROR' }, api().calls.at(-1)!.method),
        APPROVE: () => ui.press('staff.admin.experts.approve'),
        APPROVE_OK: () =>
          api().answer(
            `${BASE}/profile/approve`,
            { ...RANA, pendingTexts: null, live: RANA.pendingTexts! },
            'POST',
          ),
        REJECT: () => ui.press('staff.admin.experts.reject'),
        CONFIRM: () => ui.app.user.click(screen.getByTestId('reject-dialog-confirm')),
        TYPE_REASON: () => ui.app.user.type(reasonBox(), REASON),
        CANCEL: () => ui.press('staff.admin.cancel'),
        REJECT_OK: () => api().answer(`${BASE}/profile/reject`, { ...RANA, pendingTexts: null }, 'POST'),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('experts-loading')).toBeInTheDocument();
        },
        failed: async () => {
          expect(await screen.findByTestId('experts-error')).toHaveTextContent(
            ui.t('staff.admin.experts.failed'),
          );
        },
        retrying: async () => {
          expect(await screen.findByTestId('experts-loading')).toBeInTheDocument();
        },
        readyAgain: expectReady,
        ready: expectReady,
        unpublishing: async () => {
          await waitFor(() =>
            expect(api().last(`${BASE}/published`, 'PUT').body).toEqual({ published: false }),
          );
          expect(toggle()).toBeDisabled();
        },
        unpublished: async () => {
          await waitFor(() => expect(toggle()).not.toBeChecked());
          expect(done()).toHaveTextContent(
            ui.t('staff.admin.experts.done.unpublish', { name: 'Dr Rana Aziz' }),
          );
        },
        refused: async () => {
          expect(await screen.findByTestId('experts-refused')).toHaveTextContent(ui.t('staff.admin.refused'));
          expect(toggle()).toBeChecked();
        },
        approving: async () => {
          await waitFor(() => expect(api().open(`${BASE}/profile/approve`, 'POST')).toHaveLength(1));
        },
        approved: async () => {
          await waitFor(() => expect(within(row()).queryByTestId('pending-rana-aziz')).toBeNull());
          expect(done()).toHaveTextContent(
            ui.t('staff.admin.experts.done.approve', { name: 'Dr Rana Aziz' }),
          );
        },
        dialog: async () => {
          expect(await screen.findByRole('alertdialog')).toHaveTextContent(
            ui.t('staff.admin.experts.reject.title'),
          );
          expect(dialog()).toHaveTextContent(
            ui.t('staff.admin.experts.reject.body', { name: 'Dr Rana Aziz' }),
          );
        },
        reasonRequired: async () => {
          await waitFor(() => expect(dialog()).toHaveTextContent(ui.t('staff.admin.reason.REQUIRED')));
          expect(api().open(`${BASE}/profile/reject`, 'POST')).toHaveLength(0);
        },
        dialogClosed: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
          expect(within(row()).getByTestId('pending-rana-aziz')).toBeInTheDocument();
        },
        reasonTyped: async () => {
          await waitFor(() => expect(reasonBox()).toHaveValue(REASON));
        },
        rejecting: async () => {
          await waitFor(() =>
            expect(api().last(`${BASE}/profile/reject`, 'POST').body).toEqual({ reason: REASON }),
          );
        },
        rejected: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
          expect(done()).toHaveTextContent(ui.t('staff.admin.experts.done.reject', { name: 'Dr Rana Aziz' }));
        },
        rejectRefused: async () => {
          expect(await screen.findByTestId('reject-dialog-refused')).toHaveTextContent(
            ui.t('staff.admin.refused'),
          );
          expect(reasonBox()).toHaveValue(REASON);
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
