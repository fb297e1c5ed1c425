import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { canCheckout, cartProblems } from '../../../machines/cartReview';
import { css } from '../../../styled-system/css';
import { useCart, useSession } from '../../app/actors';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { type CartReviewActor, codeErrorMessage, RemoveButton, SummaryPanel, Totals } from './parts';

const rows = css({ display: 'grid', gap: '3' });
const closeRows = css({ display: 'grid', gap: '2' });

/** The summary: the server's totals, the promo code, and the way to checkout (or why not yet). */
export function CartSummary({ review }: { review: CartReviewActor }) {
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
          <div className={rows}>
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
            <RetryButton labelId="cart.retry" onClick={() => review.send({ type: 'cartReview.retry' })} />
          }
        />
      )}
      {ready && quote && (
        <>
          <Totals totals={quote.totals} couponCode={quote.coupon?.code} vatPercent={quote.vatPercent} />
          <PromoCode review={review} />
        </>
      )}
      <div className={closeRows}>
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

/** The promo code: the one applied (and Remove), or the field to apply one. */
function PromoCode({ review }: { review: CartReviewActor }) {
  const intl = useIntl();
  const code = useSelector(review, (s) => s.context.quote?.coupon?.code ?? null);
  const draft = useSelector(review, (s) => s.context.draft);
  const codeError = useSelector(review, (s) => s.context.codeError);
  const applying = useSelector(review, (s) => s.hasTag('busy:code'));

  if (code)
    return (
      <div className={applied} data-testid="code-applied">
        <span role="status">
          <FormattedMessage id="cart.code.applied" values={{ code: <bdi>{code}</bdi> }} />
        </span>
        <RemoveButton
          variant="link"
          textId="cart.code.remove"
          label={intl.formatMessage({ id: 'cart.code.removeLabel' }, { code })}
          onClick={() => review.send({ type: 'cartReview.removeCode' })}
        />
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

const applied = css({
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
});
