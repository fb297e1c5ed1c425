import type { ReactNode } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { Quote } from '../../../contract/commerce';
import { COUPON_ERROR_CODES, VAT_PERCENT } from '../../../contract/commerce-rules';
import { effectivePrice } from '../../../contract/learning-constants';
import type { cartReviewMachine } from '../../../machines/cartReview';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../../components/button';
import { panel } from '../../components/panel';
import { formatMoney } from '../courses/format';

/**
 * What the cart and checkout screens share: a line's price (the sale price, or the price with the
 * promo code, with the list price struck through when lower), the summary of the server's totals, and the promo code reasons.
 */
export function LinePrice({
  price,
  sale_price,
  couponAmount,
}: {
  price: number;
  sale_price?: number | null;
  /** What the line costs with the promo code, when the server says (a 100 % code: 0). */
  couponAmount?: number;
}) {
  const intl = useIntl();
  const paid = Math.min(effectivePrice({ price, sale_price }), couponAmount ?? Number.POSITIVE_INFINITY);
  const full = formatMoney(intl, price);
  if (price === 0)
    return (
      <span className={css({ fontWeight: '700', color: 'success.fg' })} data-testid="line-price">
        <FormattedMessage id="cart.item.freePrice" />
      </span>
    );
  if (paid >= price)
    return (
      <span className={css({ fontWeight: '700' })} data-testid="line-price">
        {full}
      </span>
    );
  const sale = formatMoney(intl, paid);
  return (
    <span
      className={css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', whiteSpace: 'nowrap' })}
      data-testid="line-price"
    >
      <span className={css({ srOnly: true })}>
        {intl.formatMessage({ id: 'cart.item.sale' }, { sale, price: full })}
      </span>
      <span aria-hidden="true" className={css({ fontWeight: '700', color: 'highlight.fg' })}>
        {sale}
      </span>
      <s aria-hidden="true" className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
        {full}
      </s>
    </span>
  );
}

const row = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '4',
  '& dd': { fontVariantNumeric: 'tabular-nums', textAlign: 'end' },
});

/** Subtotal, promo, VAT and total as the server computed them (spec §3, Cart summary). */
export function Totals({
  totals,
  couponCode,
  vatPercent = VAT_PERCENT,
}: {
  totals: Quote['totals'];
  couponCode: string | null | undefined;
  vatPercent?: number;
}) {
  const intl = useIntl();
  const money = (cents: number) => formatMoney(intl, cents);
  const { subtotal, discount, vat, total } = totals;
  return (
    <dl className={css({ display: 'grid', gap: '2.5', m: '0' })} data-testid="totals">
      <div className={row}>
        <dt>
          <FormattedMessage id="cart.summary.subtotal" />
        </dt>
        <dd data-testid="totals-subtotal">{money(subtotal)}</dd>
      </div>
      <div className={row}>
        <dt>
          {couponCode ? (
            <FormattedMessage
              id="cart.summary.promo"
              values={{ code: <bdi className={css({ fontWeight: '600' })}>{couponCode}</bdi> }}
            />
          ) : (
            <FormattedMessage id="cart.summary.promoNone" />
          )}
        </dt>
        <dd
          data-testid="totals-discount"
          className={css({ color: discount > 0 ? 'success.fg' : 'fg.muted' })}
        >
          {money(discount > 0 ? -discount : 0)}
        </dd>
      </div>
      <div className={row}>
        <dt>
          <FormattedMessage
            id="cart.summary.vat"
            values={{ percent: intl.formatNumber(vatPercent / 100, { style: 'percent' }) }}
          />
        </dt>
        <dd data-testid="totals-vat">{money(vat)}</dd>
      </div>
      <div
        className={cx(
          row,
          css({
            pt: '3',
            mt: '1',
            borderTopWidth: '1px',
            borderColor: 'border.subtle',
            textStyle: 'heading.sm',
          }),
        )}
      >
        <dt>
          <FormattedMessage id="cart.summary.total" />
        </dt>
        <dd data-testid="totals-total">{money(total)}</dd>
      </div>
    </dl>
  );
}

/** The box the summary sits in, with its heading. */
export function SummaryPanel({
  titleId,
  children,
  testId,
}: {
  titleId: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      aria-labelledby={`${testId ?? 'summary'}-title`}
      data-testid={testId}
      className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'grid', gap: '5' }))}
    >
      <h2 id={`${testId ?? 'summary'}-title`} className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

/** "Remove", named for screen readers by what it takes away ("Remove <course> from the cart"). */
export function RemoveButton({
  label,
  variant,
  textId = 'cart.item.remove',
  onClick,
}: {
  label: string;
  variant: 'outline' | 'link';
  textId?: string;
  onClick: () => void;
}) {
  return (
    <Button type="button" variant={variant} size="sm" aria-label={label} onClick={onClick}>
      <FormattedMessage id={textId} />
    </Button>
  );
}

/** Why a promo code does not apply, in her language. */
export function codeErrorMessage(intl: IntlShape, code: string): string {
  if ((COUPON_ERROR_CODES as readonly string[]).includes(code) || code === 'REQUIRED')
    return intl.formatMessage({ id: `cart.code.error.${code}` });
  if (code === 'NETWORK_ERROR') return intl.formatMessage({ id: 'cart.error.network' });
  return intl.formatMessage({ id: 'cart.code.error.generic' });
}

/** The page's two columns: the main part and the summary (stacked on a phone). */
export const twoColumns = css({
  display: 'grid',
  gap: { base: '6', lg: '8' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' },
  alignItems: 'start',
});

export { pageTitle } from '../../components/page-header';

/** The cart's review of her cart (prices, the promo code), as its parts reach it. */
export type CartReviewActor = ActorRefFrom<typeof cartReviewMachine>;
