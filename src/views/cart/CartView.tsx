import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CartItem } from '../../../machines/cart';
import { type CartProblem, canCheckout, cartProblems, cartReviewMachine } from '../../../machines/cartReview';
import { css, cx } from '../../../styled-system/css';
import { quoteActor, validateCouponActor } from '../../api/commerce';
import {
  type ScreenOverrides,
  useCart,
  useScreenOverrides,
  useSession,
  useSystemActor,
} from '../../app/actors';
import { readPromoCode, rememberPromoCode } from '../../app/commerce-storage';
import { useLocaleChange } from '../../app/useLocaleChange';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import * as Field from '../../components/field';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { CartIcon } from '../../theme/icons';
import { useDocumentTitle } from '../useDocumentTitle';
import { codeErrorMessage, LinePrice, pageTitle, SummaryPanel, Totals, twoColumns } from './parts';

type CartReviewActor = ReturnType<typeof useActorRef<typeof cartReviewMachine>>;

function createLogic(overrides: ScreenOverrides['cartReview']) {
  const real = cartReviewMachine.provide({
    actors: { quote: quoteActor, validateCoupon: validateCouponActor },
    actions: { rememberCode: (_, { code }) => rememberPromoCode(code) },
  });
  return overrides ? real.provide(overrides) : real;
}

/** The cart, /cart (spec §3, §4): her wish list priced by the server, a promo code, and checkout. */
export default function CartView() {
  useDocumentTitle('cart.title');
  const items = useCart((s) => s.context.items);
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.cartReview));
  const review = useActorRef(logic, {
    input: { items, code: readPromoCode() },
    inspect: overrides.inspect,
  });

  // every change of the cart prices it again
  const first = useRef(items);
  useEffect(() => {
    if (first.current === items) return;
    first.current = items;
    review.send({ type: 'cartReview.itemsChanged', items });
  }, [items, review]);

  // titles come in the request's language
  useLocaleChange(() => review.send({ type: 'cartReview.localeChanged' }));

  const empty = useSelector(review, (s) => s.hasTag('step:empty'));
  const count = items.length;
  return (
    <div className={pageColumn()} data-testid="cart-view">
      <header
        className={css({ display: 'flex', flexDirection: 'column', gap: '2', mb: { base: '6', md: '8' } })}
      >
        <h1 id="cart-heading" tabIndex={-1} className={pageTitle}>
          <FormattedMessage id="cart.title" />
        </h1>
        {!empty && (
          <p className={css({ color: 'fg.muted' })} data-testid="cart-count">
            <FormattedMessage id="cart.count" values={{ count }} />
          </p>
        )}
      </header>
      {empty ? (
        <div data-testid="cart-empty" className={panel({ padding: 'none' })}>
          <EmptyState
            icon={<CartIcon />}
            title={<FormattedMessage id="cart.empty.title" />}
            description={<FormattedMessage id="cart.empty.body" />}
            action={
              <LinkButton href="/courses">
                <FormattedMessage id="cart.empty.browse" />
              </LinkButton>
            }
          />
        </div>
      ) : (
        <div className={twoColumns}>
          <CartItems review={review} items={items} />
          <CartSummary review={review} />
        </div>
      )}
    </div>
  );
}

const itemRow = cx(
  panel({ raised: true, padding: 'sm' }),
  css({ display: 'flex', flexDirection: 'column', gap: '3' }),
);

function CartItems({ review, items }: { review: CartReviewActor; items: CartItem[] }) {
  const intl = useIntl();
  const cart = useSystemActor('cart');
  const quote = useSelector(review, (s) => s.context.quote);
  const ready = useSelector(review, (s) => s.hasTag('step:ready'));
  const problems = ready
    ? cartProblems(
        quote,
        items.map((i) => String(i.id)),
      )
    : [];
  const problemOf = (id: string): CartProblem | undefined => problems.find((p) => p.courseId === id)?.problem;
  const [confirming, setConfirming] = useState(false);

  return (
    <section aria-labelledby="cart-items-title" className={css({ display: 'grid', gap: '4' })}>
      <div
        className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}
      >
        <h2 id="cart-items-title" className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="cart.items.title" />
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="cart-clear"
        >
          <FormattedMessage id="cart.clear.open" />
        </Button>
      </div>
      <ul className={css({ display: 'grid', gap: '3' })} data-testid="cart-items">
        {items.map((item) => {
          const id = String(item.id);
          const line = ready ? quote?.lines.find((l) => l.courseId === id) : undefined;
          const problem = problemOf(id);
          const title =
            line?.title ??
            (typeof item.title === 'string' && item.title
              ? item.title
              : intl.formatMessage({ id: 'cart.item.untitled' }));
          return (
            <li key={id} className={itemRow} data-testid="cart-item" data-problem={problem}>
              <div
                className={css({
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  gap: '3',
                })}
              >
                <div className={css({ display: 'grid', gap: '1', minWidth: '0' })}>
                  {problem === 'missing' ? (
                    <span className={css({ fontWeight: '600' })}>{title}</span>
                  ) : (
                    <Link
                      href={`/courses/${encodeURIComponent(id)}`}
                      className={css({
                        fontWeight: '600',
                        color: 'fg.default',
                        textDecoration: 'underline',
                        textDecorationColor: 'border.default',
                        textUnderlineOffset: '0.2em',
                        _hover: { color: 'accent.fg' },
                      })}
                    >
                      {title}
                    </Link>
                  )}
                  <LinePrice
                    price={line?.price ?? item.price}
                    sale_price={line ? line.sale_price : item.sale_price}
                    couponAmount={line?.couponAmount}
                  />
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={intl.formatMessage({ id: 'cart.item.removeLabel' }, { title })}
                  onClick={() => cart.send({ type: 'cart.remove', id: item.id })}
                >
                  <FormattedMessage id="cart.item.remove" />
                </Button>
              </div>
              {problem && (
                <p
                  className={css({
                    textStyle: 'body.sm',
                    color: 'error.fg',
                    bg: 'error.subtle',
                    borderRadius: 'md',
                    px: '3',
                    py: '2',
                  })}
                  data-testid="cart-item-problem"
                >
                  <FormattedMessage id={`cart.item.${problem}`} />
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <ClearDialog
        open={confirming}
        count={items.length}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cart.send({ type: 'cart.clear' });
        }}
      />
    </section>
  );
}

function ClearDialog(props: { open: boolean; count: number; onClose: () => void; onConfirm: () => void }) {
  const intl = useIntl();
  return (
    <Dialog.Root open={props.open} role="alertdialog" onOpenChange={(e) => !e.open && props.onClose()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="cart-clear-dialog">
          <Dialog.Title>
            <FormattedMessage id="cart.clear.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage id="cart.clear.body" values={{ count: props.count }} />
          </Dialog.Description>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button type="button" variant="outline">
                <FormattedMessage id="cart.clear.cancel" />
              </Button>
            </Dialog.ActionTrigger>
            <Button type="button" variant="danger" onClick={props.onConfirm}>
              <FormattedMessage id="cart.clear.confirm" />
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger aria-label={intl.formatMessage({ id: 'common.close' })} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

function CartSummary({ review }: { review: CartReviewActor }) {
  const loading = useSelector(review, (s) => s.hasTag('step:loading'));
  const failed = useSelector(review, (s) => s.hasTag('step:failed'));
  const quote = useSelector(review, (s) => s.context.quote);
  const ready = useSelector(review, (s) => s.hasTag('step:ready'));
  const applying = useSelector(review, (s) => s.hasTag('busy:code'));
  const signedIn = useSession((s) => s.matches('signedIn'));
  const ids = useCart((s) => s.context.items.map((i) => String(i.id)).join('\n')).split('\n');
  const blocked = ready && cartProblems(quote, ids).length > 0;
  const open = ready && !applying && canCheckout(quote, ids);

  return (
    <SummaryPanel titleId="cart.summary.title" testId="cart-summary">
      {loading && (
        <LoadingState label={<FormattedMessage id="cart.loading" />} data-testid="cart-loading">
          <div className={css({ display: 'grid', gap: '3' })}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className={css({ height: '5' })} />
            ))}
          </div>
        </LoadingState>
      )}
      {failed && (
        <Notice
          data-testid="cart-error"
          title={<FormattedMessage id="cart.error" />}
          actions={
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => review.send({ type: 'cartReview.retry' })}
            >
              <FormattedMessage id="cart.retry" />
            </Button>
          }
        />
      )}
      {ready && quote && (
        <>
          <Totals totals={quote.totals} couponCode={quote.coupon?.code} vatPercent={quote.vatPercent} />
          <PromoCode review={review} />
        </>
      )}
      <div className={css({ display: 'grid', gap: '2' })}>
        {open ? (
          <LinkButton href="/checkout" size="lg" fullWidth data-testid="cart-checkout">
            <FormattedMessage id="cart.checkout" />
          </LinkButton>
        ) : (
          <Button type="button" size="lg" fullWidth disabled data-testid="cart-checkout">
            <FormattedMessage id="cart.checkout" />
          </Button>
        )}
        {blocked && (
          <p className={css({ textStyle: 'body.sm', color: 'error.fg' })} data-testid="cart-blocked">
            <FormattedMessage id="cart.checkout.blocked" />
          </p>
        )}
        {!signedIn && (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage id="cart.checkout.signIn" />
          </p>
        )}
      </div>
    </SummaryPanel>
  );
}

function PromoCode({ review }: { review: CartReviewActor }) {
  const intl = useIntl();
  const code = useSelector(review, (s) => s.context.quote?.coupon?.code ?? null);
  const draft = useSelector(review, (s) => s.context.draft);
  const codeError = useSelector(review, (s) => s.context.codeError);
  const applying = useSelector(review, (s) => s.hasTag('busy:code'));

  if (code)
    return (
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          flexWrap: 'wrap',
          bg: 'success.subtle',
          color: 'success.fg',
          borderRadius: 'md',
          px: '3',
          py: '2',
        })}
        data-testid="code-applied"
      >
        <span role="status">
          <FormattedMessage id="cart.code.applied" values={{ code: <bdi>{code}</bdi> }} />
        </span>
        <Button
          type="button"
          variant="link"
          size="sm"
          aria-label={intl.formatMessage({ id: 'cart.code.removeLabel' }, { code })}
          onClick={() => review.send({ type: 'cartReview.removeCode' })}
        >
          <FormattedMessage id="cart.code.remove" />
        </Button>
      </div>
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        review.send({ type: 'cartReview.applyCode' });
      }}
    >
      <Field.Root invalid={!!codeError}>
        <Field.Label>
          <FormattedMessage id="cart.code.label" />
        </Field.Label>
        <div className={css({ display: 'flex', gap: '2' })}>
          <Field.Input
            name="promoCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={draft}
            onChange={(e) => review.send({ type: 'cartReview.codeChanged', value: e.target.value })}
            className={css({ flex: '1', minWidth: '0' })}
            data-testid="code-input"
          />
          <Button type="submit" variant="outline" loading={applying}>
            <FormattedMessage id="cart.code.apply" />
          </Button>
        </div>
        <Field.ErrorText data-testid="code-error">
          {codeError && codeErrorMessage(intl, codeError)}
        </Field.ErrorText>
      </Field.Root>
    </form>
  );
}
