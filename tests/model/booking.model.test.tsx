import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { refundDeadlines } from '../../contract/consultation-rules';
import type { Booking, Cancellation, HoldBody, Slots } from '../../contract/consultations';
import type { ExpertProfile } from '../../contract/experts';
import { type BookingAttempt, bookingMachine, type ConfirmResult } from '../../machines/booking';
import { formatDeadline } from '../../src/views/booking/format';
import { formatMoney } from '../../src/views/courses/format';
import {
  BOOKING_ID,
  bookingOf,
  CHALLENGE,
  cancellationOf,
  challengeState,
  confirmedOf,
  paidOf,
  SLOT_A,
  SLOT_B,
  SLOT_C,
  slotsFor,
} from '../support/booking-fixtures';
import { signInMember } from '../support/browser';
import { PAYMENT_METHOD } from '../support/commerce-fixtures';
import { EXPERTS, expertProfile } from '../support/experts-fixtures';
import {
  attemptKeys,
  type CardPaymentStubs,
  cardPaymentStubs,
  fill as fillIn,
  norm,
  typeCard as typeCardIn,
} from '../support/screen-model';
import { controlledActor, resolves } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of booking a consultation on an expert's page (issue 10): a test model whose
 * server answers are explicit events drives the REAL page (real experts and booking machines, real
 * views) in jsdom: the offer, mode, day and time picked in the real Ark widgets, her details and the
 * card typed into the real fields, the bank's challenge answered in the real dialog. Every state
 * check looks at the DOM and at what was sent (keys and bodies, what a reload keeps); coverage of
 * the real booking machine is recorded through `inspect` and must be complete. The card payment's
 * own states are its model test's (tests/model/cardPayment.model.test.tsx); here, what the booking
 * does with them: the hold's clock while she edits, her details, the slot taken, the hold ended.
 */
const coverage = new Coverage('booking', bookingMachine);
const EXPERT: ExpertProfile = expertProfile({ ...EXPERTS[0], id: 'amal-jaber' });
const DETAILS = { firstName: 'Mariam', lastName: 'Saleh', dateOfBirth: '1990-04-21' };
const inTen = () => new Date(Date.now() + 10 * 60_000).toISOString();
const held = (over: Partial<Booking> = {}) => bookingOf({ holdExpiresAt: inTen(), ...over });
const FREE_OFFER = { id: 'discovery-15', kind: 'discovery' as const, minutes: 15 };
const PENDING = {
  expertId: 'amal-jaber',
  bookingId: BOOKING_ID,
  key: 'stored-key-12345678',
  paymentMethodId: 'pm_old',
};

function open(
  options: { member?: boolean; pending?: typeof PENDING; holdMs?: number; findHold?: boolean } = {},
) {
  if (options.member !== false) signInMember();
  if (options.pending)
    sessionStorage.setItem('bookingAttempt', JSON.stringify({ memberId: 'u1', ...options.pending }));
  card = cardPaymentStubs();
  askHold = options.findHold ?? false;
  return ui.open('/experts/amal-jaber', options.holdMs != null ? { bookingHoldMs: options.holdMs } : {});
}

/** The card payment's stubs and keys of the app last opened (made afresh at each open). */
let card: CardPaymentStubs = cardPaymentStubs();
/** The path asks for her live hold (OPEN_FINDING). */
let askHold = false;
const ui = modelApp({
  coverage,
  stubs: {
    fetchExpert: () => resolves(EXPERT),
    loadSlots: () => controlledActor<Slots, { expertId: string; offerId: string }>(),
    hold: () => controlledActor<Booking, HoldBody>(),
    loadBooking: () => controlledActor<Booking, { bookingId: string }>(),
    findHold: () => {
      const stub = controlledActor<Booking | null, { expertId: string }>();
      // her live hold is asked for only where the path says so (otherwise: none)
      return askHold ? stub : { ...stub, logic: resolves<Booking | null, { expertId: string }>(null) };
    },
    releaseHold: () => controlledActor<Cancellation, { bookingId: string }>(),
    confirmBooking: () => controlledActor<ConfirmResult, BookingAttempt>(),
    createPaymentMethod: () => card.pm,
    newAttemptKey: () => attemptKeys(() => card),
    loadChallenge: () => card.readChallenge,
    decideChallenge: () => card.decide,
  },
});
const slots = () => ui.stubs.loadSlots;
const hold = () => ui.stubs.hold;
const loadBooking = () => ui.stubs.loadBooking;
const findHold = () => ui.stubs.findHold;
const release = () => ui.stubs.releaseHold;
const confirm = () => ui.stubs.confirmBooking;
const { intl, t } = ui;
const panel = () => screen.getByTestId('booking-panel');
const stored = () => sessionStorage.getItem('bookingAttempt');
const submitButton = () => within(panel()).getByTestId('booking-submit');

const fill = (input: HTMLElement, value: string) => fillIn(ui.app, input, value);
const typeCard = (number?: string) => typeCardIn(ui.app, number);
async function typeDetails(d = DETAILS) {
  await fill(screen.getByTestId('booking-first-name'), d.firstName);
  await fill(screen.getByTestId('booking-last-name'), d.lastName);
  await fill(screen.getByTestId('booking-dob'), d.dateOfBirth);
}
async function slotsAnswer(answer?: Slots) {
  await waitFor(() => expect(slots().calls.length).toBeGreaterThan(0));
  await slots().resolve(answer ?? slotsFor(slots().last()!.input.offerId));
  await screen.findByTestId('booking-days');
}
async function pickSlot(slot = SLOT_A) {
  await ui.app.user.click(await within(panel()).findByText(t('booking.mode.voice')));
  const time = panel().querySelector(`[data-slot="${slot}"]`) as HTMLElement;
  await ui.app.user.click(time);
  await waitFor(() => expect(time).toHaveAttribute('data-state', 'checked'));
}
/**
 * After a language switch with the times on screen: the panel is in Arabic, the times were asked for
 * again and never left the screen (no loader), and her chosen time (if any) is still chosen.
 */
async function expectTimesKept(chosen: string | null) {
  await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  await waitFor(() => expect(slots().calls).toHaveLength(2));
  expect(screen.queryByTestId('booking-slots-loading')).toBeNull();
  expect(screen.getByTestId('booking-days')).toBeInTheDocument();
  const checked = [...panel().querySelectorAll('[data-slot][data-state="checked"]')].map((e) =>
    e.getAttribute('data-slot'),
  );
  expect(checked).toEqual(chosen ? [chosen] : []);
}
async function cont() {
  await ui.app.user.click(within(panel()).getByTestId('booking-continue'));
}
async function holdAnswer(booking: Booking = held()) {
  await waitFor(() => expect(hold().calls.length).toBeGreaterThan(0));
  await hold().resolve(booking);
}
async function submit() {
  await ui.app.user.click(submitButton());
}
async function cardAccepted() {
  await card.pm.resolve(PAYMENT_METHOD);
  await waitFor(() => expect(confirm().calls.length).toBeGreaterThan(0));
}
async function expectStep(id: string) {
  await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent(t(id)));
}
/** "Step 2 of 3": a medical consultation counts three steps from the first (issue 21). */
const expectStepCount = (step: number, count: number) =>
  waitFor(() =>
    expect(screen.getByTestId('booking-step')).toHaveTextContent(t('booking.step', { step, count })),
  );
/** The refund tiers with their real moments in her zone, before she pays (spec §9, issue 21). */
function expectRefundTiers(startsAt = SLOT_A) {
  const { fullUntil, halfUntil } = refundDeadlines(new Date(startsAt));
  expect(screen.getByTestId('booking-refund')).toHaveTextContent(
    t('booking.refund.full', {
      full: norm(formatDeadline(intl(), fullUntil)),
      half: norm(formatDeadline(intl(), halfUntil)),
    }),
  );
}
/** Her hold found on the server after a reload: its countdown goes on from the server's end. */
const inFour = () => new Date(Date.now() + 4 * 60_000).toISOString();
async function expectConfirmed(invoice = true) {
  const done = await screen.findByTestId('booking-confirmed');
  expect(done).toHaveTextContent(t('booking.confirmed.title'));
  if (invoice) expect(within(done).getByTestId('booking-invoice')).toHaveTextContent('INV-2026-000007');
  expect(within(done).getByRole('link', { name: t('booking.confirmed.mine') })).toHaveAttribute(
    'href',
    '/dashboard/consultations',
  );
  // nothing left to resume
  expect(stored()).toBeNull();
}
function expectAttempt(key: string, body: BookingAttempt['body']) {
  expect(confirm().last()!.input).toEqual({ bookingId: BOOKING_ID, key, body });
  // a reload keeps the booking, the key and the payment method: never card data or her details
  const kept = stored();
  if (kept) {
    expect(JSON.parse(kept)).toEqual({
      memberId: 'u1',
      expertId: 'amal-jaber',
      bookingId: BOOKING_ID,
      key,
      paymentMethodId: body.paymentMethodId,
    });
    expect(kept).not.toMatch(/Mariam|Saleh|1990|4242|12\/30/);
  }
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'bookingModel',
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: 'slotsLoading',
        OPEN_VISITOR: 'visitorLoading',
        OPEN_PENDING: 'resuming',
        OPEN_SHORT_HOLD: 'shortLoading',
        OPEN_SHORT_HOLD_PLAIN: 'shortLoadingPlain',
        OPEN_FINDING: 'finding',
      },
    },
    // a reload, Back/Forward or "Finish paying": her live hold with this expert is asked for first
    finding: {
      on: { HOLD_FOUND: 'paymentFound', HOLD_FOUND_MEDICAL: 'detailsFound', FIND_FAIL: 'findFailed' },
    },
    paymentFound: {},
    detailsFound: { on: { FILL_DETAILS_FOUND: 'paymentAfterFound' } },
    paymentAfterFound: {},
    findFailed: {},
    visitorLoading: { on: { SLOTS_OK: 'visitorReady' } },
    visitorReady: { on: { CONTINUE_VISITOR: 'signInAsked' } },
    signInAsked: {},
    slotsLoading: {
      on: { SLOTS_OK: 'ready', SLOTS_FAIL: 'slotsFailed', SWITCH_LANGUAGE: 'slotsLoadingArabic' },
    },
    // times not shown yet: asked for again in the new language, with the loader
    slotsLoadingArabic: { on: { SLOTS_OK: 'readyArabicFirst' } },
    readyArabicFirst: {},
    slotsFailed: { on: { RETRY: 'slotsLoadingAgain' } },
    slotsLoadingAgain: { on: { SLOTS_OK: 'readyAgain' } },
    readyAgain: {},
    ready: {
      on: {
        PICK_DISCOVERY: 'discoveryLoading',
        PICK_SLOT: 'slotChosen',
        SWITCH_LANGUAGE: 'slotsRefreshingArabic',
      },
    },
    // prices are read again in the new language with the times (and her choice) still on screen
    slotsRefreshingArabic: { on: { SLOTS_OK: 'readyArabic', SLOTS_FAIL: 'slotsKeptArabic' } },
    readyArabic: {},
    slotsKeptArabic: {},
    chosenRefreshingArabic: { on: { SLOTS_OK: 'chosenArabic' } },
    chosenArabic: {},
    discoveryLoading: { on: { SLOTS_OK: 'discoveryReady' } },
    discoveryReady: { on: { PICK_SLOT_CONTINUE: 'holdingFree' } },
    holdingFree: { on: { HOLD_OK_FREE: 'freePayment' } },
    freePayment: { on: { CONFIRM_FREE: 'confirmingFree' } },
    confirmingFree: { on: { PAID_FREE: 'confirmedFree' } },
    confirmedFree: {},
    slotChosen: { on: { CONTINUE: 'holding', SWITCH_LANGUAGE: 'chosenRefreshingArabic' } },
    holding: { on: { HOLD_OK: 'details', HOLD_TAKEN: 'takenLoading', HOLD_FAIL: 'holdFailed' } },
    takenLoading: { on: { SLOTS_OK_AFTER_TAKEN: 'takenReady' } },
    takenReady: { on: { PICK_NEXT_CONTINUE: 'holdingNext' } },
    holdingNext: {},
    holdFailed: {},
    details: {
      on: { SUBMIT_BLANK_DETAILS: 'detailsErrors', FILL_DETAILS: 'payment', RELEASE: 'releasing' },
    },
    detailsErrors: {},
    releasing: { on: { RELEASE_OK: 'afterRelease', RELEASE_FAIL: 'afterReleaseFailed' } },
    afterRelease: {},
    afterReleaseFailed: {},
    payment: {
      on: { EDIT_DETAILS: 'detailsAgain', PAY: 'validating', RELEASE: 'releasingFromPayment' },
    },
    // back to her details: the card payment ends and hands her card back for when she returns
    detailsAgain: { on: { FILL_DETAILS: 'paymentAgain' } },
    paymentAgain: {},
    releasingFromPayment: { on: { RELEASE_OK: 'afterReleaseFromPayment' } },
    afterReleaseFromPayment: {},
    validating: { on: { CARD_OK: 'paying' } },
    paying: {
      on: {
        PAID: 'confirmed',
        DECLINED: 'declined',
        LOST: 'interrupted',
        HOLD_EXPIRED: 'expiredByServer',
        TAKEN_WHILE_PAYING: 'takenWhilePaying',
        DETAILS_REFUSED: 'detailsRefused',
        PROCESSING_ERROR: 'failed',
        CHALLENGE: 'challengeLoading',
      },
    },
    confirmed: { on: { RESTART: 'restartLoading' } },
    restartLoading: {},
    expiredByServer: {},
    takenWhilePaying: {},
    detailsRefused: {},
    // the attempt is over: her time counts again (she can give it up)
    declined: { on: { RELEASE: 'releasingAfterDecline' } },
    releasingAfterDecline: {},
    failed: {},
    interrupted: { on: { RETRY_PAYMENT: 'payingSameKey' } },
    payingSameKey: { on: { PAID: 'confirmedAfterLoss' } },
    confirmedAfterLoss: {},
    challengeLoading: { on: { CHALLENGE_READ: 'asking' } },
    asking: { on: { APPROVE: 'deciding' } },
    deciding: { on: { DECIDED: 'payingFinal' } },
    payingFinal: { on: { PAID: 'confirmedAfterChallenge' } },
    confirmedAfterChallenge: {},
    resuming: {
      on: {
        BOOKING_HELD: 'payingResumed',
        BOOKING_HELD_MEDICAL: 'detailsResumed',
        BOOKING_CONFIRMED: 'confirmedResumed',
        BOOKING_EXPIRED: 'expiredResumed',
        BOOKING_FAIL: 'resumeFailed',
      },
    },
    payingResumed: { on: { PAID: 'confirmedResumedPaid' } },
    confirmedResumedPaid: {},
    detailsResumed: { on: { FILL_DETAILS_RESUMED: 'payingResumedMedical' } },
    payingResumedMedical: {},
    confirmedResumed: {},
    expiredResumed: {},
    resumeFailed: {},
    shortLoading: { on: { SLOTS_OK_HOLD: 'shortHeld' } },
    shortHeld: { on: { WAIT: 'expiredByTimer' } },
    expiredByTimer: { on: { RESTART_EXPIRED: 'restartAfterExpiry' } },
    restartAfterExpiry: {},
    // the hold runs out while she is at the card (no attempt sent)
    shortLoadingPlain: { on: { SLOTS_OK_HOLD_PLAIN: 'shortPayment' } },
    shortPayment: { on: { WAIT: 'expiredInPayment' } },
    expiredInPayment: {},
  },
});

const paths = createTestModel(model).getShortestPaths();

const KEY1 = 'key-1-abcdefgh';

/** Up to her details: slots in, a slot held (a medical consultation). */
const toConfirm = { paymentMethodId: 'pm_test_1', details: DETAILS };

describe('booking model on the real expert page', () => {
  it('generates a path to every model state', () => {
    expect(paths.length).toBeGreaterThan(30);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => open(),
        OPEN_VISITOR: async () => open({ member: false }),
        OPEN_PENDING: async () => open({ pending: PENDING }),
        OPEN_SHORT_HOLD: async () => open({ holdMs: 300 }),
        OPEN_SHORT_HOLD_PLAIN: async () => open({ holdMs: 300 }),
        OPEN_FINDING: async () => open({ findHold: true }),
        HOLD_FOUND: async () => {
          await waitFor(() => expect(findHold().calls.length).toBe(1));
          await findHold().resolve(held({ medical: false, holdExpiresAt: inFour() }));
        },
        HOLD_FOUND_MEDICAL: async () => {
          await waitFor(() => expect(findHold().calls.length).toBe(1));
          await findHold().resolve(held({ holdExpiresAt: inFour() }));
        },
        FIND_FAIL: async () => {
          await waitFor(() => expect(findHold().calls.length).toBe(1));
          await findHold().reject({ code: 'NETWORK_ERROR' });
        },
        FILL_DETAILS_FOUND: async () => {
          await typeDetails();
          await submit();
        },
        SLOTS_OK: async () => slotsAnswer(),
        SLOTS_FAIL: async () => {
          await waitFor(() => expect(slots().calls.length).toBeGreaterThan(0));
          await slots().reject({ code: 'NETWORK_ERROR' });
        },
        SLOTS_OK_AFTER_TAKEN: async () => {
          await waitFor(() => expect(slots().calls.length).toBe(2));
          await slots().resolve(slotsFor('consult-30', [SLOT_B, SLOT_C]));
        },
        SLOTS_OK_HOLD: async () => {
          await slotsAnswer();
          await pickSlot();
          await cont();
          await holdAnswer();
        },
        SLOTS_OK_HOLD_PLAIN: async () => {
          await slotsAnswer();
          await pickSlot();
          await cont();
          await holdAnswer(held({ medical: false }));
        },
        RETRY: async () => {
          await ui.app.user.click(within(screen.getByTestId('booking-slots-error')).getByRole('button'));
        },
        SWITCH_LANGUAGE: async () => {
          await ui.app.user.click(screen.getByTestId('language-switch'));
          await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
        },
        PICK_DISCOVERY: async () => {
          await ui.app.user.click(within(panel()).getByTestId('booking-offer-discovery-15'));
        },
        PICK_SLOT: async () => pickSlot(),
        PICK_SLOT_CONTINUE: async () => {
          await pickSlot();
          await cont();
        },
        CONTINUE: async () => cont(),
        CONTINUE_VISITOR: async () => cont(),
        PICK_NEXT_CONTINUE: async () => {
          const next = within(screen.getByTestId('booking-next-slots')).getAllByRole('button')[0];
          await ui.app.user.click(next);
          await cont();
        },
        HOLD_OK: async () => holdAnswer(),
        HOLD_OK_FREE: async () =>
          holdAnswer(held({ offer: FREE_OFFER, medical: false, price: slotsFor('discovery-15').price })),
        HOLD_TAKEN: async () => {
          await waitFor(() => expect(hold().calls.length).toBeGreaterThan(0));
          await hold().reject({ code: 'SLOT_TAKEN', nextSlots: [SLOT_B, SLOT_C] });
        },
        HOLD_FAIL: async () => {
          await waitFor(() => expect(hold().calls.length).toBeGreaterThan(0));
          // a refusal of the server's (issue 20) is told in its own words
          await hold().reject({ code: 'FREE_CALLS_LIMIT' });
        },
        SUBMIT_BLANK_DETAILS: async () => submit(),
        FILL_DETAILS: async () => {
          await typeDetails();
          await submit();
        },
        FILL_DETAILS_RESUMED: async () => {
          await typeDetails();
          await submit();
        },
        EDIT_DETAILS: async () => {
          // she has typed her card, then goes back to her details
          await typeCard();
          await ui.app.user.click(
            within(panel()).getByRole('button', { name: t('booking.pay.editDetails') }),
          );
        },
        RELEASE: async () => ui.app.user.click(within(panel()).getByTestId('booking-release')),
        RELEASE_OK: async () => release().resolve(cancellationOf(0, held())),
        RELEASE_FAIL: async () => release().reject({ code: 'NETWORK_ERROR' }),
        PAY: async () => {
          await typeCard();
          await submit();
        },
        CARD_OK: async () => cardAccepted(),
        CONFIRM_FREE: async () => {
          const before = confirm().calls.length;
          await submit();
          await waitFor(() => expect(confirm().calls.length).toBe(before + 1));
        },
        PAID: async () => confirm().resolve(paidOf()),
        PAID_FREE: async () =>
          confirm().resolve(
            paidOf(confirmedOf({ offer: FREE_OFFER, medical: false, price: slotsFor('discovery-15').price })),
          ),
        DECLINED: async () => confirm().reject({ code: 'PAYMENT_DECLINED', reason: 'insufficient_funds' }),
        LOST: async () => confirm().reject({ code: 'NETWORK_ERROR' }),
        HOLD_EXPIRED: async () => confirm().reject({ code: 'HOLD_EXPIRED' }),
        TAKEN_WHILE_PAYING: async () => confirm().reject({ code: 'SLOT_TAKEN', nextSlots: [SLOT_C] }),
        DETAILS_REFUSED: async () =>
          confirm().reject({
            code: 'VALIDATION_ERROR',
            fields: { 'details.dateOfBirth': 'MUST_BE_ADULT' },
          }),
        PROCESSING_ERROR: async () => confirm().reject({ code: 'PAYMENT_FAILED' }),
        CHALLENGE: async () => confirm().resolve(CHALLENGE),
        CHALLENGE_READ: async () => card.readChallenge.resolve(challengeState()),
        APPROVE: async () => {
          const dialog = await screen.findByTestId('challenge-dialog');
          await ui.app.user.click(
            within(dialog).getByRole('button', { name: t('checkout.challenge.approve') }),
          );
        },
        DECIDED: async () => {
          const before = confirm().calls.length;
          await card.decide.resolve(challengeState('approved'));
          await waitFor(() => expect(confirm().calls.length).toBe(before + 1));
        },
        RETRY_PAYMENT: async () => {
          const before = confirm().calls.length;
          await ui.app.user.click(within(screen.getByTestId('booking-interrupted')).getByRole('button'));
          await waitFor(() => expect(confirm().calls.length).toBe(before + 1));
        },
        RESTART: async () => {
          await ui.app.user.click(
            within(panel()).getByRole('button', { name: t('booking.confirmed.another') }),
          );
        },
        RESTART_EXPIRED: async () => {
          await ui.app.user.click(within(screen.getByTestId('booking-expired')).getByRole('button'));
        },
        WAIT: async () => {
          await act(async () => new Promise((r) => setTimeout(r, 400)));
        },
        BOOKING_HELD: async () => loadBooking().resolve(held({ medical: false })),
        BOOKING_HELD_MEDICAL: async () => loadBooking().resolve(held()),
        BOOKING_CONFIRMED: async () => loadBooking().resolve(confirmedOf()),
        BOOKING_EXPIRED: async () => loadBooking().resolve(bookingOf({ status: 'expired' })),
        BOOKING_FAIL: async () => loadBooking().reject({ code: 'NETWORK_ERROR' }),
      },
      states: {
        closed: ui.expectClosed,
        visitorLoading: async () => {
          expect(await screen.findByTestId('booking-panel')).toBeInTheDocument();
        },
        visitorReady: async () => {
          expect(within(panel()).getByTestId('booking-continue')).toHaveTextContent(
            t('booking.signIn.action'),
          );
          expect(panel()).toHaveTextContent(t('booking.signIn.note'));
        },
        signInAsked: async () => {
          await waitFor(() => expect(window.location.pathname).toBe('/login'));
          expect(new URLSearchParams(window.location.search).get('next')).toBe('/experts/amal-jaber');
          expect(hold().calls).toHaveLength(0);
        },
        slotsLoading: async () => {
          expect(await screen.findByTestId('booking-slots-loading')).toBeInTheDocument();
        },
        slotsFailed: async () => {
          expect(await screen.findByTestId('booking-slots-error')).toHaveTextContent(
            t('booking.times.error'),
          );
        },
        slotsLoadingAgain: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
          expect(screen.queryByTestId('booking-slots-error')).toBeNull();
        },
        readyAgain: async () => {
          expect(await screen.findByTestId('booking-days')).toBeInTheDocument();
        },
        ready: async () => {
          const days = screen.getByTestId('booking-days');
          // two days, in her zone: the first chosen, its times a radio group
          expect(within(days).getAllByRole('tab')).toHaveLength(2);
          expect(within(days).getAllByRole('radio')).toHaveLength(2);
          expect(within(panel()).getByTestId('booking-continue')).toBeDisabled();
          expect(screen.getByTestId('booking-zones')).toHaveTextContent(/Asia\/Amman|Amman/);
          // a medical consultation: three steps from the start, never "1 of 2" then "2 of 3"
          await expectStepCount(1, 3);
        },
        slotsRefreshingArabic: async () => {
          await expectTimesKept(null);
          expect(within(panel()).getByTestId('booking-continue')).toHaveAttribute('aria-busy', 'true');
        },
        readyArabic: async () => {
          await expectTimesKept(null);
          await waitFor(() =>
            expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('احجزي استشارة'),
          );
        },
        slotsKeptArabic: async () => {
          await expectTimesKept(null);
          expect(screen.queryByTestId('booking-slots-error')).toBeNull();
        },
        slotsLoadingArabic: async () => {
          await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
          await waitFor(() => expect(slots().calls).toHaveLength(2));
          expect(slots().calls[0].signal.aborted).toBe(true);
          expect(screen.getByTestId('booking-slots-loading')).toBeInTheDocument();
        },
        readyArabicFirst: async () => {
          expect(await screen.findByTestId('booking-days')).toBeInTheDocument();
          expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('احجزي استشارة');
        },
        chosenRefreshingArabic: () => expectTimesKept(SLOT_A),
        chosenArabic: async () => {
          await expectTimesKept(SLOT_A);
          await waitFor(() => expect(within(panel()).getByTestId('booking-continue')).toBeEnabled());
        },
        discoveryLoading: async () => {
          await waitFor(() =>
            expect(slots().last()!.input).toEqual({ expertId: 'amal-jaber', offerId: 'discovery-15' }),
          );
        },
        discoveryReady: async () => {
          expect(await screen.findByTestId('booking-days')).toBeInTheDocument();
          expect(
            within(screen.getByTestId('booking-choice')).getByText(t('booking.choice.none')),
          ).toBeInTheDocument();
          // the free discovery call asks no details: two steps
          await expectStepCount(1, 2);
        },
        holdingFree: async () => {
          await waitFor(() =>
            expect(hold().last()!.input).toEqual({
              expertId: 'amal-jaber',
              offerId: 'discovery-15',
              mode: 'voice',
              startsAt: SLOT_A,
            }),
          );
        },
        freePayment: async () => {
          await expectStep('booking.pay.title');
          expect(panel()).toHaveTextContent(t('booking.pay.freeBody'));
          expect(screen.queryByTestId('card-number')).toBeNull();
          // a free call has nothing to refund
          expect(screen.queryByTestId('booking-refund')).toBeNull();
          await expectStepCount(2, 2);
          expect(submitButton()).toHaveTextContent(t('booking.pay.confirmFree'));
          expect(screen.getByTestId('booking-countdown')).toHaveTextContent(/^(10:00|9:\d\d)/);
        },
        confirmingFree: async () => {
          expectAttempt(KEY1, { paymentMethodId: null, details: null });
          expect(card.pm.calls).toHaveLength(0);
        },
        confirmedFree: async () => expectConfirmed(false),
        slotChosen: async () => {
          expect(within(panel()).getByTestId('booking-continue')).toBeEnabled();
          expect(screen.getByTestId('booking-choice')).not.toHaveTextContent(t('booking.choice.none'));
        },
        holding: async () => {
          await waitFor(() =>
            expect(hold().last()!.input).toEqual({
              expertId: 'amal-jaber',
              offerId: 'consult-30',
              mode: 'voice',
              startsAt: SLOT_A,
            }),
          );
          await waitFor(() =>
            expect(within(panel()).getByTestId('booking-continue')).toHaveAttribute('aria-busy', 'true'),
          );
        },
        takenLoading: async () => {
          const notice = await screen.findByTestId('booking-taken');
          expect(notice).toHaveTextContent(t('booking.taken.title'));
        },
        takenReady: async () => {
          const next = await screen.findByTestId('booking-next-slots');
          expect(within(next).getAllByRole('button')).toHaveLength(2);
          expect(panel().querySelector(`[data-slot="${SLOT_A}"]`)).toBeNull();
        },
        holdingNext: async () => {
          await waitFor(() => expect(hold().last()!.input.startsAt).toBe(SLOT_B));
        },
        holdFailed: async () => {
          const notice = await screen.findByTestId('booking-hold-error');
          expect(notice).toHaveTextContent(t('booking.hold.error'));
          expect(notice).toHaveTextContent(t('booking.hold.refused.FREE_CALLS_LIMIT'));
          expect(within(panel()).getByTestId('booking-continue')).toBeEnabled();
        },
        details: async () => {
          await expectStep('booking.details.title');
          expect(panel()).toHaveTextContent(t('booking.details.why.body'));
          expect(screen.getByTestId('booking-summary')).toHaveTextContent(t('booking.price.vat'));
          expect(screen.getByTestId('booking-countdown')).toBeInTheDocument();
          await expectStepCount(2, 3);
        },
        detailsErrors: async () => {
          // each field says what to enter there, and focus is on the first one
          for (const f of ['firstName', 'lastName', 'dateOfBirth']) {
            expect(
              await within(panel()).findByText(t(`booking.details.error.${f}.REQUIRED`)),
            ).toBeInTheDocument();
          }
          expect(within(panel()).queryByText(t('booking.details.error.REQUIRED'))).toBeNull();
          await waitFor(() => expect(screen.getByTestId('booking-first-name')).toHaveFocus());
        },
        releasing: async () => {
          await waitFor(() => expect(release().last()!.input).toEqual({ bookingId: BOOKING_ID }));
        },
        afterRelease: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
          expect(await screen.findByTestId('booking-slots-loading')).toBeInTheDocument();
        },
        afterReleaseFailed: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
        },
        payment: async () => {
          await expectStep('booking.pay.title');
          expect(screen.getByTestId('test-mode')).toHaveTextContent('4242 4242 4242 4242');
          expect(submitButton()).toHaveTextContent(
            t('booking.pay.pay', { total: norm(formatMoney(intl(), held().price.total)) }),
          );
          expectRefundTiers();
          await expectStepCount(3, 3);
        },
        detailsAgain: async () => {
          await expectStep('booking.details.title');
          expect(screen.getByTestId('booking-first-name')).toHaveValue('Mariam');
        },
        paymentAgain: async () => {
          // back at the card: what she typed before is still there, and nothing was sent
          await expectStep('booking.pay.title');
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(screen.getByTestId('card-postal')).toHaveValue('11118');
          expect(card.pm.calls).toHaveLength(0);
        },
        releasingFromPayment: async () => {
          await waitFor(() => expect(release().last()!.input).toEqual({ bookingId: BOOKING_ID }));
        },
        afterReleaseFromPayment: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
          expect(screen.queryByTestId('card-number')).toBeNull();
        },
        releasingAfterDecline: async () => {
          // the declined attempt is over: the time is hers again, to pay or to give up
          await waitFor(() => expect(release().last()!.input).toEqual({ bookingId: BOOKING_ID }));
        },
        validating: async () => {
          await waitFor(() => expect(card.pm.calls).toHaveLength(1));
          expect(card.pm.last()!.input.number).toBe('4242424242424242');
        },
        paying: async () => {
          expectAttempt(KEY1, toConfirm);
          await waitFor(() => expect(submitButton()).toHaveAttribute('aria-busy', 'true'));
        },
        confirmed: async () => expectConfirmed(),
        restartLoading: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
          expect(screen.queryByTestId('booking-confirmed')).toBeNull();
        },
        expiredByServer: async () => {
          expect(await screen.findByTestId('booking-expired')).toHaveTextContent(t('booking.expired.title'));
          expect(stored()).toBeNull();
        },
        takenWhilePaying: async () => {
          expect(await screen.findByTestId('booking-taken')).toBeInTheDocument();
          expect(stored()).toBeNull();
        },
        detailsRefused: async () => {
          await expectStep('booking.details.title');
          expect(panel()).toHaveTextContent(t('booking.details.error.MUST_BE_ADULT'));
          // the 18+ rule is said once (the hint gives way to the problem), and focus is on the date
          expect(panel().textContent?.match(/\b18\b/g)).toHaveLength(1);
          expect(panel()).not.toHaveTextContent(t('booking.details.dateOfBirthHint'));
          await waitFor(() => expect(screen.getByTestId('booking-dob')).toHaveFocus());
        },
        declined: async () => {
          const notice = await screen.findByTestId('booking-declined');
          expect(notice).toHaveTextContent(t('checkout.declined.insufficient_funds'));
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(screen.getByTestId('card-cvc')).toHaveValue('');
          expect(stored()).toBeNull();
        },
        failed: async () => {
          expect(await screen.findByTestId('booking-failed')).toHaveTextContent(t('booking.failed.body'));
        },
        interrupted: async () => {
          expect(await screen.findByTestId('booking-interrupted')).toHaveTextContent(
            t('booking.interrupted.title'),
          );
          expect(stored()).not.toBeNull();
        },
        payingSameKey: async () => expectAttempt(KEY1, toConfirm),
        confirmedAfterLoss: async () => expectConfirmed(),
        challengeLoading: async () => {
          await waitFor(() => expect(card.readChallenge.last()!.input).toEqual({ id: 'ch_test_1' }));
        },
        asking: async () => {
          const dialog = await screen.findByTestId('challenge-dialog');
          expect(within(dialog).getByTestId('challenge-amount')).toHaveTextContent('$37.08');
          expect(within(dialog).getByTestId('challenge-card')).toHaveTextContent('3220');
        },
        deciding: async () => {
          await waitFor(() =>
            expect(card.decide.last()!.input).toEqual({ id: 'ch_test_1', decision: 'approve' }),
          );
        },
        payingFinal: async () => expectAttempt(KEY1, toConfirm),
        confirmedAfterChallenge: async () => expectConfirmed(),
        resuming: async () => {
          await waitFor(() => expect(loadBooking().last()!.input).toEqual({ bookingId: BOOKING_ID }));
        },
        payingResumed: async () => {
          await waitFor(() =>
            expect(confirm().last()!.input).toEqual({
              bookingId: BOOKING_ID,
              key: PENDING.key,
              body: { paymentMethodId: 'pm_old', details: null },
            }),
          );
        },
        confirmedResumedPaid: async () => expectConfirmed(),
        detailsResumed: async () => {
          await expectStep('booking.details.title');
          expect(panel()).toHaveTextContent(t('booking.details.resumed'));
        },
        payingResumedMedical: async () => {
          await waitFor(() =>
            expect(confirm().last()!.input).toEqual({
              bookingId: BOOKING_ID,
              key: PENDING.key,
              body: { paymentMethodId: 'pm_old', details: DETAILS },
            }),
          );
        },
        confirmedResumed: async () => expectConfirmed(),
        expiredResumed: async () => {
          expect(await screen.findByTestId('booking-expired')).toBeInTheDocument();
          expect(stored()).toBeNull();
        },
        resumeFailed: async () => {
          expect(await screen.findByTestId('booking-slots-loading')).toBeInTheDocument();
          expect(stored()).toBeNull();
        },
        finding: async () => {
          await waitFor(() => expect(findHold().last()!.input).toEqual({ expertId: 'amal-jaber' }));
          // the slots wait: her own held time is not in them
          expect(slots().calls).toHaveLength(0);
        },
        paymentFound: async () => {
          await expectStep('booking.pay.title');
          // the server's countdown goes on (about four minutes left), not ten fresh minutes
          expect(screen.getByTestId('booking-countdown')).toHaveTextContent(/^(4:00|3:\d\d)/);
          expect(screen.getByTestId('booking-summary')).toHaveTextContent(t('booking.price.total'));
          expectRefundTiers();
          await expectStepCount(2, 2);
          expect(slots().calls).toHaveLength(0);
          expect(hold().calls).toHaveLength(0);
        },
        detailsFound: async () => {
          await expectStep('booking.details.title');
          expect(screen.getByTestId('booking-countdown')).toHaveTextContent(/^(4:00|3:\d\d)/);
          // her names and birth date were never kept: asked again, empty
          expect(screen.getByTestId('booking-first-name')).toHaveValue('');
          await expectStepCount(2, 3);
        },
        paymentAfterFound: async () => {
          await expectStep('booking.pay.title');
          await expectStepCount(3, 3);
          expect(stored()).toBeNull();
        },
        findFailed: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(1));
        },
        shortLoading: async () => {
          expect(await screen.findByTestId('booking-panel')).toBeInTheDocument();
        },
        shortHeld: async () => {
          await expectStep('booking.details.title');
        },
        shortLoadingPlain: async () => {
          expect(await screen.findByTestId('booking-panel')).toBeInTheDocument();
        },
        shortPayment: async () => {
          expect(hold().calls).toHaveLength(1);
        },
        expiredInPayment: async () => {
          const notice = await screen.findByTestId('booking-expired');
          expect(notice).toHaveTextContent(t('booking.expired.body'));
          expect(confirm().calls).toHaveLength(0);
        },
        expiredByTimer: async () => {
          const notice = await screen.findByTestId('booking-expired');
          expect(notice).toHaveTextContent(t('booking.expired.body'));
        },
        restartAfterExpiry: async () => {
          await waitFor(() => expect(slots().calls).toHaveLength(2));
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
