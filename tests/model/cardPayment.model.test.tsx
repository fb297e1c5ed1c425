import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { PaymentMethod, PurchaseResult, Quote, QuoteBody } from '../../contract/commerce';
import { cardPaymentMachine } from '../../machines/cardPayment';
import type { CartItem } from '../../machines/cart';
import type { PurchaseAttempt } from '../../machines/checkout';
import { formatMoney } from '../../src/views/courses/format';
import { signInMember } from '../support/browser';
import {
  CONTRACEPTION,
  challengeFor,
  challengeState,
  line,
  PAYMENT_METHOD,
  PREGNANCY,
  paidFor,
  quoteOf,
} from '../support/commerce-fixtures';
import {
  attemptKeys,
  type CardPaymentStubs,
  cardPaymentStubs,
  fill as fillIn,
  settle,
  typeCard as typeCardIn,
} from '../support/screen-model';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the card payment (machines/cardPayment.ts, issue 22 item 2), the child
 * machine checkout and the consultation booking invoke: a test model whose server answers are
 * explicit events drives it on the REAL checkout screen (real machines, real views, the member
 * signed in through the real guard) in jsdom; the card is typed into the real Ark fields, the
 * bank's challenge answered in the real dialog. Every state check looks at the DOM and at what
 * was sent (keys and bodies); coverage of the real card payment machine is recorded through
 * `inspect` and must be complete (the checkout's and the booking's own states are their tests').
 */
const coverage = new Coverage('cardPayment', cardPaymentMachine);
const A = { ...PREGNANCY } satisfies CartItem;
const B = { ...CONTRACEPTION } satisfies CartItem;
const IDS = [A.id, B.id];
const TWO = quoteOf([line(PREGNANCY), line(CONTRACEPTION)]);
const DEARER = quoteOf([line({ ...PREGNANCY, sale_price: null }), line(CONTRACEPTION)]);
const FREE = quoteOf([line(PREGNANCY)], { percent: 100, code: 'MENOPAUSE' });
const PENDING: PurchaseAttempt = {
  key: 'stored-key-12345678',
  body: { courseIds: IDS, code: null, paymentMethodId: 'pm_old', expectedTotal: TWO.totals.total },
};

function open(options: { items?: CartItem[]; code?: string; pending?: PurchaseAttempt } = {}) {
  signInMember();
  const items = options.items ?? [A, B];
  if (items.length)
    localStorage.setItem('cart', JSON.stringify({ items, total: 0, itemCount: items.length }));
  if (options.code) sessionStorage.setItem('promoCode', options.code);
  if (options.pending)
    sessionStorage.setItem('checkoutAttempt', JSON.stringify({ memberId: 'u1', ...options.pending }));
  card = cardPaymentStubs();
  return ui.open('/checkout');
}

/** The card payment's stubs and keys of the app last opened (made afresh at each open). */
let card: CardPaymentStubs = cardPaymentStubs();
const ui = modelApp({
  coverage,
  stubs: {
    quote: () => controlledActor<Quote, QuoteBody>(),
    purchase: () => controlledActor<PurchaseResult, PurchaseAttempt>(),
    createPaymentMethod: () => card.pm,
    newAttemptKey: () => attemptKeys(() => card),
    loadChallenge: () => card.readChallenge,
    decideChallenge: () => card.decide,
  },
});
const quote = () => ui.stubs.quote;
const purchase = () => ui.stubs.purchase;
const { intl, t, money } = ui;
const payButton = () => screen.getByTestId('checkout-pay');
const lastPurchase = () => purchase().last()!.input;
const stored = () => sessionStorage.getItem('checkoutAttempt');
const storedReceipt = () => sessionStorage.getItem('checkoutReceipt');

const fill = (input: HTMLElement, value: string) => fillIn(ui.app, input, value);
const typeCard = (number?: string) => typeCardIn(ui.app, number);
async function submit() {
  await ui.app.user.click(payButton());
}
/** The server's quote for the order, once it is asked for; the form (or the resumed attempt) follows. */
async function quoteAnswer(answer: Quote) {
  await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
  await quote().resolve(answer);
  await settle();
}

/** The provider's answer; the key comes at once, so the purchase request follows. */
async function cardAccepted(pm: PaymentMethod = PAYMENT_METHOD) {
  await card.pm.resolve(pm);
  await waitFor(() => expect(purchase().calls.length).toBeGreaterThan(0));
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'cardPaymentModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'editing', OPEN_PENDING: 'payingResumed', OPEN_FREE: 'editingFree' } },
    editing: {
      on: {
        SUBMIT_BLANK: 'fieldErrors',
        PAY_GOOD: 'validating',
        PAY_CHALLENGE_CARD: 'validatingChallenge',
        TYPE_AND_SWITCH_LANGUAGE: 'left',
      },
    },
    // she left the card form (the order is priced again in Arabic): the card comes back with her
    left: {},
    fieldErrors: {},
    validating: {
      on: { CARD_OK: 'paying', CARD_REFUSED: 'cardRefused', CARD_OK_KEY_FAILS: 'keyFailed' },
    },
    cardRefused: {},
    keyFailed: {},
    paying: {
      on: {
        PAID: 'paid',
        DECLINED: 'declined',
        LOST: 'interrupted',
        PRICE_CHANGED: 'ended',
        PROCESSING_ERROR: 'failed',
      },
    },
    // an answer the checkout handles (the price changed): priced again, the card as she left it
    ended: {},
    validatingChallenge: { on: { CARD_OK: 'payingChallenge' } },
    payingChallenge: { on: { CHALLENGE: 'challengeLoading' } },
    challengeLoading: {
      on: {
        CHALLENGE_READ: 'asking',
        CHALLENGE_ALREADY_DECIDED: 'payingFinal',
        CHALLENGE_UNREADABLE: 'askingWithoutDetails',
      },
    },
    askingWithoutDetails: {},
    asking: { on: { APPROVE: 'deciding', DENY: 'decidingDeny' } },
    deciding: { on: { DECIDED: 'payingFinal', DECIDE_FAIL: 'askingAgain' } },
    askingAgain: {},
    payingFinal: { on: { PAID: 'paid' } },
    decidingDeny: { on: { DECIDED: 'payingFinalDeny' } },
    payingFinalDeny: { on: { DECLINED_BY_CHALLENGE: 'declinedChallenge' } },
    declinedChallenge: {},
    paid: {},
    declined: { on: { SUBMIT_WITHOUT_CODE: 'declinedCodeRequired', PAY_AGAIN: 'validatingAgain' } },
    declinedCodeRequired: {},
    validatingAgain: { on: { CARD_OK: 'payingNewKey' } },
    payingNewKey: { on: { PAID: 'paidAfterRetry' } },
    paidAfterRetry: {},
    interrupted: { on: { RETRY_PAYMENT: 'payingSameKey' } },
    payingSameKey: { on: { PAID: 'paidAfterLoss' } },
    paidAfterLoss: {},
    failed: { on: { RESUBMIT: 'validatingAfterFailure', BREAK_CARD_AND_SUBMIT: 'failedFieldErrors' } },
    validatingAfterFailure: {},
    failedFieldErrors: {},
    payingResumed: { on: { PAID: 'paidResumed' } },
    paidResumed: {},
    editingFree: { on: { CONFIRM_FREE: 'payingFree' } },
    payingFree: { on: { PAID_FREE: 'paidFree', PROCESSING_ERROR: 'failedFree' } },
    paidFree: {},
    failedFree: { on: { CONFIRM_FREE: 'payingFreeAgain' } },
    payingFreeAgain: {},
  },
});

const paths = createTestModel(model).getShortestPaths();

async function expectForm(quote: Quote) {
  expect(await screen.findByTestId('checkout-form')).toBeInTheDocument();
  const summary = screen.getByTestId('checkout-summary');
  expect(within(summary).getAllByTestId('summary-line')).toHaveLength(quote.lines.length);
  expect(within(summary).getByTestId('totals-total')).toHaveTextContent(money(quote.totals.total));
  expect(payButton()).toHaveTextContent(
    t('checkout.pay', { total: formatMoney(intl(), quote.totals.total) }),
  );
  expect(payButton()).toBeEnabled();
  // spec §9: courses are non-refundable, said before the Pay button (issue 21)
  const noRefund = screen.getByTestId('checkout-non-refundable');
  expect(noRefund).toHaveTextContent(t('checkout.nonRefundable'));
  expect(noRefund.compareDocumentPosition(payButton()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // the sandbox's test cards are listed for testers
  expect(screen.getByTestId('test-mode')).toHaveTextContent('4242 4242 4242 4242');
  expect(screen.getByRole('textbox', { name: new RegExp(t('checkout.card.number')) })).toBeInTheDocument();
}

async function expectBusy() {
  await waitFor(() => expect(payButton()).toHaveAttribute('aria-busy', 'true'));
  expect(screen.getByTestId('checkout-form')).toHaveAttribute('aria-busy', 'true');
}

function expectAttempt(attempt: PurchaseAttempt, key: string, body: Partial<PurchaseAttempt['body']> = {}) {
  expect(attempt).toEqual({
    key,
    body: {
      courseIds: IDS,
      code: null,
      paymentMethodId: 'pm_test_1',
      expectedTotal: TWO.totals.total,
      ...body,
    },
  });
  // kept for a reload: exactly the key and the body, and whose it is; no card data
  expect(JSON.parse(stored()!)).toEqual({ memberId: 'u1', ...attempt });
  expect(stored()).not.toMatch(/4242424242424242|12\/30|"123"/);
}

async function expectPaid(quote: Quote) {
  const paid = await screen.findByTestId('checkout-paid');
  // a $0 order was an enrolment, not a payment (issue 21)
  const title = quote.totals.total === 0 ? 'checkout.paid.titleFree' : 'checkout.paid.title';
  expect(within(paid).getByRole('heading', { level: 1, name: t(title) })).toBeInTheDocument();
  for (const l of quote.lines)
    expect(
      within(paid).getByRole('link', { name: t('checkout.paid.openLabel', { title: l.title }) }),
    ).toHaveAttribute('href', `/courses/${l.courseId}`);
  expect(within(paid).getByTestId('paid-invoice')).toHaveTextContent('INV-2026-000001');
  expect(within(paid).getAllByTestId('totals-total')[0]).toHaveTextContent(money(quote.totals.total));
  expect(within(paid).getByRole('link', { name: t('checkout.paid.invoices') })).toHaveAttribute(
    'href',
    '/dashboard/invoices',
  );
  // the cart is emptied (the root's `app.purchased`), nothing is left to resume, the code is spent
  await waitFor(() => expect(ui.app.system.get('cart').getSnapshot().context.items).toEqual([]));
  expect(localStorage.getItem('cart')).toBeNull();
  expect(stored()).toBeNull();
  expect(sessionStorage.getItem('promoCode')).toBeNull();
  expect(screen.queryByTestId('cart-badge')).toBeNull();
  // the receipt is kept for a reload of this page: hers, and without the card
  const receipt = JSON.parse(storedReceipt()!);
  expect(receipt).toEqual({
    memberId: 'u1',
    result: { ...paidFor(quote), order: { ...paidFor(quote).order, paidWith: null } },
  });
}

describe('card payment model on the real checkout screen', () => {
  it('generates a path to every model state', () => {
    expect(paths.length).toBeGreaterThan(15);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => {
          open();
          await quoteAnswer(TWO);
        },
        OPEN_PENDING: async () => {
          open({ items: [], pending: PENDING });
          await quoteAnswer(TWO);
        },
        OPEN_FREE: async () => {
          open({ items: [A], code: 'menopause' });
          await quoteAnswer(FREE);
        },
        TYPE_AND_SWITCH_LANGUAGE: async () => {
          await typeCard();
          await ui.app.user.click(screen.getByTestId('language-switch'));
          await waitFor(() => expect(intl().locale).toBe('ar'));
          await waitFor(() => expect(quote().calls).toHaveLength(2));
          await quoteAnswer(TWO);
        },
        PRICE_CHANGED: async () => {
          await purchase().reject({ code: 'PRICE_CHANGED' });
          await waitFor(() => expect(quote().calls).toHaveLength(2));
          await quoteAnswer(DEARER);
        },
        SUBMIT_BLANK: submit,
        PAY_GOOD: async () => {
          await typeCard();
          await submit();
        },
        PAY_CHALLENGE_CARD: async () => {
          await typeCard('4000 0000 0000 3220');
          await submit();
        },
        CARD_OK: () => cardAccepted(),
        CARD_OK_KEY_FAILS: async () => {
          card.failNextKey = true;
          await card.pm.resolve(PAYMENT_METHOD);
          await settle();
        },
        CARD_REFUSED: async () => {
          await card.pm.reject({ code: 'PAYMENT_METHOD_INVALID', fields: { postalCode: 'REQUIRED' } });
        },
        PAID: async () => {
          await purchase().resolve(paidFor(TWO));
        },
        PAID_FREE: async () => {
          await purchase().resolve(paidFor(FREE));
        },
        DECLINED: async () => {
          await purchase().reject({ code: 'PAYMENT_DECLINED', reason: 'insufficient_funds' });
        },
        DECLINED_BY_CHALLENGE: async () => {
          await purchase().reject({ code: 'PAYMENT_DECLINED', reason: 'challenge_failed' });
        },
        LOST: async () => {
          await purchase().reject({ code: 'NETWORK_ERROR' });
        },
        PROCESSING_ERROR: async () => {
          await purchase().reject({ code: 'PAYMENT_FAILED' });
        },
        CHALLENGE: async () => {
          await purchase().resolve(challengeFor(TWO));
        },
        CHALLENGE_READ: async () => {
          await card.readChallenge.resolve(challengeState(TWO));
        },
        CHALLENGE_ALREADY_DECIDED: async () => {
          await card.readChallenge.resolve(challengeState(TWO, 'approved'));
        },
        CHALLENGE_UNREADABLE: async () => {
          await card.readChallenge.reject({ code: 'NETWORK_ERROR' });
        },
        APPROVE: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('checkout.challenge.approve') }));
        },
        DENY: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('checkout.challenge.deny') }));
        },
        DECIDED: async () => {
          const decision = card.decide.last()!.input.decision;
          await card.decide.resolve(challengeState(TWO, decision === 'approve' ? 'approved' : 'denied'));
        },
        DECIDE_FAIL: async () => {
          await card.decide.reject({ code: 'NETWORK_ERROR' });
        },
        SUBMIT_WITHOUT_CODE: submit,
        PAY_AGAIN: async () => {
          await fill(screen.getByTestId('card-number'), '5555 5555 5555 4444');
          await fill(screen.getByTestId('card-cvc'), '321');
          await submit();
        },
        RETRY_PAYMENT: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('checkout.interrupted.retry') }));
        },
        RESUBMIT: submit,
        BREAK_CARD_AND_SUBMIT: async () => {
          await fill(screen.getByTestId('card-number'), '4242 4242 4242 4241');
          await submit();
        },
        CONFIRM_FREE: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('checkout.payFree') }));
        },
      },
      states: {
        closed: ui.expectClosed,
        left: async () => {
          // the order priced again in her new language: a new payment, with the card she typed
          await expectForm(TWO);
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('إتمام الشراء');
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(screen.getByTestId('card-cvc')).toHaveValue('123');
          expect(card.pm.calls).toHaveLength(0);
        },
        ended: async () => {
          // the checkout handles the new price: the new total first, the card as she left it
          const notice = await screen.findByTestId('checkout-price-changed');
          expect(notice).toHaveTextContent(
            t('checkout.priceChanged.body', {
              old: formatMoney(intl(), TWO.totals.total),
              new: formatMoney(intl(), DEARER.totals.total),
            }),
          );
          expect(payButton()).toHaveTextContent(
            t('checkout.pay', { total: formatMoney(intl(), DEARER.totals.total) }),
          );
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(purchase().calls).toHaveLength(1);
          expect(stored()).toBeNull();
        },
        paidResumed: () => expectPaid(TWO),
        editing: async () => {
          await expectForm(TWO);
          expect(card.pm.calls).toHaveLength(0);
        },
        fieldErrors: async () => {
          const number = screen.getByTestId('card-number');
          expect(number).toHaveAttribute('aria-invalid', 'true');
          // each field says what to enter there, not a generic "required"; focus is on the first
          for (const f of ['number', 'expiry', 'cvc', 'country', 'postalCode'] as const) {
            expect(screen.getByText(t(`checkout.field.${f}.REQUIRED`))).toBeInTheDocument();
          }
          expect(screen.queryByText(t('checkout.field.REQUIRED'))).toBeNull();
          await waitFor(() => expect(number).toHaveFocus());
          expect(card.pm.calls).toHaveLength(0);
        },
        validating: async () => {
          await expectBusy();
          expect(card.pm.last()!.input).toEqual({
            number: '4242424242424242',
            expiry: '12/30',
            cvc: '123',
            country: 'JO',
            postalCode: '11118',
          });
          expect(screen.getByText(t('checkout.card.brandDetected', { brand: 'Visa' }))).toBeInTheDocument();
          // a second click while busy sends nothing more
          await ui.app.user.click(payButton());
          expect(card.pm.calls).toHaveLength(1);
        },
        validatingChallenge: async () => {
          await expectBusy();
          expect(card.pm.last()!.input.number).toBe('4000000000003220');
        },
        validatingAgain: async () => {
          await expectBusy();
          expect(card.pm.calls).toHaveLength(2);
          expect(card.pm.last()!.input.number).toBe('5555555555554444');
          expect(
            screen.getByText(t('checkout.card.brandDetected', { brand: 'Mastercard' })),
          ).toBeInTheDocument();
        },
        validatingAfterFailure: async () => {
          await expectBusy();
          expect(card.pm.calls).toHaveLength(2);
        },
        cardRefused: async () => {
          expect(await screen.findByText(t('checkout.field.postalCode.REQUIRED'))).toBeInTheDocument();
          expect(screen.getByTestId('card-postal')).toHaveAttribute('aria-invalid', 'true');
          // the provider's refusal also takes her to the field
          await waitFor(() => expect(screen.getByTestId('card-postal')).toHaveFocus());
          expect(purchase().calls).toHaveLength(0);
        },
        keyFailed: async () => {
          expect(await screen.findByTestId('checkout-error')).toHaveTextContent(t('checkout.error.generic'));
          expect(purchase().calls).toHaveLength(0);
          expect(stored()).toBeNull();
        },
        paying: async () => {
          await expectBusy();
          expectAttempt(lastPurchase(), 'key-1-abcdefgh');
          expect(purchase().calls).toHaveLength(1);
        },
        payingChallenge: async () => {
          await expectBusy();
          expectAttempt(lastPurchase(), 'key-1-abcdefgh');
        },
        challengeLoading: async () => {
          const dialog = await screen.findByRole('alertdialog');
          expect(
            within(dialog).getByRole('heading', { name: t('checkout.challenge.title') }),
          ).toBeInTheDocument();
          expect(within(dialog).getByTestId('challenge-amount')).toHaveTextContent(money(TWO.totals.total));
          expect(
            within(dialog).getByRole('button', { name: t('checkout.challenge.approve') }),
          ).toBeDisabled();
          expect(card.readChallenge.last()!.input).toEqual({ id: 'ch_test_1' });
        },
        asking: async () => {
          const dialog = await screen.findByRole('alertdialog');
          await waitFor(() =>
            expect(within(dialog).getByTestId('challenge-card')).toHaveTextContent('Visa •••• 3220'),
          );
          expect(within(dialog).getByRole('button', { name: t('checkout.challenge.approve') })).toBeEnabled();
          expect(within(dialog).getByRole('button', { name: t('checkout.challenge.deny') })).toBeEnabled();
        },
        askingWithoutDetails: async () => {
          const dialog = await screen.findByRole('alertdialog');
          await waitFor(() =>
            expect(
              within(dialog).getByRole('button', { name: t('checkout.challenge.approve') }),
            ).toBeEnabled(),
          );
          expect(within(dialog).getByTestId('challenge-amount')).toHaveTextContent(money(TWO.totals.total));
          expect(within(dialog).getByTestId('challenge-card')).toHaveTextContent('Visa •••• 4242');
        },
        askingAgain: async () => {
          const dialog = await screen.findByRole('alertdialog');
          expect(await within(dialog).findByText(t('checkout.challenge.error'))).toBeInTheDocument();
          expect(within(dialog).getByRole('button', { name: t('checkout.challenge.approve') })).toBeEnabled();
        },
        deciding: async () => {
          const dialog = screen.getByRole('alertdialog');
          expect(
            within(dialog).getByRole('button', { name: t('checkout.challenge.approve') }),
          ).toHaveAttribute('aria-busy', 'true');
          expect(card.decide.last()!.input).toEqual({ id: 'ch_test_1', decision: 'approve' });
        },
        decidingDeny: async () => {
          expect(card.decide.last()!.input).toEqual({ id: 'ch_test_1', decision: 'deny' });
        },
        payingFinal: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(2));
          // the same key and the same body, for the final answer
          expect(purchase().calls[1].input).toEqual(purchase().calls[0].input);
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
        },
        payingFinalDeny: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(2));
          expect(purchase().calls[1].input).toEqual(purchase().calls[0].input);
        },
        declinedChallenge: async () => {
          expect(await screen.findByTestId('checkout-declined')).toHaveTextContent(
            t('checkout.declined.challenge_failed'),
          );
          expect(screen.queryByRole('alertdialog')).toBeNull();
        },
        paid: () => expectPaid(TWO),
        paidAfterRetry: async () => {
          await expectPaid(TWO);
          expect(purchase().calls.map((c) => c.input.key)).toEqual(['key-1-abcdefgh', 'key-2-abcdefgh']);
        },
        paidAfterLoss: async () => {
          await expectPaid(TWO);
          expect(card.keys).toEqual(['key-1-abcdefgh']);
        },
        paidFree: async () => {
          await expectPaid(FREE);
          expect(screen.queryByTestId('paid-with')).toBeNull();
        },
        declined: async () => {
          const notice = await screen.findByTestId('checkout-declined');
          expect(notice).toHaveAttribute('role', 'alert');
          expect(notice).toHaveTextContent(t('checkout.declined.title'));
          expect(notice).toHaveTextContent(t('checkout.declined.insufficient_funds'));
          // the form stays as she typed it, but for the security code
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(screen.getByTestId('card-expiry')).toHaveValue('12/30');
          expect(screen.getByTestId('card-cvc')).toHaveValue('');
          expect(screen.getByTestId('card-postal')).toHaveValue('11118');
          expect(stored()).toBeNull();
        },
        declinedCodeRequired: async () => {
          expect(screen.getByTestId('card-cvc')).toHaveAttribute('aria-invalid', 'true');
          expect(screen.getByTestId('checkout-declined')).toBeInTheDocument();
          expect(card.pm.calls).toHaveLength(1);
        },
        payingNewKey: async () => {
          await expectBusy();
          expectAttempt(lastPurchase(), 'key-2-abcdefgh', { paymentMethodId: 'pm_test_1' });
          expect(card.pm.calls).toHaveLength(2);
        },
        interrupted: async () => {
          const notice = await screen.findByTestId('checkout-interrupted');
          expect(notice).toHaveTextContent(t('checkout.interrupted.title'));
          // the attempt stays, to be sent again as it was
          expect(JSON.parse(stored()!)).toEqual({ memberId: 'u1', ...lastPurchase() });
          expect(screen.queryByTestId('checkout-pay')).toBeNull();
        },
        payingSameKey: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(2));
          expect(purchase().calls[1].input).toEqual(purchase().calls[0].input);
        },
        failed: async () => {
          expect(await screen.findByTestId('checkout-failed')).toHaveTextContent(t('checkout.failed.title'));
          expect(screen.getByTestId('card-number')).toHaveValue('4242 4242 4242 4242');
          expect(stored()).toBeNull();
        },
        failedFieldErrors: async () => {
          expect(await screen.findByText(t('checkout.field.CARD_NUMBER_INVALID'))).toBeInTheDocument();
          expect(screen.getByTestId('checkout-failed')).toBeInTheDocument();
          expect(card.pm.calls).toHaveLength(1);
        },
        payingResumed: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(1));
          expect(lastPurchase()).toEqual(PENDING);
          expect(card.keys).toEqual([]);
        },
        editingFree: async () => {
          expect(await screen.findByText(t('checkout.free.body'))).toBeInTheDocument();
          expect(screen.queryByTestId('card-number')).toBeNull();
          expect(screen.queryByTestId('test-mode')).toBeNull();
          // nothing is paid, so nothing to refund
          expect(screen.queryByTestId('checkout-non-refundable')).toBeNull();
        },
        payingFree: async () => {
          await waitFor(() => expect(purchase().calls.length).toBeGreaterThan(0));
          expect(lastPurchase().body).toEqual({
            courseIds: [A.id],
            code: 'MENOPAUSE',
            paymentMethodId: null,
            expectedTotal: 0,
          });
          expect(card.pm.calls).toHaveLength(0);
        },
        failedFree: async () => {
          expect(await screen.findByTestId('checkout-failed')).toBeInTheDocument();
        },
        payingFreeAgain: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(2));
          expect(card.keys).toEqual(['key-1-abcdefgh', 'key-2-abcdefgh']);
        },
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
