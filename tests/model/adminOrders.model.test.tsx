import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { AdminOrder } from '../../contract/staff-admin';
import { adminOrdersMachine } from '../../machines/adminOrders';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';
import { StaffTeamServer } from './staffTeam-server';

/**
 * Model-based test of course orders, /staff/admin/orders (issue 26), on the real page inside the
 * real staff area: a search by member number or invoice number, the orders with courses and
 * totals, and a refund after a dialog that says what happens and asks why; then the credit note.
 */
const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
vi.mock('../../src/api/staff-client', async (original) => ({
  ...(await original<object>()),
  staffRequest: (path: string, o?: object) => server.current!.request(path, o),
  staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal }),
}));

const coverage = new Coverage('adminOrders', adminOrdersMachine);
const ui = modelApp({ coverage });
const api = () => server.current!;

const ORDER: AdminOrder = {
  id: '00000000-0000-4000-8000-0000000000c1',
  memberNumber: 1042,
  invoiceNumber: 'INV-2026-000017',
  createdAt: '2026-11-20T09:00:00.000Z',
  courses: [{ id: 'menopause-care', title: 'Menopause care' }],
  total: 4725,
  currency: 'USD',
  refund: null,
};
const REFUNDED: AdminOrder = {
  ...ORDER,
  refund: { creditNoteNumber: 'CN-2026-000009', amount: 4725, at: '2026-11-28T10:00:00.000Z', reason: 'x' },
};
const REFUND = `/admin/orders/${ORDER.id}/refund`;
const REASON = 'Charged twice by the bank.';

const query = () => screen.getByTestId('orders-query');
const dialog = () => screen.getByTestId('refund-dialog');
const reasonBox = () => within(dialog()).getByRole('textbox');
const confirm = () => ui.app.user.click(screen.getByTestId('refund-dialog-confirm'));

const model = createMachine({
  id: 'adminOrdersModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'idle' } },
    idle: { on: { SEARCH: 'queryRequired', TYPE_MEMBER: 'typed', BY_INVOICE: 'invoiceTyped' } },
    queryRequired: {},
    invoiceTyped: { on: { SEARCH: 'searchingInvoice' } },
    searchingInvoice: { on: { NONE: 'none' } },
    none: {},
    typed: { on: { SEARCH: 'searching' } },
    searching: { on: { FOUND: 'found', FAIL: 'failed' } },
    failed: { on: { RETRY: 'searchingAgain' } },
    searchingAgain: { on: { FOUND: 'foundAgain' } },
    foundAgain: {},
    found: { on: { REFUND: 'dialog' } },
    dialog: { on: { CONFIRM: 'reasonRequired', CANCEL: 'dialogClosed', TYPE_REASON: 'reasonTyped' } },
    reasonRequired: {},
    dialogClosed: {},
    reasonTyped: { on: { CONFIRM: 'refunding' } },
    refunding: { on: { REFUND_OK: 'refunded', REFUND_FAIL: 'refundFailed' } },
    refunded: {},
    refundFailed: {
      on: { CONFIRM: 'refundingAgain', CANCEL: 'closedAfterFailure', TYPE_MORE: 'reasonEdited' },
    },
    refundingAgain: { on: { REFUND_OK: 'refundedAgain' } },
    refundedAgain: {},
    closedAfterFailure: {},
    reasonEdited: {},
  },
});
const paths = createTestModel(model).getSimplePaths();

async function expectFound() {
  const row = await screen.findByTestId(`order-${ORDER.id}`);
  expect(row).toHaveTextContent('Menopause care');
  expect(row).toHaveTextContent(ui.t('staff.admin.orders.total', { total: ui.money(4725) }));
  expect(row).toHaveTextContent('INV-2026-000017');
  expect(within(row).getByTestId('order-refund-open')).toBeEnabled();
}

async function expectRefunded() {
  expect(await screen.findByTestId('orders-refunded')).toHaveTextContent(
    ui.t('staff.admin.orders.done', { number: 'CN-2026-000009' }),
  );
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(screen.getByTestId('order-refund')).toHaveTextContent('CN-2026-000009');
}

describe('admin orders model on the real page', () => {
  beforeAll(() => import('../../src/views/staff-admin/AdminOrdersView'), 60_000);

  it('generates paths through every model state', () => expect(paths.length).toBeGreaterThan(4));

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          server.current = new StaffTeamServer();
          await ui.open('/staff/admin/orders', { ready: 'admin-orders' });
        },
        SEARCH: () => ui.app.user.click(screen.getByTestId('orders-search')),
        TYPE_MEMBER: () => ui.app.user.type(query(), '١٠٤٢'),
        BY_INVOICE: async () => {
          await ui.app.user.click(
            within(screen.getByTestId('orders-by')).getByText(ui.t('staff.admin.orders.by.invoice')),
          );
          await ui.app.user.type(query(), 'inv-2026-000099');
        },
        NONE: () => api().answer('/admin/orders', { items: [] }),
        FOUND: () => api().answer('/admin/orders', { items: [ORDER] }),
        FAIL: () => api().fail('/admin/orders', { code: 'NETWORK_ERROR' }),
        RETRY: () => ui.press('staff.admin.retry'),
        REFUND: () => ui.app.user.click(screen.getByTestId('order-refund-open')),
        CONFIRM: confirm,
        CANCEL: () => ui.press('staff.admin.cancel'),
        TYPE_REASON: () => ui.app.user.type(reasonBox(), REASON),
        TYPE_MORE: () => ui.app.user.type(reasonBox(), ' Again.'),
        REFUND_OK: () => api().answer(REFUND, REFUNDED, 'POST'),
        REFUND_FAIL: () => api().fail(REFUND, { code: 'NETWORK_ERROR' }, 'POST'),
      },
      states: {
        closed: ui.expectClosed,
        idle: () => {
          expect(query()).toHaveValue('');
        },
        queryRequired: async () => {
          await waitFor(() =>
            expect(screen.getByTestId('admin-orders')).toHaveTextContent(
              ui.t('staff.admin.orders.error.REQUIRED'),
            ),
          );
          expect(api().open('/admin/orders')).toHaveLength(0);
        },
        typed: async () => {
          await waitFor(() => expect(query()).toHaveValue('١٠٤٢'));
        },
        invoiceTyped: async () => {
          await waitFor(() => expect(query()).toHaveValue('inv-2026-000099'));
        },
        searchingInvoice: async () => {
          await waitFor(() =>
            expect(api().last('/admin/orders').query).toEqual({ invoice: 'INV-2026-000099' }),
          );
        },
        none: async () => {
          expect(await screen.findByTestId('orders-none')).toHaveTextContent(ui.t('staff.admin.orders.none'));
        },
        searching: async () => {
          // Arabic digits are sent as ASCII
          await waitFor(() => expect(api().last('/admin/orders').query).toEqual({ memberNumber: '1042' }));
          expect(screen.getByTestId('orders-search')).toHaveAttribute('aria-busy', 'true');
        },
        failed: async () => {
          expect(await screen.findByTestId('orders-error')).toHaveTextContent(
            ui.t('staff.admin.orders.failed'),
          );
        },
        searchingAgain: async () => {
          await waitFor(() => expect(api().open('/admin/orders')).toHaveLength(1));
        },
        found: expectFound,
        foundAgain: expectFound,
        dialog: async () => {
          expect(await screen.findByRole('alertdialog')).toHaveTextContent(
            ui.t('staff.admin.orders.dialog.title'),
          );
          // what happens: the money back, a credit note, her courses end
          expect(dialog()).toHaveTextContent(
            ui.t('staff.admin.orders.dialog.body', { total: ui.money(4725), courses: 'Menopause care' }),
          );
        },
        reasonRequired: async () => {
          await waitFor(() => expect(dialog()).toHaveTextContent(ui.t('staff.admin.reason.REQUIRED')));
          expect(api().open(REFUND, 'POST')).toHaveLength(0);
        },
        dialogClosed: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        },
        closedAfterFailure: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        },
        reasonTyped: async () => {
          await waitFor(() => expect(reasonBox()).toHaveValue(REASON));
        },
        reasonEdited: async () => {
          await waitFor(() => expect(reasonBox()).toHaveValue(`${REASON} Again.`));
        },
        refunding: async () => {
          await waitFor(() => expect(api().last(REFUND, 'POST').body).toEqual({ reason: REASON }));
        },
        refundingAgain: async () => {
          await waitFor(() => expect(api().open(REFUND, 'POST')).toHaveLength(1));
        },
        refunded: expectRefunded,
        refundedAgain: expectRefunded,
        refundFailed: async () => {
          expect(await screen.findByTestId('refund-dialog-refused')).toHaveTextContent(
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
