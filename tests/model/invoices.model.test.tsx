import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { InvoicesPage } from '../../contract/commerce';
import { type InvoicesListInput, invoicesMachine } from '../../machines/invoices';
import type { Locale } from '../../machines/types';
import { toaster } from '../../src/components/toast';
import { formatDate, formatMoney } from '../../src/views/courses/format';
import { invoicesPage } from '../support/invoice-fixtures';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of her Invoices page, /dashboard/invoices (spec §2, §3 Invoice, §7, §8): a test
 * model whose server answers are explicit events drives the REAL page (real invoices machine, real
 * views, real routes and dashboard shell, the page in the address, the real file saving with the
 * browser's object URL stubbed) in jsdom; every state check looks at the DOM. Coverage of the real
 * machine is recorded through `inspect`.
 */
const coverage = new Coverage('invoices', invoicesMachine);
const COUNT = 23;

type DownloadInput = { invoiceId: string; language: Locale };

const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadInvoices: () => controlledActor<InvoicesPage, InvoicesListInput>(),
    downloadInvoice: () => controlledActor<Blob, DownloadInput>(),
  },
});
const { t, intl } = ui;
const load = () => ui.stubs.loadInvoices;
const download = () => ui.stubs.downloadInvoice;
/** What was on screen before the download settled (the toaster outlives a test). */
let before = { saved: 0, ok: 0, failed: 0 };

// the browser's side of saving a file: jsdom has no object URLs and does not follow a download link
const saved: { href: string; download: string }[] = [];
const objectUrls: Blob[] = [];
beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    objectUrls.push(blob);
    return `blob:http://localhost/invoice-${objectUrls.length}`;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push({ href: this.href, download: this.download });
  });
});
afterAll(() => vi.restoreAllMocks());

const english = () => document.documentElement.lang === 'en';
const lastPage = () => load().last()!.input.page;
const pageInUrl = () => new URLSearchParams(window.location.search).get('page');
const PDF = new Blob(['%PDF-1.7 invoice'], { type: 'application/pdf' });
const toasts = (id: string) => screen.queryAllByText(t(id)).length;
const rows = () => within(screen.getByTestId('invoices-table')).getAllByTestId('invoice-row');
const downloadButtons = () =>
  within(screen.getByTestId('invoices-table')).getAllByRole('button', {
    name: new RegExp(`^${t('dashboard.invoices.download')}`),
  });

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'invoicesModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_PAGE_9: 'loadingPage9' } },
    loading: {
      on: {
        LIST_OK: 'ready',
        LIST_EMPTY: 'empty',
        LIST_FAIL: 'failed',
        SWITCH_LANGUAGE: 'loadingAgain',
        FOLLOW_PAGE_2_LINK: 'loadingPage2',
      },
    },
    ready: { on: { NEXT_PAGE: 'loadingPage2', SWITCH_LANGUAGE: 'loadingArabic', DOWNLOAD: 'downloading' } },
    // the list again in Arabic: she downloads in the language she reads now
    loadingArabic: { on: { LIST_OK: 'readyArabic' } },
    readyArabic: { on: { DOWNLOAD: 'downloading' } },
    downloading: { on: { DOWNLOAD_OK: 'downloaded', DOWNLOAD_FAIL: 'downloadFailed' } },
    downloaded: {},
    downloadFailed: {},
    loadingPage2: { on: { LIST_OK: 'readyPage2', BACK: 'loadingAgain' } },
    readyPage2: { on: { BACK: 'loadingAgain' } },
    loadingPage9: { on: { LIST_EMPTY: 'emptyPage9' } },
    emptyPage9: { on: { FIRST_PAGE: 'loadingAgain' } },
    empty: { on: { SWITCH_LANGUAGE: 'loadingAgain' } },
    failed: {
      on: { RETRY: 'loadingAgain', SWITCH_LANGUAGE: 'loadingAgain', FOLLOW_PAGE_2_LINK: 'loadingPage2' },
    },
    loadingAgain: { on: { LIST_OK: 'readyAgain' } },
    readyAgain: {},
  },
});

const testModel = createTestModel(model);
const paths = testModel.getSimplePaths();

async function expectLoading(page: number) {
  expect(await screen.findByTestId('invoices-loading', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByTestId('invoices')).toHaveAttribute('aria-busy', 'true');
  expect(within(screen.getByTestId('invoices-loading')).getByRole('status')).toHaveTextContent(
    t('dashboard.invoices.loading'),
  );
  await waitFor(() => expect(lastPage()).toBe(page));
  expect(load().last()!.input).toEqual({ userId: 'u1', page, limit: 10 });
  expect(screen.queryByTestId('invoices-table')).toBeNull();
}

async function expectReady(page: number) {
  const table = await screen.findByTestId('invoices-table');
  expect(screen.getByTestId('invoices')).toHaveAttribute('aria-busy', 'false');
  expect(screen.getByTestId('page-title')).toHaveTextContent(t('dashboard.sidebar.invoices'));
  expect(screen.getByRole('heading', { name: t('dashboard.invoices.heading') })).toBeInTheDocument();
  const i = intl();
  const expected = invoicesPage(page, COUNT).items;
  // a real table: caption, five column headers, the invoice number heading each row
  expect(screen.getByRole('table')).toBe(table);
  expect(table.querySelector('caption')).toHaveTextContent(
    t('dashboard.invoices.caption', { page: i.formatNumber(page), pages: i.formatNumber(3) }),
  );
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent),
  ).toEqual([
    t('dashboard.invoices.column.date'),
    t('dashboard.invoices.column.number'),
    t('dashboard.invoices.column.items'),
    t('dashboard.invoices.column.total'),
    t('dashboard.invoices.column.download'),
  ]);
  expect(rows()).toHaveLength(expected.length);
  for (const [n, row] of rows().entries()) {
    const inv = expected[n];
    const r = within(row);
    expect(r.getByRole('rowheader')).toHaveTextContent(inv.number);
    expect(r.getByTestId('invoice-date')).toHaveTextContent(formatDate(i, inv.issuedAt).replace(/\s+/g, ' '));
    expect(r.getByTestId('invoice-date').querySelector('time')).toHaveAttribute('datetime', inv.issuedAt);
    expect(r.getAllByRole('listitem').map((li) => li.textContent)).toEqual(inv.items.map((x) => x.title));
    expect(r.getByTestId('invoice-total')).toHaveTextContent(formatMoney(i, inv.total).replace(/\s+/g, ' '));
    // a refunded invoice is marked with its credit note
    if (inv.creditNote) expect(r.getByTestId('invoice-credit-note')).toHaveTextContent(inv.creditNote.number);
    else expect(r.queryByTestId('invoice-credit-note')).toBeNull();
    const button = r.getByRole('button', {
      name: t('dashboard.invoices.downloadOf', { number: inv.number }),
    });
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
  }
  if (english()) {
    // spec §8's wording, as it reads in English; the column lists items (courses or a consultation)
    expect(rows()[0]).toHaveTextContent(/Download/);
    expect(within(table).getAllByRole('columnheader')[2]).toHaveTextContent('Items');
    const refunded = expected.find((x) => x.creditNote)!;
    expect(within(rows()[expected.indexOf(refunded)]).getByTestId('invoice-credit-note')).toHaveTextContent(
      `Refunded 50%: credit note ${refunded.creditNote!.number}`,
    );
    expect(
      within(rows()[0]).getByRole('button', { name: `Download invoice ${expected[0].number}` }),
    ).toBeInTheDocument();
  }
  expect(screen.getByText(t('dashboard.invoices.count', { count: COUNT }))).toHaveAttribute('role', 'status');
  // paged in the address, three pages of ten: Ark Pagination marks the current one
  expect(pageInUrl()).toBe(page === 1 ? null : String(page));
  const pager = screen.getByRole('navigation', { name: t('dashboard.invoices.pages.label') });
  expect(
    within(pager).getByRole('button', {
      name: t('learning.catalogue.pages.current', { page: i.formatNumber(page) }),
    }),
  ).toHaveAttribute('aria-current', 'page');
}

async function clickDownload() {
  // the toaster outlives a test and shows three at most: start from none
  act(() => toaster.remove());
  await waitFor(() =>
    expect(toasts('dashboard.invoices.downloaded') + toasts('dashboard.invoices.downloadFailed')).toBe(0),
  );
  before = {
    saved: saved.length,
    ok: toasts('dashboard.invoices.downloaded'),
    failed: toasts('dashboard.invoices.downloadFailed'),
  };
  await ui.app.user.click(downloadButtons()[0]);
}

describe('invoices model on the real page', () => {
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard/invoices'),
        OPEN_PAGE_9: () => ui.open('/dashboard/invoices?page=9'),
        LIST_OK: async () => {
          await load().resolve(invoicesPage(lastPage(), COUNT));
          await ui.settle();
        },
        LIST_EMPTY: async () => {
          // past the last page she has none on it; a member who bought nothing has none at all
          await load().resolve(lastPage() > 1 ? invoicesPage(lastPage(), COUNT) : invoicesPage(1, 0));
          await ui.settle();
        },
        LIST_FAIL: async () => {
          await load().reject({ code: 'NETWORK_ERROR' });
          await ui.settle();
        },
        RETRY: () => ui.press('learning.common.retry'),
        NEXT_PAGE: async () => {
          await ui.press('learning.catalogue.pages.next');
          await waitFor(() => expect(pageInUrl()).toBe('2'));
        },
        BACK: () => ui.back(() => expect(pageInUrl()).toBeNull()),
        FOLLOW_PAGE_2_LINK: () => ui.follow('/dashboard/invoices?page=2'),
        FIRST_PAGE: async () => {
          await ui.press('learning.catalogue.empty.firstPage');
          await waitFor(() => expect(pageInUrl()).toBeNull());
        },
        SWITCH_LANGUAGE: ui.switchLanguage,
        DOWNLOAD: clickDownload,
        DOWNLOAD_OK: async () => {
          await download().resolve(PDF);
          await ui.settle();
        },
        DOWNLOAD_FAIL: async () => {
          await download().reject({ code: 'SERVER_ERROR' });
          await ui.settle();
        },
      },
      states: {
        closed: ui.expectClosed,
        loading: () => expectLoading(1),
        loadingPage2: () => expectLoading(2),
        loadingPage9: () => expectLoading(9),
        loadingAgain: async () => {
          await expectLoading(1);
          // asked again, in the current language: after a retry, a switch or a page change
          expect(load().calls.length).toBeGreaterThan(1);
        },
        loadingArabic: async () => {
          expect(document.documentElement.lang).toBe('ar');
          await expectLoading(1);
          expect(load().calls).toHaveLength(2);
        },
        readyArabic: async () => {
          expect(document.documentElement.dir).toBe('rtl');
          await expectReady(1);
        },
        ready: () => expectReady(1),
        readyPage2: () => expectReady(2),
        readyAgain: () => expectReady(1),
        empty: async () => {
          const empty = await screen.findByTestId('invoices-empty');
          expect(within(empty).getByRole('heading', { name: t('dashboard.invoices.empty.title') }));
          expect(within(empty).getByText(t('dashboard.invoices.empty.body'))).toBeInTheDocument();
          expect(
            within(empty).getByRole('link', { name: t('learning.common.browseCourses') }),
          ).toHaveAttribute('href', '/courses');
          expect(screen.queryByTestId('invoices-table')).toBeNull();
          expect(screen.queryByRole('navigation', { name: t('dashboard.invoices.pages.label') })).toBeNull();
        },
        emptyPage9: async () => {
          const empty = await screen.findByTestId('invoices-empty');
          expect(within(empty).getByRole('heading', { name: t('dashboard.invoices.emptyPage.title') }));
          expect(within(empty).getByRole('button', { name: t('learning.catalogue.empty.firstPage') }));
        },
        failed: async () => {
          const alert = await screen.findByTestId('invoices-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('dashboard.invoices.error'));
          if (english()) expect(alert).toHaveTextContent('Failed to load invoices. Please try again later.');
          expect(within(alert).getByRole('button', { name: t('learning.common.retry') })).toBeEnabled();
          expect(screen.queryByTestId('invoices-table')).toBeNull();
        },
        downloading: async () => {
          await waitFor(() => expect(download().calls).toHaveLength(1));
          const first = invoicesPage(1, COUNT).items[0];
          // the PDF in the language she reads now
          expect(download().last()!.input).toEqual({
            invoiceId: first.id,
            language: document.documentElement.lang,
          });
          const [busy, ...others] = downloadButtons();
          expect(busy).toHaveAccessibleName(t('dashboard.invoices.downloadOf', { number: first.number }));
          expect(busy).toHaveAttribute('aria-busy', 'true');
          expect(busy).toBeDisabled();
          // one at a time: the other rows wait
          for (const b of others) {
            expect(b).toBeDisabled();
            expect(b).not.toHaveAttribute('aria-busy');
          }
          expect(saved).toHaveLength(before.saved);
        },
        downloaded: async () => {
          const first = invoicesPage(1, COUNT).items[0];
          // saved as a file: an object URL for the PDF and a temporary <a download>, gone again
          await waitFor(() => expect(saved).toHaveLength(before.saved + 1));
          expect(saved.at(-1)!.download).toBe(`${first.number}.pdf`);
          expect(saved.at(-1)!.href).toMatch(/^blob:/);
          expect(objectUrls.at(-1)).toBe(PDF);
          expect(document.querySelector('a[download]')).toBeNull();
          await waitFor(() => expect(toasts('dashboard.invoices.downloaded')).toBe(before.ok + 1), {
            timeout: 10_000,
          });
          if (english())
            expect(screen.getAllByText('Invoice downloaded successfully').length).toBeGreaterThan(0);
          for (const b of downloadButtons()) {
            expect(b).toBeEnabled();
            expect(b).not.toHaveAttribute('aria-busy');
          }
        },
        downloadFailed: async () => {
          await waitFor(() => expect(toasts('dashboard.invoices.downloadFailed')).toBe(before.failed + 1), {
            timeout: 10_000,
          });
          if (english()) expect(screen.getAllByText('Failed to download invoice').length).toBeGreaterThan(0);
          // the server failed (not her connection): try again later
          expect(screen.getAllByText(t('dashboard.invoices.downloadFailedLater')).length).toBeGreaterThan(0);
          expect(saved).toHaveLength(before.saved);
          expect(toasts('dashboard.invoices.downloaded')).toBe(before.ok);
          for (const b of downloadButtons()) expect(b).toBeEnabled();
          // the list stays
          expect(rows()).toHaveLength(10);
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
