import { describe, expect, it } from 'vitest';
import { createActor, type EventObject, fromCallback } from 'xstate';
import type {
  Cancellation,
  CancellationQuote,
  JoinInfo,
  MyConsultations,
} from '../../contract/consultations';
import {
  bookingNow,
  type ConsultationsDownload,
  consultationsMachine,
  findBooking,
  hasNoBookings,
} from '../../machines/consultations';
import type { AppError } from '../../machines/types';
import {
  BOOKING_ID,
  cancellationOf,
  confirmedOf,
  JOIN,
  MINE,
  NONE,
  OTHER_ID,
  quoteOf,
  SLOT_A,
} from '../support/booking-fixtures';
import { controlledActor } from '../support/stub-actors';

/** Five minutes before her upcoming call (SLOT_A): Join is open, and it can still be cancelled. */
const FIVE_BEFORE = Date.parse(SLOT_A) - 5 * 60_000;

/** The page's clock, stopped at `now`: one tick as it starts. */
const clockAt = (now: number) =>
  fromCallback<EventObject, { every: number }>(({ sendBack }) => sendBack({ type: 'clock.tick', now }));

function start(now = FIVE_BEFORE) {
  const load = controlledActor<MyConsultations>();
  const quote = controlledActor<CancellationQuote, { bookingId: string }>();
  const cancel = controlledActor<Cancellation, { bookingId: string }>();
  const join = controlledActor<JoinInfo, { bookingId: string }>();
  const download = controlledActor<Blob, ConsultationsDownload>();
  const saved: string[] = [];
  const failures: AppError[] = [];
  const actor = createActor(
    consultationsMachine.provide({
      actors: {
        loadConsultations: load.logic,
        quoteCancellation: quote.logic,
        cancelBooking: cancel.logic,
        joinCall: join.logic,
        downloadPdf: download.logic,
        clock: clockAt(now),
      },
      actions: {
        saveFile: (_, { fileName }) => saved.push(fileName),
        notifyDownloadFailed: (_, { error }) => failures.push(error),
      },
    }),
  ).start();
  return { actor, snap: () => actor.getSnapshot(), load, quote, cancel, join, download, saved, failures };
}

describe('consultations machine', () => {
  it('loads her bookings; a failure offers a retry; a new language loads them again', async () => {
    const m = start();
    expect(m.snap().hasTag('list:loading')).toBe(true);
    await m.load.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().hasTag('list:failed')).toBe(true);
    expect(m.snap().context.error?.code).toBe('NETWORK_ERROR');
    m.actor.send({ type: 'consultations.retry' });
    expect(m.snap().context.error).toBeNull();
    await m.load.resolve(MINE);
    expect(m.snap().hasTag('list:ready')).toBe(true);
    expect(findBooking(m.snap().context.data, OTHER_ID)?.startsAt).toBe('2026-11-20T07:00:00.000Z');
    expect(findBooking(m.snap().context.data, 'nope')).toBeNull();
    m.actor.send({ type: 'consultations.localeChanged' });
    expect(m.snap().hasTag('list:loading')).toBe(true);
    expect(m.load.calls).toHaveLength(3);
  });

  it('cancel: the refund first, then the cancellation moves the booking to Cancelled with its credit note', async () => {
    const m = start();
    await m.load.resolve(MINE);
    m.actor.send({ type: 'consultations.cancel', bookingId: BOOKING_ID });
    expect(m.snap().matches({ dialog: 'quoting' })).toBe(true);
    expect(m.quote.last()!.input).toEqual({ bookingId: BOOKING_ID });
    await m.quote.resolve(quoteOf(100));
    expect(m.snap().matches({ dialog: 'confirming' })).toBe(true);
    expect(m.snap().context.quote?.refundPercent).toBe(100);
    m.actor.send({ type: 'consultations.confirmCancel' });
    expect(m.cancel.last()!.input).toEqual({ bookingId: BOOKING_ID });
    await m.cancel.resolve(cancellationOf(100));
    expect(m.snap().matches({ dialog: 'cancelled' })).toBe(true);
    const data = m.snap().context.data!;
    expect(data.upcoming).toHaveLength(0);
    expect(data.cancelled.map((b) => b.id)).toEqual([BOOKING_ID]);
    expect(data.cancelled[0].cancellation?.creditNote?.number).toBe('CN-2026-000003');
    m.actor.send({ type: 'consultations.close' });
    expect(m.snap().matches({ dialog: 'closed' })).toBe(true);
    expect(m.snap().context.bookingId).toBeNull();
  });

  it('keeps it: closing before confirming cancels nothing; a quote that is not cancellable cannot be confirmed', async () => {
    const m = start();
    await m.load.resolve(MINE);
    m.actor.send({ type: 'consultations.cancel', bookingId: BOOKING_ID });
    await m.quote.resolve({ ...quoteOf(0), cancellable: false });
    m.actor.send({ type: 'consultations.confirmCancel' });
    expect(m.cancel.calls).toHaveLength(0);
    m.actor.send({ type: 'consultations.close' });
    expect(m.snap().matches({ dialog: 'closed' })).toBe(true);
    expect(m.snap().context.data?.upcoming).toHaveLength(1);
  });

  it('a quote or a cancellation that fails can be tried again', async () => {
    const m = start();
    await m.load.resolve(MINE);
    m.actor.send({ type: 'consultations.cancel', bookingId: BOOKING_ID });
    await m.quote.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().matches({ dialog: 'quoteFailed' })).toBe(true);
    expect(m.snap().context.dialogError?.code).toBe('NETWORK_ERROR');
    m.actor.send({ type: 'consultations.dialogRetry' });
    await m.quote.resolve(quoteOf(50));
    m.actor.send({ type: 'consultations.confirmCancel' });
    await m.cancel.reject({ code: 'SERVER_ERROR' });
    expect(m.snap().matches({ dialog: 'cancelFailed' })).toBe(true);
    m.actor.send({ type: 'consultations.dialogRetry' });
    expect(m.cancel.calls).toHaveLength(2);
    await m.cancel.resolve(cancellationOf(50));
    expect(m.snap().context.cancellation?.refund.percent).toBe(50);
    // failures close as well
    const n = start();
    await n.load.resolve(MINE);
    n.actor.send({ type: 'consultations.cancel', bookingId: BOOKING_ID });
    await n.quote.reject({ code: 'NETWORK_ERROR' });
    n.actor.send({ type: 'consultations.close' });
    expect(n.snap().matches({ dialog: 'closed' })).toBe(true);
    n.actor.send({ type: 'consultations.cancel', bookingId: BOOKING_ID });
    await n.quote.resolve(quoteOf(100));
    n.actor.send({ type: 'consultations.confirmCancel' });
    await n.cancel.reject({ code: 'BOOKING_NOT_CANCELLABLE' });
    n.actor.send({ type: 'consultations.close' });
    expect(n.snap().matches({ dialog: 'closed' })).toBe(true);
  });

  it('join: the room, or why not; retry and leave', async () => {
    const m = start();
    await m.load.resolve(MINE);
    m.actor.send({ type: 'consultations.join', bookingId: BOOKING_ID });
    expect(m.snap().hasTag('dialog:join')).toBe(true);
    await m.join.reject({ code: 'NOT_YET_OPEN' });
    expect(m.snap().matches({ dialog: 'joinFailed' })).toBe(true);
    expect(m.snap().context.dialogError?.code).toBe('NOT_YET_OPEN');
    m.actor.send({ type: 'consultations.dialogRetry' });
    await m.join.resolve(JOIN);
    expect(m.snap().matches({ dialog: 'inCall' })).toBe(true);
    expect(m.snap().context.join?.url).toBe(JOIN.url);
    m.actor.send({ type: 'consultations.close' });
    expect(m.snap().context.join).toBeNull();
    m.actor.send({ type: 'consultations.join', bookingId: BOOKING_ID });
    await m.join.reject({ code: 'ENDED' });
    m.actor.send({ type: 'consultations.close' });
    expect(m.snap().matches({ dialog: 'closed' })).toBe(true);
  });

  it('downloads an invoice or a credit note as a file named by its number; a failure is said', async () => {
    const m = start();
    await m.load.resolve(MINE);
    const invoice = confirmedOf().invoice!;
    m.actor.send({
      type: 'consultations.download',
      kind: 'invoice',
      id: invoice.id,
      number: invoice.number,
      language: 'ar',
    });
    expect(m.snap().context.downloading?.id).toBe(invoice.id);
    expect(m.download.last()!.input).toEqual({
      kind: 'invoice',
      id: invoice.id,
      number: invoice.number,
      language: 'ar',
    });
    await m.download.resolve(new Blob(['%PDF']));
    expect(m.saved).toEqual(['INV-2026-000007.pdf']);
    expect(m.snap().context.downloading).toBeNull();
    m.actor.send({
      type: 'consultations.download',
      kind: 'creditNote',
      id: 'cn',
      number: 'CN-2026-000003',
      language: 'en',
    });
    await m.download.reject({ code: 'NETWORK_ERROR' });
    expect(m.failures).toEqual([{ code: 'NETWORK_ERROR' }]);
    expect(m.snap().matches({ download: 'idle' })).toBe(true);
  });

  it("cancel and join only what her card offers at the clock's time (the rules the page shows)", async () => {
    const hourBefore = Date.parse(SLOT_A) - 60 * 60_000;
    const m = start(hourBefore);
    expect(m.snap().context.now).toBe(hourBefore);
    await m.load.resolve(MINE);
    const upcoming = findBooking(m.snap().context.data, BOOKING_ID)!;
    expect(bookingNow(upcoming, hourBefore)).toEqual({
      heldLive: false,
      showsJoin: true,
      joinable: false,
      cancellable: true,
    });
    // an hour before, Join is not open yet: nothing is asked of the server
    m.actor.send({ type: 'consultations.join', bookingId: BOOKING_ID });
    expect(m.snap().matches({ dialog: 'closed' })).toBe(true);
    expect(m.join.calls).toHaveLength(0);
    // a past call cannot be cancelled, nor joined
    const past = findBooking(m.snap().context.data, OTHER_ID)!;
    expect(bookingNow(past, hourBefore)).toEqual({
      heldLive: false,
      showsJoin: false,
      joinable: false,
      cancellable: false,
    });
    m.actor.send({ type: 'consultations.cancel', bookingId: OTHER_ID });
    expect(m.snap().matches({ dialog: 'closed' })).toBe(true);
    m.actor.send({ type: 'consultations.cancel', bookingId: 'nope' });
    expect(m.quote.calls).toHaveLength(0);
    // once the call has started, it is joinable but no longer cancellable
    const started = Date.parse(SLOT_A) + 60_000;
    expect(bookingNow(upcoming, started)).toMatchObject({ joinable: true, cancellable: false });
    // a hold is hers (and cancellable) until it runs out
    const hold = {
      ...upcoming,
      status: 'held' as const,
      holdExpiresAt: new Date(hourBefore + 60_000).toISOString(),
    };
    expect(bookingNow(hold, hourBefore)).toEqual({
      heldLive: true,
      showsJoin: false,
      joinable: false,
      cancellable: true,
    });
    expect(bookingNow(hold, hourBefore + 60_000)).toMatchObject({ heldLive: false, cancellable: false });
    expect(hasNoBookings(NONE)).toBe(true);
    expect(hasNoBookings(MINE)).toBe(false);
    expect(hasNoBookings(null)).toBe(false);
  });
});
