import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { PaymentMethod, PurchaseResult, Quote, QuoteBody } from '../../contract/commerce';
import type { CartItem } from '../../machines/cart';
import { checkoutMachine, type PurchaseAttempt } from '../../machines/checkout';
import { formatMoney } from '../../src/views/courses/format';
import { signInMember } from '../support/browser';
import {
  CONTRACEPTION,
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
  settle,
  typeCard as typeCardIn,
} from '../support/screen-model';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of checkout, /checkout (issue 8): a test model whose server answers are
 * explicit events drives the REAL screen (real checkout machine, real views, the member signed in
 * through the real guard) in jsdom; the card is typed into the real Ark fields. Every state check
 * looks at the DOM and at what was sent (keys and bodies); coverage of the real checkout machine
 * is recorded through `inspect`. The card payment's own states (a decline, a failure, a lost
 * answer, the bank's challenge…) are its own model test's (tests/model/cardPayment.model.test.tsx).
 */
const coverage = new Coverage('checkout', checkoutMachine);
const A = { ...PREGNANCY } satisfies CartItem;
const B = { ...CONTRACEPTION } satisfies CartItem;
const IDS = [A.id, B.id];
const TWO = quoteOf([line(PREGNANCY), line(CONTRACEPTION)]);
const DEARER = quoteOf([line({ ...PREGNANCY, sale_price: null }), line(CONTRACEPTION)]);
const FREE = quoteOf([line(PREGNANCY)], { percent: 100, code: 'MENOPAUSE' });
const OWNED = quoteOf([line(PREGNANCY, { owned: true }), line(CONTRACEPTION)]);
const PENDING: PurchaseAttempt = {
  key: 'stored-key-12345678',
  body: { courseIds: IDS, code: null, paymentMethodId: 'pm_old', expectedTotal: TWO.totals.total },
};

function open(
  options: {
    items?: CartItem[];
    code?: string;
    pending?: PurchaseAttempt;
    pendingFor?: string;
    othersReceipt?: boolean;
  } = {},
) {
  signInMember();
  const items = options.items ?? [A, B];
  if (items.length)
    localStorage.setItem('cart', JSON.stringify({ items, total: 0, itemCount: items.length }));
  if (options.code) sessionStorage.setItem('promoCode', options.code);
  if (options.pending)
    sessionStorage.setItem(
      'checkoutAttempt',
      JSON.stringify({ memberId: options.pendingFor ?? 'u1', ...options.pending }),
    );
  if (options.othersReceipt)
    sessionStorage.setItem(
      'checkoutReceipt',
      JSON.stringify({ memberId: 'someone-else', result: paidFor(TWO) }),
    );
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

const typeCard = (number?: string) => typeCardIn(ui.app, number);
async function submit() {
  await ui.app.user.click(payButton());
}
/** The provider's answer; the key comes at once, so the purchase request follows. */
async function cardAccepted(pm: PaymentMethod = PAYMENT_METHOD) {
  await card.pm.resolve(pm);
  await waitFor(() => expect(purchase().calls.length).toBeGreaterThan(0));
}

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'checkoutModel',
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: 'loading',
        OPEN_EMPTY: 'empty',
        OPEN_PENDING: 'resumeLoading',
        OPEN_OTHERS_PENDING: 'loadingWithoutOthersAttempt',
        OPEN_FREE: 'loadingFree',
      },
    },
    empty: {},
    loadingWithoutOthersAttempt: {},
    loading: { on: { QUOTE_OK: 'editing', QUOTE_FAIL: 'unavailable', QUOTE_OWNED: 'blocked' } },
    unavailable: { on: { RETRY: 'loadingAgain' } },
    loadingAgain: { on: { QUOTE_OK: 'editingAgain' } },
    editingAgain: {},
    blocked: {},
    editing: { on: { PAY_GOOD: 'validating', SWITCH_LANGUAGE: 'loadingArabic' } },
    loadingArabic: { on: { QUOTE_OK: 'editingArabic' } },
    editingArabic: {},
    validating: { on: { CARD_OK: 'paying' } },
    paying: { on: { PAID: 'paid', PRICE_CHANGED: 'repricing', OWNED: 'refused' } },
    paid: { on: { RELOAD: 'paidAfterReload' } },
    paidAfterReload: {},
    repricing: { on: { QUOTE_DEARER: 'priceChanged' } },
    priceChanged: {},
    refused: {},
    resumeLoading: { on: { QUOTE_OK: 'payingResumed' } },
    payingResumed: { on: { PAID: 'paidResumed' } },
    paidResumed: {},
    loadingFree: { on: { QUOTE_FREE: 'editingFree' } },
    editingFree: { on: { CONFIRM_FREE: 'payingFree' } },
    payingFree: { on: { PAID_FREE: 'paidFree' } },
    paidFree: {},
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

describe('checkout model on the real screen', () => {
  it('generates a path to every model state', () => {
    expect(paths.length).toBeGreaterThanOrEqual(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: async () => open(),
        OPEN_EMPTY: async () => open({ items: [], othersReceipt: true }),
        OPEN_PENDING: async () => open({ items: [], pending: PENDING }),
        OPEN_OTHERS_PENDING: async () => open({ pending: PENDING, pendingFor: 'someone-else' }),
        OPEN_FREE: async () => open({ items: [A], code: 'menopause' }),
        QUOTE_OK: async () => {
          await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
          await quote().resolve(TWO);
          await settle();
        },
        QUOTE_FAIL: async () => {
          await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
          await quote().reject({ code: 'NETWORK_ERROR' });
        },
        QUOTE_OWNED: async () => {
          await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
          await quote().resolve(OWNED);
        },
        QUOTE_DEARER: async () => {
          await quote().resolve(DEARER);
        },
        QUOTE_FREE: async () => {
          await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
          await quote().resolve(FREE);
        },
        RETRY: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('cart.retry') }));
        },
        SWITCH_LANGUAGE: async () => {
          await ui.app.user.click(screen.getByTestId('language-switch'));
          await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
          await waitFor(() => expect(intl().locale).toBe('ar'));
        },
        PAY_GOOD: async () => {
          await typeCard();
          await submit();
        },
        CARD_OK: () => cardAccepted(),
        PAID: async () => {
          await purchase().resolve(paidFor(TWO));
        },
        PAID_FREE: async () => {
          await purchase().resolve(paidFor(FREE));
        },
        PRICE_CHANGED: async () => {
          await purchase().reject({ code: 'PRICE_CHANGED' });
        },
        OWNED: async () => {
          await purchase().reject({ code: 'COURSE_ALREADY_OWNED' });
        },
        RELOAD: async () => {
          ui.app.unmount();
          open({ items: [] });
        },
        CONFIRM_FREE: async () => {
          await ui.app.user.click(screen.getByRole('button', { name: t('checkout.payFree') }));
        },
      },
      states: {
        closed: ui.expectClosed,
        empty: async () => {
          const empty = await screen.findByTestId('checkout-empty');
          expect(within(empty).getByRole('heading', { name: t('checkout.empty.title') })).toBeInTheDocument();
          expect(quote().calls).toHaveLength(0);
          // another member's receipt on this tab is never shown, and dropped
          expect(storedReceipt()).toBeNull();
        },
        loading: async () => {
          expect(await screen.findByTestId('checkout-loading')).toHaveAttribute('aria-busy', 'true');
          // the screen shows loading from its first render; the quote is asked once the actor starts
          await waitFor(() => expect(quote().last()?.input).toEqual({ courseIds: IDS, code: null }));
        },
        loadingWithoutOthersAttempt: async () => {
          // another member's attempt on this tab is dropped, never sent
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(quote().last()!.input).toEqual({ courseIds: IDS, code: null });
          expect(stored()).toBeNull();
        },
        loadingAgain: async () => {
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(quote().calls).toHaveLength(2);
        },
        loadingArabic: async () => {
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(quote().calls).toHaveLength(2);
        },
        editing: async () => {
          await expectForm(TWO);
          expect(card.pm.calls).toHaveLength(0);
        },
        editingAgain: () => expectForm(TWO),
        editingArabic: async () => {
          await expectForm(TWO);
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('إتمام الشراء');
        },
        unavailable: async () => {
          const alert = await screen.findByTestId('checkout-unavailable');
          expect(alert).toHaveTextContent(t('checkout.unavailable'));
        },
        blocked: async () => {
          const notice = await screen.findByTestId('checkout-blocked');
          expect(notice).toHaveTextContent(t('checkout.blocked.title'));
          expect(within(notice).getByRole('link', { name: t('checkout.backToCart') })).toHaveAttribute(
            'href',
            '/cart',
          );
          expect(screen.queryByTestId('checkout-form')).toBeNull();
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
        paying: async () => {
          await expectBusy();
          expectAttempt(lastPurchase(), 'key-1-abcdefgh');
          expect(purchase().calls).toHaveLength(1);
        },
        paid: () => expectPaid(TWO),
        paidAfterReload: async () => {
          // a reload of the paid page: the receipt again, not "Nothing to pay for"; nothing sent
          await expectPaid(TWO);
          expect(screen.queryByTestId('checkout-empty')).toBeNull();
          expect(screen.queryByTestId('paid-with')).toBeNull();
          expect(quote().calls).toHaveLength(0);
          expect(purchase().calls).toHaveLength(0);
        },
        paidResumed: () => expectPaid(TWO),
        paidFree: async () => {
          await expectPaid(FREE);
          expect(screen.queryByTestId('paid-with')).toBeNull();
        },
        repricing: async () => {
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(stored()).toBeNull();
        },
        priceChanged: async () => {
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
          expect(purchase().calls).toHaveLength(1);
        },
        refused: async () => {
          const notice = await screen.findByTestId('checkout-refused');
          expect(notice).toHaveTextContent(t('checkout.refused.owned'));
          expect(within(notice).getByRole('link', { name: t('checkout.backToCart') })).toHaveAttribute(
            'href',
            '/cart',
          );
          expect(stored()).toBeNull();
        },
        resumeLoading: async () => {
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(quote().last()!.input).toEqual({ courseIds: IDS, code: null });
        },
        payingResumed: async () => {
          await waitFor(() => expect(purchase().calls).toHaveLength(1));
          expect(lastPurchase()).toEqual(PENDING);
          expect(card.keys).toEqual([]);
        },
        loadingFree: async () => {
          expect(await screen.findByTestId('checkout-loading')).toBeInTheDocument();
          expect(quote().last()!.input).toEqual({ courseIds: [A.id], code: 'MENOPAUSE' });
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
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
