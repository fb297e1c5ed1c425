import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromCallback, waitFor } from 'xstate';
import type { CardBody, Challenge, PaymentMethod } from '../../contract/commerce';
import type { Booking, Cancellation, HoldBody, Slots } from '../../contract/consultations';
import {
  type BookingAttempt,
  type BookingInput,
  bookingMachine,
  type ConfirmResult,
  detailProblems,
} from '../../machines/booking';
import {
  selectHoldLeft,
  selectOpenNext,
  selectRefundTier,
  selectSlotTaken,
  selectStepCount,
  selectStepNumber,
} from '../../machines/booking-selectors';
import { cardPaymentMachine } from '../../machines/cardPayment';
import type { CardPaymentEvent } from '../../machines/payment-rules';
import {
  BOOKING_ID,
  bookingInput,
  bookingOf,
  CHALLENGE,
  cancellationOf,
  challengeState,
  confirmedOf,
  OFFERS,
  paidOf,
  SLOT_A,
  SLOT_B,
  SLOT_C,
  slotsFor,
  TODAY,
} from '../support/booking-fixtures';
import { GOOD_CARD, PAYMENT_METHOD } from '../support/commerce-fixtures';
import { answers, controlledActor, resolves } from '../support/stub-actors';

const DETAILS = { firstName: 'Mariam', lastName: 'Saleh', dateOfBirth: '1990-04-21' };

/**
 * A started panel. A member's panel first asks for her live hold with this expert (issue 21): here
 * she has none (or `hold` when given), answered before the helper returns.
 */
async function start(input: Partial<BookingInput> = {}, found: Booking | null = null) {
  const findHold = controlledActor<Booking | null, { expertId: string }>();
  const loadSlots = controlledActor<Slots, { expertId: string; offerId: string }>();
  const hold = controlledActor<Booking, HoldBody>();
  const loadBooking = controlledActor<Booking, { bookingId: string }>();
  const release = controlledActor<Cancellation, { bookingId: string }>();
  const pm = controlledActor<PaymentMethod, CardBody>();
  const confirm = controlledActor<ConfirmResult, BookingAttempt>();
  const loadChallenge = controlledActor<Challenge, { id: string }>();
  const decide = controlledActor<Challenge, { id: string; decision: 'approve' | 'deny' }>();
  let keys = 0;
  const saved: BookingAttempt[] = [];
  const log: string[] = [];
  const actor = createActor(
    bookingMachine.provide({
      actors: {
        loadSlots: loadSlots.logic,
        hold: hold.logic,
        loadBooking: loadBooking.logic,
        findHold: findHold.logic,
        releaseHold: release.logic,
        // the card payment, the panel's child, with its actors ("confirm" is its "pay")
        cardPayment: cardPaymentMachine.provide({
          actors: {
            createPaymentMethod: pm.logic,
            newAttemptKey: answers(async () => `key-${++keys}-abcdefgh`),
            pay: confirm.logic as never,
            loadChallenge: loadChallenge.logic,
            decideChallenge: decide.logic,
          },
          actions: {
            saveAttempt: (_, { attempt }) => {
              saved.push(structuredClone(attempt as BookingAttempt));
              log.push('save');
            },
            forgetAttempt: () => log.push('forget'),
          },
        }),
      },
      actions: {
        requireSignIn: () => log.push('signIn'),
        forgetAttempt: () => log.push('forget'),
        bookingConfirmed: (_, { bookingId }) => log.push(`confirmed:${bookingId}`),
      },
    }),
    { input: bookingInput(input) },
  ).start();
  // microtasks only: some tests run on fake timers
  if (actor.getSnapshot().matches('finding')) findHold.last()!.settle.resolve(found);
  for (let i = 0; i < 10 && actor.getSnapshot().matches('finding'); i++) await Promise.resolve();
  const snap = () => actor.getSnapshot();
  /** The card payment (the panel's child) while she pays. */
  const pay = () => snap().children.payment!.getSnapshot();
  const card = (event: CardPaymentEvent) => snap().children.payment!.send(event);
  const fillCard = () => {
    for (const [field, value] of Object.entries(GOOD_CARD))
      card({ type: 'cardPayment.fieldChanged', field: field as keyof typeof GOOD_CARD, value });
  };
  const fillDetails = (d = DETAILS) => {
    for (const [field, value] of Object.entries(d))
      actor.send({ type: 'booking.detailChanged', field: field as keyof typeof DETAILS, value });
  };
  /** Slots in, SLOT_A chosen, held (a medical consultation: details first). */
  const holdSlot = async (booking: Booking = bookingOf()) => {
    await loadSlots.resolve(slotsFor());
    actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    actor.send({ type: 'booking.continue' });
    await hold.resolve(booking);
  };
  /** Held, details given, the card paid up to the confirm request. */
  const payUpToConfirm = async () => {
    await holdSlot();
    fillDetails();
    actor.send({ type: 'booking.submitDetails' });
    fillCard();
    card({ type: 'cardPayment.submit' });
    await pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
  };
  return {
    actor,
    snap,
    pay,
    card,
    findHold,
    loadSlots,
    hold,
    loadBooking,
    release,
    pm,
    confirm,
    loadChallenge,
    decide,
    saved,
    log,
    fillCard,
    fillDetails,
    holdSlot,
    payUpToConfirm,
  };
}

describe('her details (spec §3, §9)', () => {
  it('asks for both names and a real date of an adult', () => {
    expect(detailProblems({ firstName: '', lastName: ' ', dateOfBirth: '' }, TODAY)).toEqual({
      firstName: 'REQUIRED',
      lastName: 'REQUIRED',
      dateOfBirth: 'REQUIRED',
    });
    expect(detailProblems({ ...DETAILS, dateOfBirth: '1990-02-30' }, TODAY).dateOfBirth).toBe('INVALID');
    expect(detailProblems({ ...DETAILS, dateOfBirth: '2030-01-01' }, TODAY).dateOfBirth).toBe('INVALID');
    expect(detailProblems({ ...DETAILS, firstName: 'x'.repeat(81) }, TODAY).firstName).toBe('TEXT_TOO_LONG');
    // 18 the day before her birthday: not yet
    expect(detailProblems({ ...DETAILS, dateOfBirth: '2008-11-27' }, TODAY).dateOfBirth).toBe(
      'MUST_BE_ADULT',
    );
    expect(detailProblems({ ...DETAILS, dateOfBirth: '2008-11-26' }, TODAY)).toEqual({});
  });
});

describe('booking machine', () => {
  it('loads the first paid offer’s slots, and another offer’s when she picks it', async () => {
    const m = await start();
    expect(m.snap().hasTag('slots:loading')).toBe(true);
    expect(m.loadSlots.last()!.input).toEqual({ expertId: 'amal-jaber', offerId: 'consult-30' });
    expect(m.snap().context.mode).toBe('video');
    await m.loadSlots.resolve(slotsFor());
    expect(m.snap().hasTag('slots:ready')).toBe(true);
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_B });
    m.actor.send({ type: 'booking.offer', offerId: 'discovery-15' });
    expect(m.snap().context.slot).toBeNull();
    expect(m.loadSlots.last()!.input.offerId).toBe('discovery-15');
    // an offer she does not have, or a mode she does not offer, changes nothing
    m.actor.send({ type: 'booking.offer', offerId: 'consult-90' });
    expect(m.loadSlots.calls).toHaveLength(2);
    const only = await start({ modes: ['voice'] });
    expect(only.snap().context.mode).toBe('voice');
    only.actor.send({ type: 'booking.mode', mode: 'video' });
    expect(only.snap().context.mode).toBe('voice');
  });

  it('retries slots that failed to load, and loads them again in another language', async () => {
    const m = await start();
    await m.loadSlots.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().hasTag('slots:failed')).toBe(true);
    expect(m.snap().context.error?.code).toBe('NETWORK_ERROR');
    m.actor.send({ type: 'booking.retry' });
    expect(m.snap().context.error).toBeNull();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    // a new language: the times stay, with her choice, while they are read again
    m.actor.send({ type: 'booking.localeChanged' });
    expect(m.snap().matches({ choosing: 'refreshing' })).toBe(true);
    expect(m.snap().hasTag('slots:ready')).toBe(true);
    expect(m.snap().hasTag('busy')).toBe(true);
    expect(m.snap().context.slot).toBe(SLOT_A);
    expect(m.loadSlots.calls).toHaveLength(3);
    await m.loadSlots.resolve(slotsFor());
    expect(m.snap().matches({ choosing: 'ready' })).toBe(true);
    expect(m.snap().context.slot).toBe(SLOT_A);
  });

  it('keeps the times and her choice when reading them again in a new language fails', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.localeChanged' });
    await m.loadSlots.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().matches({ choosing: 'ready' })).toBe(true);
    expect(m.snap().context.slot).toBe(SLOT_A);
    expect(m.snap().context.slots).not.toBeNull();
    expect(m.snap().context.error).toBeNull();
  });

  it('slots still loading are asked for again in a new language', async () => {
    const m = await start();
    m.actor.send({ type: 'booking.localeChanged' });
    expect(m.snap().hasTag('slots:loading')).toBe(true);
    expect(m.loadSlots.calls).toHaveLength(2);
    expect(m.loadSlots.calls[0].signal.aborted).toBe(true);
  });

  it('sends a visitor to sign in instead of holding; a member needs a slot first', async () => {
    const visitor = await start({ isMember: false });
    await visitor.loadSlots.resolve(slotsFor());
    visitor.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    visitor.actor.send({ type: 'booking.continue' });
    expect(visitor.log).toEqual(['signIn']);
    expect(visitor.hold.calls).toHaveLength(0);
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.continue' });
    expect(m.hold.calls).toHaveLength(0);
  });

  it('holds the slot she chose, then asks her details for a medical consultation', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.mode', mode: 'voice' });
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    expect(m.snap().hasTag('busy')).toBe(true);
    expect(m.hold.last()!.input).toEqual({
      expertId: 'amal-jaber',
      offerId: 'consult-30',
      mode: 'voice',
      startsAt: SLOT_A,
    });
    await m.hold.resolve(bookingOf({ mode: 'voice' }));
    expect(m.snap().matches('details')).toBe(true);
    m.actor.send({ type: 'booking.submitDetails' });
    expect(m.snap().context.detailErrors).toEqual({
      firstName: 'REQUIRED',
      lastName: 'REQUIRED',
      dateOfBirth: 'REQUIRED',
    });
    m.fillDetails();
    expect(m.snap().context.detailErrors).toEqual({});
    m.actor.send({ type: 'booking.submitDetails' });
    expect(m.pay().matches('editing')).toBe(true);
    m.actor.send({ type: 'booking.editDetails' });
    expect(m.snap().matches('details')).toBe(true);
  });

  it('goes straight to payment when no details are needed, and a free call needs no card', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.offer', offerId: 'discovery-15' });
    await m.loadSlots.resolve(slotsFor('discovery-15'));
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    await m.hold.resolve(
      bookingOf({ offer: { id: 'discovery-15', kind: 'discovery', minutes: 15 }, medical: false }),
    );
    expect(m.pay().matches('editing')).toBe(true);
    m.actor.send({ type: 'booking.editDetails' });
    expect(m.pay().matches('editing')).toBe(true);
    m.card({ type: 'cardPayment.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(m.pm.calls).toHaveLength(0);
    expect(m.confirm.last()!.input).toEqual({
      bookingId: BOOKING_ID,
      key: 'key-1-abcdefgh',
      body: { paymentMethodId: null, details: null },
    });
    const free = confirmedOf({
      offer: { id: 'discovery-15', kind: 'discovery', minutes: 15 },
      medical: false,
    });
    await m.confirm.resolve(paidOf(free));
    expect(m.snap().matches('confirmed')).toBe(true);
    expect(m.log).toEqual(['save', 'forget', `confirmed:${BOOKING_ID}`]);
  });

  it('SLOT_TAKEN: back to the slots, told kindly, with the next open ones', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    await m.hold.reject({ code: 'SLOT_TAKEN', nextSlots: [SLOT_B, SLOT_C] });
    expect(m.snap().hasTag('slots:loading')).toBe(true);
    expect(m.snap().context.error?.code).toBe('SLOT_TAKEN');
    expect(m.snap().context.nextSlots).toEqual([SLOT_B, SLOT_C]);
    expect(m.snap().context.slot).toBeNull();
    await m.loadSlots.resolve(slotsFor('consult-30', [SLOT_B, SLOT_C]));
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_B });
    m.actor.send({ type: 'booking.continue' });
    expect(m.snap().context.error).toBeNull();
    expect(m.hold.last()!.input.startsAt).toBe(SLOT_B);
  });

  it('any other hold failure keeps her choice with the error', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    await m.hold.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().hasTag('slots:ready')).toBe(true);
    expect(m.snap().context.slot).toBe(SLOT_A);
    expect(m.snap().context.error?.code).toBe('NETWORK_ERROR');
  });

  it('pays with the card: the provider first, a fresh key kept for a reload, then confirmed', async () => {
    const m = await start();
    await m.holdSlot();
    m.fillDetails();
    m.actor.send({ type: 'booking.submitDetails' });
    m.card({ type: 'cardPayment.submit' });
    expect(Object.keys(m.pay().context.fieldErrors).length).toBeGreaterThan(0);
    expect(m.pm.calls).toHaveLength(0);
    m.fillCard();
    m.card({ type: 'cardPayment.submit' });
    expect(m.pay().matches('validating')).toBe(true);
    expect(m.pm.last()!.input.number).toBe('4242424242424242');
    await m.pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
    expect(m.pay().matches('paying')).toBe(true);
    expect(m.saved).toEqual([
      {
        bookingId: BOOKING_ID,
        key: 'key-1-abcdefgh',
        body: { paymentMethodId: 'pm_test_1', details: DETAILS },
      },
    ]);
    await m.confirm.resolve(paidOf());
    expect(m.snap().matches('confirmed')).toBe(true);
    expect(m.snap().context.result?.invoice?.number).toBe('INV-2026-000007');
    m.actor.send({ type: 'booking.restart' });
    expect(m.snap().hasTag('slots:loading')).toBe(true);
    expect(m.snap().context.details).toEqual({ firstName: '', lastName: '', dateOfBirth: '' });
  });

  it('a card the provider refuses stays in the form with its field codes', async () => {
    const m = await start();
    await m.holdSlot();
    m.fillDetails();
    m.actor.send({ type: 'booking.submitDetails' });
    m.fillCard();
    m.card({ type: 'cardPayment.submit' });
    await m.pm.reject({ code: 'VALIDATION_ERROR', fields: { number: 'CARD_NUMBER_INVALID' } });
    expect(m.pay().matches('editing')).toBe(true);
    expect(m.pay().context.fieldErrors.number).toBe('CARD_NUMBER_INVALID');
  });

  it('declined: the form stays, the code is cleared, the next try is a new payment method and key', async () => {
    const m = await start();
    await m.payUpToConfirm();
    await m.confirm.reject({ code: 'PAYMENT_DECLINED', reason: 'insufficient_funds' });
    expect(m.pay().matches('declined')).toBe(true);
    expect(m.pay().context.error).toEqual({ code: 'PAYMENT_DECLINED', reason: 'insufficient_funds' });
    expect(m.pay().context.card.cvc).toBe('');
    expect(m.pay().context.card.number).toBe(GOOD_CARD.number);
    m.card({ type: 'cardPayment.submit' });
    expect(m.pay().context.fieldErrors.cvc).toBe('REQUIRED');
    m.card({ type: 'cardPayment.fieldChanged', field: 'cvc', value: '123' });
    m.card({ type: 'cardPayment.submit' });
    await m.pm.resolve(PAYMENT_METHOD);
    await new Promise((r) => setTimeout(r, 0));
    expect(m.confirm.last()!.input.key).toBe('key-2-abcdefgh');
  });

  it('failed: nothing charged, the hold kept; the retry is a new attempt', async () => {
    const m = await start();
    await m.payUpToConfirm();
    await m.confirm.reject({ code: 'PAYMENT_FAILED' });
    expect(m.pay().matches('failed')).toBe(true);
    expect(m.pay().context.attempt).toBeNull();
    m.card({ type: 'cardPayment.submit' });
    expect(m.pay().matches('validating')).toBe(true);
  });

  it('no answer: interrupted, and the retry sends the same key and body', async () => {
    const m = await start();
    await m.payUpToConfirm();
    const first = m.confirm.last()!.input;
    await m.confirm.reject({ code: 'NETWORK_ERROR' });
    expect(m.pay().matches('interrupted')).toBe(true);
    m.card({ type: 'cardPayment.retry' });
    expect(m.confirm.last()!.input).toEqual(first);
    await m.confirm.resolve(paidOf());
    expect(m.snap().matches('confirmed')).toBe(true);
  });

  it('the bank challenge: asked, answered, then the same key gives the final answer', async () => {
    const m = await start();
    await m.payUpToConfirm();
    const key = m.confirm.last()!.input.key;
    await m.confirm.resolve(CHALLENGE);
    expect(m.pay().matches({ challenge: 'loading' })).toBe(true);
    await m.loadChallenge.resolve(challengeState());
    expect(m.pay().matches({ challenge: 'asking' })).toBe(true);
    expect(m.pay().context.challenge).toEqual({
      id: 'ch_test_1',
      amount: 3708,
      brand: 'visa',
      last4: '3220',
    });
    m.card({ type: 'cardPayment.approve' });
    expect(m.decide.last()!.input).toEqual({ id: 'ch_test_1', decision: 'approve' });
    await m.decide.reject({ code: 'NETWORK_ERROR' });
    expect(m.pay().matches({ challenge: 'asking' })).toBe(true);
    m.card({ type: 'cardPayment.deny' });
    await m.decide.resolve(challengeState('denied'));
    expect(m.pay().matches('paying')).toBe(true);
    expect(m.confirm.last()!.input.key).toBe(key);
    await m.confirm.reject({ code: 'PAYMENT_DECLINED', reason: 'challenge_failed' });
    expect(m.pay().matches('declined')).toBe(true);
  });

  it('a challenge already decided (or unreadable) goes on', async () => {
    const m = await start();
    await m.payUpToConfirm();
    await m.confirm.resolve(CHALLENGE);
    await m.loadChallenge.resolve(challengeState('approved'));
    expect(m.pay().matches('paying')).toBe(true);
    await m.confirm.resolve(CHALLENGE);
    await m.loadChallenge.reject({ code: 'NETWORK_ERROR' });
    expect(m.pay().matches({ challenge: 'asking' })).toBe(true);
  });

  it('HOLD_EXPIRED from the server, SLOT_TAKEN while paying, her details refused', async () => {
    const a = await start();
    await a.payUpToConfirm();
    await a.confirm.reject({ code: 'HOLD_EXPIRED' });
    expect(a.snap().matches('expired')).toBe(true);
    a.actor.send({ type: 'booking.restart' });
    expect(a.snap().hasTag('slots:loading')).toBe(true);
    expect(a.snap().context.booking).toBeNull();

    const b = await start();
    await b.payUpToConfirm();
    await b.confirm.reject({ code: 'SLOT_TAKEN', nextSlots: [SLOT_C] });
    expect(b.snap().hasTag('slots:loading')).toBe(true);
    expect(b.snap().context.nextSlots).toEqual([SLOT_C]);

    const c = await start();
    await c.payUpToConfirm();
    await c.confirm.reject({ code: 'VALIDATION_ERROR', fields: { 'details.dateOfBirth': 'MUST_BE_ADULT' } });
    expect(c.snap().matches('details')).toBe(true);
    expect(c.snap().context.detailErrors).toEqual({ dateOfBirth: 'MUST_BE_ADULT' });
  });

  it('the hold runs out: expired, the attempt forgotten', async () => {
    vi.useFakeTimers();
    try {
      const m = await start();
      await vi.advanceTimersByTimeAsync(0);
      m.loadSlots.last()!.settle.resolve(slotsFor());
      await vi.advanceTimersByTimeAsync(0);
      m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
      m.actor.send({ type: 'booking.continue' });
      m.hold.last()!.settle.resolve(bookingOf());
      await vi.advanceTimersByTimeAsync(0);
      expect(m.snap().hasTag('held')).toBe(true);
      await vi.advanceTimersByTimeAsync(9 * 60_000);
      expect(m.snap().hasTag('held')).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(m.snap().matches('expired')).toBe(true);
      expect(m.log).toContain('forget');
    } finally {
      vi.useRealTimers();
    }
  });

  it('she gives the time up: released, and the slots again', async () => {
    const m = await start();
    await m.holdSlot();
    m.actor.send({ type: 'booking.release' });
    expect(m.release.last()!.input).toEqual({ bookingId: BOOKING_ID });
    await m.release.resolve(cancellationOf(0, bookingOf()));
    expect(m.snap().hasTag('slots:loading')).toBe(true);
    expect(m.snap().context.booking).toBeNull();
    // a failed release still lets her choose again (the hold ends by itself)
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    await m.hold.resolve(bookingOf());
    m.actor.send({ type: 'booking.release' });
    await m.release.reject({ code: 'NETWORK_ERROR' });
    expect(m.snap().hasTag('slots:loading')).toBe(true);
  });

  it('the hold’s clock waits while an attempt is with the server, and runs again after a decline', async () => {
    vi.useFakeTimers();
    try {
      const m = await start();
      await vi.advanceTimersByTimeAsync(0);
      m.loadSlots.last()!.settle.resolve(slotsFor());
      await vi.advanceTimersByTimeAsync(0);
      m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
      m.actor.send({ type: 'booking.continue' });
      m.hold.last()!.settle.resolve(bookingOf({ medical: false }));
      await vi.advanceTimersByTimeAsync(0);
      expect(m.snap().matches({ payment: 'held' })).toBe(true);
      expect(m.snap().hasTag('held')).toBe(true);
      m.fillCard();
      m.card({ type: 'cardPayment.submit' });
      m.pm.last()!.settle.resolve(PAYMENT_METHOD);
      await vi.advanceTimersByTimeAsync(0);
      // the attempt is with the server: its answer, not the clock, decides
      expect(m.snap().matches({ payment: 'sent' })).toBe(true);
      expect(m.snap().hasTag('held')).toBe(false);
      await vi.advanceTimersByTimeAsync(11 * 60_000);
      expect(m.pay().matches('paying')).toBe(true);
      m.confirm.last()!.settle.reject({ code: 'PAYMENT_DECLINED', reason: 'card_declined' });
      await vi.advanceTimersByTimeAsync(0);
      // declined: her time counts again, and runs out
      expect(m.snap().matches({ payment: 'held' })).toBe(true);
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(m.snap().matches('expired')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back to her details from the card: the payment ends and her card comes back with her', async () => {
    const m = await start();
    await m.holdSlot();
    m.fillDetails();
    m.actor.send({ type: 'booking.submitDetails' });
    m.fillCard();
    m.actor.send({ type: 'booking.editDetails' });
    expect(m.snap().matches('details')).toBe(true);
    expect(m.snap().children.payment).toBeUndefined();
    expect(m.snap().context.details).toEqual(DETAILS);
    m.actor.send({ type: 'booking.submitDetails' });
    expect(m.pay().matches('editing')).toBe(true);
    expect(m.pay().context.card).toEqual(GOOD_CARD);
    expect(m.pm.calls).toHaveLength(0);
  });

  describe('her live hold, found on the server (issue 21)', () => {
    it('a member with a hold here resumes it: the card (or her details first), with its countdown', async () => {
      const paid = await start(
        {},
        bookingOf({
          medical: false,
          offer: { id: 'consult-60', kind: 'consultation', minutes: 60 },
          mode: 'voice',
        }),
      );
      expect(paid.findHold.last()!.input).toEqual({ expertId: 'amal-jaber' });
      expect(paid.pay().matches('editing')).toBe(true);
      expect(paid.snap().context).toMatchObject({
        offerId: 'consult-60',
        mode: 'voice',
        slot: SLOT_A,
        attempt: null,
      });
      expect(paid.loadSlots.calls).toHaveLength(0);
      const medical = await start({}, bookingOf());
      expect(medical.snap().matches('details')).toBe(true);
      expect(medical.snap().context.details).toEqual({ firstName: '', lastName: '', dateOfBirth: '' });
    });

    it('none, or no answer: the slots; a visitor is not asked', async () => {
      const none = await start();
      expect(none.snap().hasTag('slots:loading')).toBe(true);
      const visitor = await start({ isMember: false });
      expect(visitor.findHold.calls).toHaveLength(0);
      expect(visitor.snap().hasTag('slots:loading')).toBe(true);
    });
  });

  describe('a reload with an attempt in flight', () => {
    const pending = {
      expertId: 'amal-jaber',
      bookingId: BOOKING_ID,
      key: 'key-9-abcdefgh',
      paymentMethodId: 'pm_test_1',
    };

    it('a held, not medical booking is paid again with the same key', async () => {
      const m = await start({ pending });
      expect(m.snap().matches('resuming')).toBe(true);
      await m.loadBooking.resolve(bookingOf({ medical: false }));
      expect(m.confirm.last()!.input).toEqual({
        bookingId: BOOKING_ID,
        key: 'key-9-abcdefgh',
        body: { paymentMethodId: 'pm_test_1', details: null },
      });
    });

    it('a medical one asks her details again, then sends the same key', async () => {
      const m = await start({ pending });
      await m.loadBooking.resolve(bookingOf());
      expect(m.snap().matches('details')).toBe(true);
      m.fillDetails();
      m.actor.send({ type: 'booking.submitDetails' });
      expect(m.confirm.last()!.input).toEqual({
        bookingId: BOOKING_ID,
        key: 'key-9-abcdefgh',
        body: { paymentMethodId: 'pm_test_1', details: DETAILS },
      });
    });

    it('a confirmed one is shown; an expired one says so; an unreadable one starts afresh', async () => {
      const a = await start({ pending });
      await a.loadBooking.resolve(confirmedOf());
      expect(a.snap().matches('confirmed')).toBe(true);
      const b = await start({ pending });
      await b.loadBooking.resolve(bookingOf({ status: 'expired' }));
      expect(b.snap().matches('expired')).toBe(true);
      const c = await start({ pending });
      await c.loadBooking.reject({ code: 'NETWORK_ERROR' });
      expect(c.snap().hasTag('slots:loading')).toBe(true);
      expect(c.log).toContain('forget');
    });

    it('another expert’s attempt is not resumed here', async () => {
      const m = await start({ pending: { ...pending, expertId: 'rana-aziz' } });
      expect(m.snap().hasTag('slots:loading')).toBe(true);
    });
  });
});

describe('what the panel reads (selectors shared with the guards)', () => {
  const clockAt = (now: number) =>
    fromCallback<EventObject, { every: number }>(({ sendBack }) => {
      sendBack({ type: 'clock.tick', now });
    });

  it('counts three steps for a medical consultation from the first, two otherwise', async () => {
    const offers = OFFERS.map((o) => ({ ...o, medical: o.kind === 'consultation' }));
    const m = await start({ offers });
    expect([selectStepNumber(m.snap()), selectStepCount(m.snap())]).toEqual([1, 3]);
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.offer', offerId: 'discovery-15' });
    expect([selectStepNumber(m.snap()), selectStepCount(m.snap())]).toEqual([1, 2]);
    m.actor.send({ type: 'booking.offer', offerId: 'consult-30' });
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    await m.hold.resolve(bookingOf());
    expect([selectStepNumber(m.snap()), selectStepCount(m.snap())]).toEqual([2, 3]);
    m.fillDetails();
    m.actor.send({ type: 'booking.submitDetails' });
    expect([selectStepNumber(m.snap()), selectStepCount(m.snap())]).toEqual([3, 3]);
  });

  it('says the slot was taken, with the next ones still open', async () => {
    const m = await start();
    await m.loadSlots.resolve(slotsFor());
    m.actor.send({ type: 'booking.slot', startsAt: SLOT_A });
    m.actor.send({ type: 'booking.continue' });
    expect(selectSlotTaken(m.snap())).toBe(false);
    await m.hold.reject({ code: 'SLOT_TAKEN', nextSlots: [SLOT_B, SLOT_C] });
    expect(selectSlotTaken(m.snap())).toBe(true);
    await m.loadSlots.resolve(slotsFor('consult-30', [SLOT_C]));
    expect(selectOpenNext(m.snap())).toEqual([SLOT_C]);
  });

  it('reads the hold’s time left and the refund tier at the clock’s tick, not the device’s', async () => {
    const expires = '2026-11-30T06:05:00.000Z';
    const m = createActor(
      bookingMachine.provide({
        actors: {
          findHold: resolves<Booking | null, { expertId: string }>(
            bookingOf({ holdExpiresAt: expires, medical: false }),
          ),
          clock: clockAt(Date.parse(expires) - 90_000),
        },
      }),
      { input: bookingInput() },
    ).start();
    await waitFor(m, (s) => s.matches('payment'));
    expect(selectHoldLeft(m.getSnapshot())).toBe(90_000);
    // SLOT_A starts on 1 December at 07:00, almost 25 hours after that tick: the 50 % tier
    expect(selectRefundTier(m.getSnapshot())).toBe('half');
    m.stop();
  });
});
