import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type {
  Cancellation,
  CancellationQuote,
  JoinInfo,
  MyConsultations,
} from '../../contract/consultations';
import { type ConsultationsDownload, consultationsMachine } from '../../machines/consultations';
import { formatTime } from '../../src/views/booking/format';
import {
  BOOKING_ID,
  bookingOf,
  cancellationOf,
  confirmedOf,
  JOIN,
  NONE,
  OTHER_ID,
  quoteOf,
} from '../support/booking-fixtures';
import { screenWords } from '../support/screen-model';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of her consultations, /dashboard/consultations (issue 10): the REAL page behind
 * the real guard and dashboard layout, its real machine, the Ark dialogs; the server's answers are
 * the model's events. Upcoming, past and cancelled; Join (the Jitsi room in a dialog, camera and
 * microphone allowed); Cancel with the refund stated first, then the credit note beside the
 * invoice; the PDFs saved; loading, error and empty states; coverage of the real machine complete.
 */
const coverage = new Coverage('consultations', consultationsMachine);

/** One soon (Join open), one past; the soon one can still be cancelled. */
function mine(): MyConsultations {
  const soon = new Date(Date.now() + 5 * 60_000).toISOString();
  return {
    upcoming: [confirmedOf({ startsAt: soon, endsAt: new Date(Date.now() + 35 * 60_000).toISOString() })],
    past: [
      confirmedOf({
        id: OTHER_ID,
        startsAt: '2026-11-20T07:00:00.000Z',
        endsAt: '2026-11-20T07:30:00.000Z',
        cancellable: false,
      }),
    ],
    cancelled: [],
  };
}

/** An unpaid hold of hers (issue 21): held until a few minutes from now, not paid. */
const HOLD_END = new Date(Date.now() + 7 * 60_000).toISOString();
const withHold = (): MyConsultations => ({
  upcoming: [bookingOf({ holdExpiresAt: HOLD_END })],
  past: [],
  cancelled: [],
});

const saved: string[] = [];
beforeAll(() => {
  URL.createObjectURL = () => 'blob:http://localhost/doc';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.download) saved.push(this.download);
  });
});
afterAll(() => vi.restoreAllMocks());

const ui = modelApp({
  coverage,
  member: true,
  stubs: {
    loadConsultations: () => controlledActor<MyConsultations>(),
    quoteCancellation: () => controlledActor<CancellationQuote, { bookingId: string }>(),
    cancelBooking: () => controlledActor<Cancellation, { bookingId: string }>(),
    joinCall: () => controlledActor<JoinInfo, { bookingId: string }>(),
    downloadPdf: () => controlledActor<Blob, ConsultationsDownload>(),
  },
});
const { t, money } = ui;
const load = () => ui.stubs.loadConsultations;
const quote = () => ui.stubs.quoteCancellation;
const cancel = () => ui.stubs.cancelBooking;
const join = () => ui.stubs.joinCall;
const download = () => ui.stubs.downloadPdf;
const upcoming = () => screen.getByTestId('consultations-upcoming');
const card = () => within(upcoming()).getByTestId('consultation');
const dialog = () => screen.getByTestId('cancel-dialog');

/** Her hold: "Held for you until 17:05 · $37.08 to pay", Finish paying (her expert's page), Cancel. */
async function expectHold() {
  const b = withHold().upcoming[0];
  const price = await within(await screen.findByTestId('consultations-upcoming')).findByTestId(
    'consultation-price',
  );
  const { intl } = screenWords(() => ui.app);
  expect(price).toHaveTextContent(t('consultations.held.until', { time: formatTime(intl(), HOLD_END) }));
  expect(price).toHaveTextContent(t('consultations.held.toPay', { amount: money(b.price.total) }));
  expect(price).not.toHaveTextContent(t('consultations.paid', { amount: money(b.price.total) }));
  const finish = within(card()).getByTestId('consultation-finish');
  expect(finish).toHaveTextContent(t('consultations.held.finish'));
  expect(finish).toHaveAttribute('href', '/experts/amal-jaber');
  expect(within(card()).getByTestId('consultation-cancel')).toBeEnabled();
  expect(within(card()).queryByTestId('consultation-join')).toBeNull();
}

const model = createMachine({
  id: 'consultationsModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading' } },
    loading: {
      on: { LOAD_OK: 'ready', LOAD_EMPTY: 'empty', LOAD_FAIL: 'failed', LOAD_HELD: 'readyWithHold' },
    },
    // a hold reads as a hold: until when, what is left to pay, and a way to finish paying
    readyWithHold: { on: { SWITCH_LANGUAGE: 'loadingArabicHold' } },
    loadingArabicHold: { on: { LOAD_HELD: 'readyWithHoldArabic' } },
    readyWithHoldArabic: {},
    failed: { on: { RETRY: 'loadingAgain' } },
    loadingAgain: { on: { LOAD_OK: 'readyAgain' } },
    readyAgain: {},
    empty: {},
    ready: {
      on: {
        CANCEL: 'quoting',
        JOIN: 'joining',
        DOWNLOAD_INVOICE: 'downloading',
        SWITCH_LANGUAGE: 'loadingArabic',
      },
    },
    loadingArabic: { on: { LOAD_OK: 'readyArabic' } },
    readyArabic: {},
    downloading: { on: { PDF_OK: 'downloaded', PDF_FAIL: 'downloadFailed' } },
    downloaded: {},
    downloadFailed: {},
    quoting: {
      on: { QUOTE_FULL: 'confirmingFull', QUOTE_HALF: 'confirmingHalf', QUOTE_FAIL: 'quoteFailed' },
    },
    quoteFailed: { on: { DIALOG_RETRY: 'quotingAgain', CLOSE: 'closedAfterQuoteFailure' } },
    quotingAgain: { on: { QUOTE_NONE: 'confirmingNone' } },
    confirmingNone: {},
    closedAfterQuoteFailure: {},
    confirmingHalf: { on: { KEEP: 'kept' } },
    kept: {},
    confirmingFull: { on: { CONFIRM: 'cancelling' } },
    cancelling: { on: { CANCEL_OK: 'cancelled', CANCEL_FAIL: 'cancelFailed' } },
    cancelFailed: { on: { DIALOG_RETRY: 'cancellingAgain', CLOSE: 'closedAfterCancelFailure' } },
    cancellingAgain: {},
    closedAfterCancelFailure: {},
    cancelled: { on: { CLOSE: 'afterCancel' } },
    afterCancel: { on: { DOWNLOAD_CREDIT_NOTE: 'creditNoteDownloading' } },
    creditNoteDownloading: { on: { PDF_OK: 'creditNoteDownloaded' } },
    creditNoteDownloaded: {},
    joining: { on: { JOIN_OK: 'inCall', JOIN_NOT_YET: 'joinFailed' } },
    joinFailed: { on: { DIALOG_RETRY: 'joiningAgain', CLOSE: 'closedAfterJoinFailure' } },
    joiningAgain: {},
    closedAfterJoinFailure: {},
    inCall: { on: { LEAVE: 'left' } },
    left: {},
  },
});

const paths = createTestModel(model).getShortestPaths();

describe('consultations model on the real dashboard page', () => {
  it('generates a path to every model state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          saved.length = 0;
          await ui.open('/dashboard/consultations');
        },
        LOAD_OK: async () => {
          await waitFor(() => expect(load().calls.length).toBeGreaterThan(0));
          await load().resolve(mine());
        },
        LOAD_EMPTY: async () => load().resolve(NONE),
        LOAD_HELD: async () => {
          await waitFor(() => expect(load().calls.length).toBeGreaterThan(0));
          await load().resolve(withHold());
        },
        LOAD_FAIL: async () => load().reject({ code: 'NETWORK_ERROR' }),
        RETRY: async () => {
          await ui.app.user.click(within(screen.getByTestId('consultations-error')).getByRole('button'));
        },
        SWITCH_LANGUAGE: ui.switchLanguage,
        CANCEL: async () => ui.app.user.click(within(card()).getByTestId('consultation-cancel')),
        JOIN: async () => ui.app.user.click(within(card()).getByTestId('consultation-join')),
        DOWNLOAD_INVOICE: async () => ui.app.user.click(within(card()).getByTestId('consultation-invoice')),
        DOWNLOAD_CREDIT_NOTE: async () => {
          const cancelled = within(screen.getByTestId('consultations-cancelled')).getByTestId('consultation');
          await ui.app.user.click(within(cancelled).getByTestId('consultation-credit-note'));
        },
        PDF_OK: async () => download().resolve(new Blob(['%PDF-1.7'], { type: 'application/pdf' })),
        PDF_FAIL: async () => download().reject({ code: 'NETWORK_ERROR' }),
        QUOTE_FULL: async () => quote().resolve(quoteOf(100, mine().upcoming[0])),
        QUOTE_HALF: async () => quote().resolve(quoteOf(50, mine().upcoming[0])),
        QUOTE_NONE: async () => quote().resolve(quoteOf(0, mine().upcoming[0])),
        QUOTE_FAIL: async () => quote().reject({ code: 'NETWORK_ERROR' }),
        DIALOG_RETRY: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('consultations.retry') }));
        },
        CLOSE: async () => {
          const close = screen.queryByTestId('cancel-close') ?? screen.getByTestId('call-close');
          await ui.app.user.click(close);
        },
        KEEP: async () => ui.app.user.click(within(dialog()).getByTestId('cancel-close')),
        CONFIRM: async () => ui.app.user.click(within(dialog()).getByTestId('cancel-confirm')),
        CANCEL_OK: async () => cancel().resolve(cancellationOf(100, mine().upcoming[0])),
        CANCEL_FAIL: async () => cancel().reject({ code: 'SERVER_ERROR' }),
        JOIN_OK: async () => join().resolve(JOIN),
        JOIN_NOT_YET: async () => join().reject({ code: 'NOT_YET_OPEN' }),
        LEAVE: async () => ui.app.user.click(screen.getByTestId('call-close')),
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          expect(await screen.findByTestId('consultations-loading')).toBeInTheDocument();
          // the sidebar keeps its five entries (spec §2): this page is not one of them (the
          // header's links to the rest of the site reach it, issue 21)
          const sidebar = screen.getByRole('navigation', { name: t('dashboard.sidebar.label') });
          expect(sidebar.querySelector('a[href="/dashboard/consultations"]')).toBeNull();
          expect(
            screen.getByTestId('header-site-nav').querySelector('a[href="/dashboard/consultations"]'),
          ).not.toBeNull();
        },
        failed: async () => {
          expect(await screen.findByTestId('consultations-error')).toHaveTextContent(
            t('consultations.error'),
          );
        },
        loadingAgain: async () => {
          await waitFor(() => expect(load().calls).toHaveLength(2));
        },
        readyAgain: async () => {
          expect(await screen.findByTestId('consultations-upcoming')).toBeInTheDocument();
        },
        empty: async () => {
          const empty = await screen.findByTestId('consultations-empty');
          expect(empty).toHaveTextContent(t('consultations.empty.title'));
          expect(within(empty).getByRole('link', { name: t('consultations.empty.action') })).toHaveAttribute(
            'href',
            '/experts',
          );
        },
        ready: async () => {
          const b = mine().upcoming[0];
          expect(await screen.findByTestId('page-title')).toHaveTextContent(t('consultations.title'));
          expect(within(upcoming()).getByRole('heading', { level: 2 })).toHaveTextContent(
            t('consultations.group.upcoming', { count: 1 }),
          );
          expect(card()).toHaveTextContent(b.expert.name);
          expect(within(card()).getByTestId('consultation-price')).toHaveTextContent(money(b.price.total));
          expect(within(card()).getByTestId('consultation-join')).toBeEnabled();
          expect(within(card()).getByTestId('consultation-invoice')).toHaveTextContent('INV-2026-000007');
          const past = within(screen.getByTestId('consultations-past')).getByTestId('consultation');
          expect(within(past).queryByTestId('consultation-join')).toBeNull();
          expect(within(past).queryByTestId('consultation-cancel')).toBeNull();
          expect(screen.getByTestId('consultations-cancelled')).toHaveTextContent(
            t('consultations.group.cancelled.none'),
          );
        },
        readyWithHold: () => expectHold(),
        loadingArabicHold: async () => {
          await waitFor(() => expect(load().calls).toHaveLength(2));
        },
        readyWithHoldArabic: async () => {
          await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('استشاراتي'));
          await expectHold();
          expect(within(card()).getByTestId('consultation-finish')).toHaveTextContent('أكملي الدفع');
        },
        loadingArabic: async () => {
          await waitFor(() => expect(load().calls).toHaveLength(2));
        },
        readyArabic: async () => {
          await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('استشاراتي'));
          expect(within(card()).getByTestId('consultation-join')).toHaveTextContent('انضمّي');
        },
        downloading: async () => {
          await waitFor(() =>
            expect(download().last()!.input).toEqual({
              kind: 'invoice',
              id: mine().upcoming[0].invoice!.id,
              number: 'INV-2026-000007',
              language: 'en',
            }),
          );
          await waitFor(() =>
            expect(within(card()).getByTestId('consultation-invoice')).toHaveAttribute('aria-busy', 'true'),
          );
        },
        downloaded: async () => {
          await waitFor(() => expect(saved).toEqual(['INV-2026-000007.pdf']));
        },
        downloadFailed: async () => {
          expect(await screen.findByText(t('consultations.download.failed'))).toBeInTheDocument();
          expect(saved).toEqual([]);
        },
        quoting: async () => {
          await waitFor(() => expect(quote().last()!.input).toEqual({ bookingId: BOOKING_ID }));
          expect(await screen.findByTestId('cancel-dialog')).toHaveTextContent(
            t('consultations.cancel.title'),
          );
          expect(within(dialog()).getByTestId('cancel-confirm')).toBeDisabled();
        },
        quoteFailed: async () => {
          expect(await within(dialog()).findByTestId('cancel-error')).toBeInTheDocument();
        },
        quotingAgain: async () => {
          await waitFor(() => expect(quote().calls).toHaveLength(2));
        },
        confirmingNone: async () => {
          expect(await within(dialog()).findByTestId('cancel-refund')).toHaveTextContent(
            t('consultations.cancel.noRefund'),
          );
          expect(dialog()).toHaveTextContent(t('consultations.cancel.policy'));
        },
        closedAfterQuoteFailure: async () => {
          await waitFor(() => expect(screen.queryByTestId('cancel-dialog')).toBeNull());
          expect(cancel().calls).toHaveLength(0);
        },
        confirmingHalf: async () => {
          const b = mine().upcoming[0];
          expect(await within(dialog()).findByTestId('cancel-refund')).toHaveTextContent(
            t('consultations.cancel.refund', { percent: 50, amount: money(Math.floor(b.amountPaid / 2)) }),
          );
        },
        kept: async () => {
          await waitFor(() => expect(screen.queryByTestId('cancel-dialog')).toBeNull());
          expect(cancel().calls).toHaveLength(0);
          expect(card()).toBeInTheDocument();
        },
        confirmingFull: async () => {
          const b = mine().upcoming[0];
          expect(await within(dialog()).findByTestId('cancel-refund')).toHaveTextContent(
            t('consultations.cancel.refund', { percent: 100, amount: money(b.amountPaid) }),
          );
          expect(within(dialog()).getByTestId('cancel-confirm')).toBeEnabled();
          expect(cancel().calls).toHaveLength(0);
        },
        cancelling: async () => {
          await waitFor(() => expect(cancel().last()!.input).toEqual({ bookingId: BOOKING_ID }));
        },
        cancelFailed: async () => {
          expect(await within(dialog()).findByTestId('cancel-error')).toHaveTextContent(
            t('consultations.cancel.error'),
          );
        },
        cancellingAgain: async () => {
          await waitFor(() => expect(cancel().calls).toHaveLength(2));
        },
        closedAfterCancelFailure: async () => {
          await waitFor(() => expect(screen.queryByTestId('cancel-dialog')).toBeNull());
          expect(card()).toBeInTheDocument();
        },
        cancelled: async () => {
          expect(await within(dialog()).findByTestId('cancel-credit-note')).toHaveTextContent(
            'CN-2026-000003',
          );
        },
        afterCancel: async () => {
          await waitFor(() => expect(screen.queryByTestId('cancel-dialog')).toBeNull());
          expect(within(upcoming()).queryByTestId('consultation')).toBeNull();
          const cancelled = within(screen.getByTestId('consultations-cancelled')).getByTestId('consultation');
          expect(within(cancelled).getByTestId('consultation-refund')).toHaveTextContent(
            t('consultations.refunded', { percent: 100, amount: money(mine().upcoming[0].amountPaid) }),
          );
          // the credit note beside the invoice
          expect(within(cancelled).getByTestId('consultation-invoice')).toBeInTheDocument();
          expect(within(cancelled).getByTestId('consultation-credit-note')).toHaveTextContent(
            'CN-2026-000003',
          );
        },
        creditNoteDownloading: async () => {
          await waitFor(() => expect(download().last()!.input.kind).toBe('creditNote'));
        },
        creditNoteDownloaded: async () => {
          await waitFor(() => expect(saved).toEqual(['CN-2026-000003.pdf']));
        },
        joining: async () => {
          await waitFor(() => expect(join().last()!.input).toEqual({ bookingId: BOOKING_ID }));
          expect(await screen.findByTestId('call-dialog')).toBeInTheDocument();
        },
        joinFailed: async () => {
          expect(await screen.findByTestId('call-error')).toHaveTextContent(t('consultations.call.notYet'));
        },
        joiningAgain: async () => {
          await waitFor(() => expect(join().calls).toHaveLength(2));
        },
        closedAfterJoinFailure: async () => {
          await waitFor(() => expect(screen.queryByTestId('call-dialog')).toBeNull());
        },
        inCall: async () => {
          const room = await screen.findByTestId('call-frame');
          expect(room).toHaveAttribute('src', JOIN.url);
          expect(room).toHaveAttribute('allow', 'camera; microphone');
          const link = screen.getByTestId('call-new-tab');
          expect(link).toHaveAttribute('href', JOIN.url);
          expect(link).toHaveAttribute('target', '_blank');
          expect(link.getAttribute('rel')).toContain('noopener');
          expect(screen.getByTestId('call-dialog')).toHaveTextContent(
            t('consultations.call.alias', { alias: 'quiet_river' }),
          );
        },
        left: async () => {
          await waitFor(() => expect(screen.queryByTestId('call-dialog')).toBeNull());
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
