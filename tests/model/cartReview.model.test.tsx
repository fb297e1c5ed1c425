import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { CouponBody, CouponCheck, Quote, QuoteBody } from '../../contract/commerce';
import type { CartItem } from '../../machines/cart';
import { cartReviewMachine } from '../../machines/cartReview';
import { formatMoney } from '../../src/views/courses/format';
import { CONTRACEPTION, couponCheck, line, PREGNANCY, quoteOf } from '../support/commerce-fixtures';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the cart screen, /cart (spec §3, §4; issue 8): a test model whose server
 * answers are explicit events drives the REAL screen (real cart and cartReview machines, real
 * views, real routes) in jsdom; every state check looks at the DOM. The cart's items come from
 * localStorage as a visit finds them; removing, clearing and the promo code go through the page.
 * Coverage of the real cartReview machine is recorded through `inspect`.
 */
const coverage = new Coverage('cartReview', cartReviewMachine);
const A = { ...PREGNANCY } satisfies CartItem;
const B = { ...CONTRACEPTION } satisfies CartItem;
const COURSES = { [PREGNANCY.id]: PREGNANCY, [CONTRACEPTION.id]: CONTRACEPTION };

const ui = modelApp({
  coverage,
  stubs: {
    quote: () => controlledActor<Quote, QuoteBody>(),
    validateCoupon: () => controlledActor<CouponCheck, CouponBody>(),
  },
});
const { t, intl, money, settle } = ui;
const quote = () => ui.stubs.quote;
const validate = () => ui.stubs.validateCoupon;

/** Opens /cart with the items (and the promo code) a visit finds in the browser. */
function open(items: CartItem[], code: string | null = null) {
  if (items.length)
    localStorage.setItem('cart', JSON.stringify({ items, total: 0, itemCount: items.length }));
  if (code) sessionStorage.setItem('promoCode', code);
  return ui.open('/cart');
}

/**
 * What the server answers for the last request: its courses, with the 10 % code when it was sent,
 * or a 100 % code on the contraception course alone (like MENOPAUSE on the menopause course).
 */
function priced(input: QuoteBody, flags: { owned?: boolean } = {}): Quote {
  const lines = input.courseIds.map((id) => line(COURSES[id], { owned: flags.owned && id === PREGNANCY.id }));
  if (input.code === 'FREEPILL')
    return quoteOf(lines, { percent: 100, code: 'FREEPILL', courseIds: [CONTRACEPTION.id] });
  return input.code === 'WELCOME10' ? quoteOf(lines, { percent: 10 }) : quoteOf(lines);
}
const lastQuote = () => quote().last()!.input;
const checkoutButton = () => screen.getByTestId('cart-checkout');

// ------------------------------------------------------------------ the test model

const model = createMachine({
  id: 'cartReviewModel',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'loading', OPEN_EMPTY: 'empty', OPEN_WITH_CODE: 'loadingWithCode' } },
    loading: { on: { QUOTE_OK: 'ready', QUOTE_FAIL: 'failed', QUOTE_OWNED: 'blocked' } },
    loadingWithCode: { on: { QUOTE_OK: 'withCode', QUOTE_CODE_USED: 'codeDropped' } },
    failed: { on: { RETRY: 'loadingAgain', SWITCH_LANGUAGE: 'loadingArabic' } },
    loadingAgain: { on: { QUOTE_OK: 'readyAgain' } },
    loadingArabic: { on: { QUOTE_OK: 'readyArabic' } },
    ready: {
      on: {
        APPLY_BLANK: 'codeRequired',
        APPLY_CODE: 'applying',
        APPLY_FREE_CODE: 'applyingFree',
        REMOVE_B: 'loadingOne',
        ASK_CLEAR: 'confirming',
        SWITCH_LANGUAGE: 'loadingArabic',
      },
    },
    codeRequired: { on: { TYPE_CODE: 'readyTyped' } },
    readyTyped: {},
    applying: { on: { CODE_OK: 'withCode', CODE_EXPIRED: 'codeRefused', REMOVE_B: 'loadingOne' } },
    codeRefused: {},
    applyingFree: { on: { CODE_OK: 'withFreeCode' } },
    withFreeCode: {},
    codeDropped: {},
    withCode: { on: { REMOVE_CODE: 'loadingAgain' } },
    loadingOne: { on: { QUOTE_OK: 'readyOne' } },
    readyOne: { on: { REMOVE_A: 'emptyNow' } },
    confirming: { on: { CANCEL_CLEAR: 'readyStill', CONFIRM_CLEAR: 'emptyNow' } },
    readyStill: {},
    blocked: { on: { REMOVE_A: 'loadingOnlyB' } },
    loadingOnlyB: { on: { QUOTE_OK: 'readyOnlyB' } },
    readyOnlyB: {},
    readyAgain: {},
    readyArabic: {},
    empty: {},
    emptyNow: {},
  },
});

const paths = createTestModel(model).getSimplePaths();

async function expectLoading() {
  expect(await screen.findByTestId('cart-loading')).toBeInTheDocument();
  expect(screen.getByTestId('cart-loading')).toHaveAttribute('aria-busy', 'true');
  expect(checkoutButton()).toBeDisabled();
}

/** The priced cart: its lines, the server's totals, Checkout open. */
async function expectReady(ids: string[], code: string | null = null) {
  const summary = await screen.findByTestId('totals');
  const q = priced({ courseIds: ids, code });
  const items = within(screen.getByTestId('cart-items')).getAllByTestId('cart-item');
  expect(items).toHaveLength(ids.length);
  for (const [i, id] of ids.entries()) {
    const c = COURSES[id];
    expect(within(items[i]).getByRole('link', { name: c.title })).toHaveAttribute('href', `/courses/${id}`);
    if (c.sale_price != null)
      expect(within(items[i]).getByTestId('line-price')).toHaveTextContent(
        t('cart.item.sale', { sale: formatMoney(intl(), c.sale_price), price: formatMoney(intl(), c.price) }),
      );
  }
  expect(within(summary).getByTestId('totals-subtotal')).toHaveTextContent(money(q.totals.subtotal));
  expect(within(summary).getByTestId('totals-vat')).toHaveTextContent(money(q.totals.vat));
  expect(within(summary).getByTestId('totals-total')).toHaveTextContent(money(q.totals.total));
  expect(screen.getByTestId('cart-count')).toHaveTextContent(t('cart.count', { count: ids.length }));
  const go = checkoutButton();
  expect(go).toHaveAttribute('href', '/checkout');
  expect(go).toHaveTextContent(t('cart.checkout'));
}

async function expectEmpty() {
  const empty = await screen.findByTestId('cart-empty');
  expect(within(empty).getByRole('heading', { name: t('cart.empty.title') })).toBeInTheDocument();
  expect(within(empty).getByRole('link', { name: t('cart.empty.browse') })).toHaveAttribute(
    'href',
    '/courses',
  );
  expect(localStorage.getItem('cart')).toBeNull();
}

describe('cart screen model on the real app', () => {
  it('generates paths through every model state', () => {
    expect(paths.length).toBeGreaterThan(10);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => open([A, B]),
        OPEN_EMPTY: () => open([]),
        OPEN_WITH_CODE: () => open([A, B], 'WELCOME10'),
        QUOTE_OK: async () => {
          await waitFor(() => expect(quote().calls.length).toBeGreaterThan(0));
          await quote().resolve(priced(lastQuote()));
          await settle();
        },
        QUOTE_OWNED: async () => {
          await quote().resolve(priced(lastQuote(), { owned: true }));
        },
        QUOTE_CODE_USED: async () => {
          await quote().resolve({
            ...priced({ ...lastQuote(), code: null }),
            couponError: 'COUPON_ALREADY_USED',
          });
        },
        QUOTE_FAIL: async () => {
          await quote().reject({ code: 'NETWORK_ERROR' });
        },
        RETRY: () => ui.press('cart.retry'),
        SWITCH_LANGUAGE: async () => {
          await ui.switchLanguage();
          await waitFor(() => expect(intl().locale).toBe('ar'));
          await screen.findByRole('heading', { level: 1, name: t('cart.title') });
        },
        APPLY_BLANK: () => ui.press('cart.code.apply'),
        TYPE_CODE: async () => {
          await ui.app.user.type(screen.getByRole('textbox', { name: t('cart.code.label') }), 'w');
        },
        APPLY_CODE: async () => {
          const field = screen.getByRole('textbox', { name: t('cart.code.label') });
          await ui.app.user.type(field, 'welcome١٠{Enter}');
        },
        APPLY_FREE_CODE: async () => {
          const field = screen.getByRole('textbox', { name: t('cart.code.label') });
          await ui.app.user.type(field, 'freepill{Enter}');
        },
        CODE_OK: async () => {
          const { courseIds, code } = validate().last()!.input;
          await validate().resolve(couponCheck(priced({ courseIds, code })));
        },
        CODE_EXPIRED: async () => {
          await validate().reject({ code: 'COUPON_EXPIRED' });
        },
        REMOVE_CODE: async () => {
          await ui.app.user.click(
            screen.getByRole('button', { name: t('cart.code.removeLabel', { code: 'WELCOME10' }) }),
          );
        },
        REMOVE_A: async () => {
          await ui.app.user.click(
            screen.getByRole('button', { name: t('cart.item.removeLabel', { title: PREGNANCY.title }) }),
          );
        },
        REMOVE_B: async () => {
          await ui.app.user.click(
            screen.getByRole('button', {
              name: t('cart.item.removeLabel', { title: CONTRACEPTION.title }),
            }),
          );
        },
        ASK_CLEAR: () => ui.press('cart.clear.open'),
        CANCEL_CLEAR: async () => {
          await ui.app.user.click(
            within(screen.getByRole('alertdialog')).getByRole('button', { name: t('cart.clear.cancel') }),
          );
        },
        CONFIRM_CLEAR: async () => {
          await ui.app.user.click(
            within(screen.getByRole('alertdialog')).getByRole('button', { name: t('cart.clear.confirm') }),
          );
        },
      },
      states: {
        closed: ui.expectClosed,
        loading: async () => {
          await expectLoading();
          expect(lastQuote()).toEqual({ courseIds: [A.id, B.id], code: null });
          // the cart's own titles show while the server prices it
          expect(screen.getAllByTestId('cart-item')).toHaveLength(2);
        },
        loadingWithCode: async () => {
          await expectLoading();
          expect(lastQuote()).toEqual({ courseIds: [A.id, B.id], code: 'WELCOME10' });
        },
        loadingAgain: async () => {
          await expectLoading();
          expect(quote().calls.length).toBeGreaterThan(1);
          expect(lastQuote()).toEqual({ courseIds: [A.id, B.id], code: null });
        },
        loadingArabic: async () => {
          await expectLoading();
          expect(document.documentElement.dir).toBe('rtl');
          expect(quote().calls.length).toBeGreaterThan(1);
        },
        loadingOne: async () => {
          await expectLoading();
          expect(lastQuote().courseIds).toEqual([A.id]);
        },
        loadingOnlyB: async () => {
          await expectLoading();
          expect(lastQuote().courseIds).toEqual([B.id]);
        },
        ready: () => expectReady([A.id, B.id]),
        readyAgain: async () => {
          await expectReady([A.id, B.id]);
          expect(screen.getByTestId('totals-discount')).toHaveTextContent(money(0));
          expect(sessionStorage.getItem('promoCode')).toBeNull();
        },
        readyStill: async () => {
          await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
          await expectReady([A.id, B.id]);
          expect(quote().calls).toHaveLength(1);
        },
        readyArabic: async () => {
          await expectReady([A.id, B.id]);
          expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('سلة المشتريات');
        },
        readyOne: async () => {
          await expectReady([A.id]);
          expect(JSON.parse(localStorage.getItem('cart')!).items).toHaveLength(1);
        },
        readyOnlyB: () => expectReady([B.id]),
        readyTyped: async () => {
          await expectReady([A.id, B.id]);
          // typing clears the reason
          expect(screen.getByTestId('code-input')).toHaveValue('w');
          expect(screen.getByRole('textbox', { name: t('cart.code.label') })).not.toHaveAttribute(
            'aria-invalid',
          );
        },
        codeRequired: async () => {
          expect(await screen.findByTestId('code-error')).toHaveTextContent(t('cart.code.error.REQUIRED'));
          expect(validate().calls).toHaveLength(0);
        },
        applying: async () => {
          const apply = screen.getByRole('button', { name: t('cart.code.apply') });
          expect(apply).toHaveAttribute('aria-busy', 'true');
          expect(validate().last()!.input).toEqual({ code: 'WELCOME10', courseIds: [A.id, B.id] });
          expect(checkoutButton()).toBeDisabled();
        },
        applyingFree: async () => {
          expect(screen.getByRole('button', { name: t('cart.code.apply') })).toHaveAttribute(
            'aria-busy',
            'true',
          );
          expect(validate().last()!.input).toEqual({ code: 'FREEPILL', courseIds: [A.id, B.id] });
        },
        withFreeCode: async () => {
          // the line the code makes free shows $0, its list price struck through; the other is as before
          expect(await screen.findByTestId('code-applied')).toHaveTextContent(
            t('cart.code.applied', { code: 'FREEPILL' }),
          );
          const [a, b] = within(screen.getByTestId('cart-items')).getAllByTestId('cart-item');
          const free = within(b).getByTestId('line-price');
          expect(free).toHaveTextContent(
            t('cart.item.sale', { sale: money(0), price: money(CONTRACEPTION.price) }),
          );
          expect(free.querySelector('s')).toHaveTextContent(money(CONTRACEPTION.price));
          expect(within(a).getByTestId('line-price')).toHaveTextContent(
            t('cart.item.sale', { sale: money(PREGNANCY.sale_price), price: money(PREGNANCY.price) }),
          );
          const q = priced({ courseIds: [A.id, B.id], code: 'FREEPILL' });
          expect(q.totals.discount).toBe(CONTRACEPTION.price);
          expect(screen.getByTestId('totals-discount')).toHaveTextContent(money(-q.totals.discount));
          expect(screen.getByTestId('totals-total')).toHaveTextContent(money(q.totals.total));
        },
        codeRefused: async () => {
          expect(await screen.findByTestId('code-error')).toHaveTextContent(
            t('cart.code.error.COUPON_EXPIRED'),
          );
          expect(screen.getByRole('textbox', { name: t('cart.code.label') })).toHaveAttribute(
            'aria-invalid',
            'true',
          );
        },
        codeDropped: async () => {
          expect(await screen.findByTestId('code-error')).toHaveTextContent(
            t('cart.code.error.COUPON_ALREADY_USED'),
          );
          expect(screen.getByTestId('code-input')).toHaveValue('WELCOME10');
          expect(sessionStorage.getItem('promoCode')).toBeNull();
          await expectReady([A.id, B.id]);
        },
        withCode: async () => {
          const q = priced({ courseIds: [A.id, B.id], code: 'WELCOME10' });
          expect(await screen.findByTestId('code-applied')).toHaveTextContent(
            t('cart.code.applied', { code: 'WELCOME10' }),
          );
          expect(screen.getByTestId('totals-discount')).toHaveTextContent(money(-q.totals.discount));
          expect(screen.getByTestId('totals-total')).toHaveTextContent(money(q.totals.total));
          expect(sessionStorage.getItem('promoCode')).toBe('WELCOME10');
          expect(checkoutButton()).toHaveAttribute('href', '/checkout');
        },
        confirming: async () => {
          const dialog = await screen.findByRole('alertdialog');
          expect(within(dialog).getByRole('heading', { name: t('cart.clear.title') })).toBeInTheDocument();
          expect(dialog).toHaveTextContent(t('cart.clear.body', { count: 2 }));
        },
        blocked: async () => {
          const problem = await screen.findByTestId('cart-item-problem');
          expect(problem).toHaveTextContent(t('cart.item.owned'));
          expect(screen.getByTestId('cart-blocked')).toHaveTextContent(t('cart.checkout.blocked'));
          expect(checkoutButton()).toBeDisabled();
        },
        failed: async () => {
          const alert = await screen.findByTestId('cart-error');
          expect(alert).toHaveAttribute('role', 'alert');
          expect(alert).toHaveTextContent(t('cart.error'));
          expect(checkoutButton()).toBeDisabled();
        },
        empty: async () => {
          await expectEmpty();
          expect(quote().calls).toHaveLength(0);
        },
        emptyNow: expectEmpty,
      },
    },
    30_000,
  );

  coversEveryTransition(coverage);
});
