import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AuditEntry, AuditPage } from '../../contract/staff';
import { auditLogMachine } from '../../machines/auditLog';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of the audit log, /staff/admin/audit (issue 26), on the real page inside the
 * real staff area: newest first, each action in words, who and on what; "Load more" and its
 * failure; an empty log; a failed load and its retry. The server's answers are explicit events.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
  staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal }),
}));

const coverage = new Coverage('auditLog', auditLogMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const entry = (n: number, action: AuditEntry['action'], over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(n),
  at: `2026-11-28T1${n}:00:00.000Z`,
  staffName: 'Salma Haddad',
  staffEmail: 'salma@amina.test',
  action,
  targetType: 'expert',
  targetId: 'rana-aziz',
  detail: {},
  ...over,
});
const FIRST: AuditPage = {
  items: [
    entry(3, 'expert.unpublished'),
    entry(2, 'coupon.created', { targetType: 'coupon', targetId: 'SPRING20' }),
  ],
  nextCursor: 'c2',
};
const NEXT: AuditPage = {
  items: [
    entry(1, 'staff.login.failed', { staffName: null, staffEmail: null, targetType: null, targetId: null }),
  ],
  nextCursor: null,
};

const rows = () => screen.queryAllByTestId('audit-row');

const model = createMachine({
  id: 'auditLogModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: { on: { PAGE: 'list', NOTHING: 'empty', FAIL: 'failed' } },
    failed: { on: { RETRY: 'retrying' } },
    retrying: { on: { PAGE: 'list' } },
    empty: {},
    list: { on: { MORE: 'loadingMore' } },
    loadingMore: { on: { MORE_PAGE: 'all', MORE_FAIL: 'moreFailed' } },
    moreFailed: { on: { MORE: 'loadingMoreAgain' } },
    loadingMoreAgain: { on: { MORE_PAGE: 'all' } },
    all: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

describe('audit log model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-admin/AuditView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(3));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open('/staff/admin/audit', { ready: 'admin-audit' });
        },
        PAGE: () => api().answer('/audit', FIRST),
        NOTHING: () => api().answer('/audit', { items: [], nextCursor: null }),
        FAIL: () => api().fail('/audit', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.admin.retry'),
        MORE: () => ui.app.user.click(screen.getByTestId('load-more')),
        MORE_PAGE: () => api().answer('/audit', NEXT),
        MORE_FAIL: () => api().fail('/audit', { code: 'NETWORK_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('audit-loading')).toBeInTheDocument();
          expect(api().last('/audit').query).toEqual({});
        },
        retrying: async () => {
          expect(await screen.findByTestId('audit-loading')).toBeInTheDocument();
        },
        failed: async () => {
          expect(await screen.findByTestId('audit-error')).toHaveTextContent(
            ui.t('staff.admin.audit.failed'),
          );
        },
        empty: async () => {
          expect(await screen.findByTestId('audit-empty')).toHaveTextContent(ui.t('staff.admin.audit.empty'));
        },
        list: async () => {
          await waitFor(() => expect(rows()).toHaveLength(2));
          expect(rows()[0]).toHaveTextContent(ui.t('staff.admin.audit.action.expert.unpublished'));
          expect(rows()[0]).toHaveTextContent('Salma Haddad');
          expect(rows()[0]).toHaveTextContent(`${ui.t('staff.admin.audit.target.expert')} rana-aziz`);
          expect(rows()[1]).toHaveTextContent(ui.t('staff.admin.audit.action.coupon.created'));
          expect(rows()[1]).toHaveTextContent('SPRING20');
        },
        loadingMore: async () => {
          await waitFor(() => expect(api().last('/audit').query).toEqual({ cursor: 'c2' }));
          expect(screen.getByTestId('load-more')).toHaveAttribute('aria-busy', 'true');
        },
        loadingMoreAgain: async () => {
          await waitFor(() => expect(api().last('/audit').query).toEqual({ cursor: 'c2' }));
          expect(screen.queryByTestId('load-more-error')).toBeNull();
        },
        moreFailed: async () => {
          expect(await screen.findByTestId('load-more-error')).toHaveTextContent(
            ui.t('staff.admin.audit.moreFailed'),
          );
          expect(rows()).toHaveLength(2);
        },
        all: async () => {
          await waitFor(() => expect(rows()).toHaveLength(3));
          expect(rows()[2]).toHaveTextContent(ui.t('staff.admin.audit.action.staff.login.failed'));
          expect(rows()[2]).toHaveTextContent(ui.t('staff.admin.audit.unknownStaff'));
          expect(screen.queryByTestId('load-more')).toBeNull();
        },
      },
    },
    60_000,
  );

  coversEveryTransition(coverage);
});
