import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect } from '../../app/flow';
import { LinkButton } from '../../components/link-button';
import { LinkButtons } from '../../components/link-buttons';
import { panel } from '../../components/panel';
import { TextLink } from '../../components/text-link';
import { ArrowEndIcon, CheckCircleIcon } from '../../theme/icons';
import { Totals } from '../cart/parts';
import { formatMoney } from '../courses/format';
import { CheckoutFlow } from './flow';

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'];

/** The tick over the news, on the success tint. */
const paidMark = css({
  display: 'inline-flex',
  p: '3',
  borderRadius: 'full',
  bg: 'success.subtle',
  color: 'success.fg',
  '& svg': { width: '8', height: '8' },
});

/** Paid: what she now owns, a way into each course, and the invoice. */
export function PaidView() {
  const intl = useIntl();
  const result = useFlowSelect(CheckoutFlow, (s) => s.context.result);
  // the form she was in is gone: her focus starts again at the news
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!result) return null;
  const { order, invoice } = result;
  const brand = order.paidWith?.brand.toLowerCase() ?? '';
  const card = order.paidWith
    ? `${BRANDS.includes(brand) ? intl.formatMessage({ id: `checkout.card.brand.${brand}` }) : order.paidWith.brand} •••• ${order.paidWith.last4}`
    : null;
  return (
    <section
      aria-labelledby="checkout-heading"
      data-testid="checkout-paid"
      className={css({ maxWidth: '2xl', mx: 'auto', display: 'grid', gap: '6' })}
    >
      <div className={css({ display: 'grid', justifyItems: 'center', gap: '3', textAlign: 'center' })}>
        <span aria-hidden="true" className={paidMark}>
          <CheckCircleIcon />
        </span>
        <h1
          ref={heading}
          id="checkout-heading"
          tabIndex={-1}
          className={css({ textStyle: 'heading.xl', color: 'accent.fg', outline: 'none' })}
        >
          {/* nothing was charged: she enrolled, she did not pay */}
          <FormattedMessage
            id={order.totals.total === 0 ? 'checkout.paid.titleFree' : 'checkout.paid.title'}
          />
        </h1>
        <p role="status" className={css({ color: 'fg.muted', textStyle: 'body.lg' })}>
          <FormattedMessage id="checkout.paid.body" values={{ count: order.courses.length }} />
        </p>
      </div>
      <ul className={css({ display: 'grid', gap: '3' })} data-testid="paid-courses">
        {order.courses.map((c) => (
          <li
            key={c.id}
            className={cx(
              panel({ raised: true, padding: 'sm' }),
              css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '3',
                flexWrap: 'wrap',
              }),
            )}
          >
            <span className={css({ fontWeight: '600' })}>{c.title}</span>
            <LinkButton
              href={`/courses/${encodeURIComponent(c.id)}`}
              size="sm"
              variant="outline"
              aria-label={intl.formatMessage({ id: 'checkout.paid.openLabel' }, { title: c.title })}
            >
              <FormattedMessage id="checkout.paid.open" />
              <ArrowEndIcon aria-hidden="true" />
            </LinkButton>
          </li>
        ))}
      </ul>
      <div className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'grid', gap: '4' }))}>
        <p className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
          <span>
            <FormattedMessage id="checkout.paid.invoice" />
          </span>
          <bdi className={css({ fontWeight: '700' })} data-testid="paid-invoice">
            {invoice.number}
          </bdi>
        </p>
        <Totals totals={order.totals} couponCode={order.coupon} />
        {card && (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })} data-testid="paid-with">
            <FormattedMessage
              id="checkout.paid.paidWith"
              values={{ total: formatMoney(intl, order.totals.total), card: <bdi dir="ltr">{card}</bdi> }}
            />
          </p>
        )}
      </div>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', justifyContent: 'center' })}>
        <LinkButtons
          links={[
            ['/dashboard/invoices', 'checkout.paid.invoices', undefined, 'paid-invoices-link'],
            ['/dashboard', 'checkout.paid.myCourses', 'outline'],
          ]}
        />
      </div>
      <p className={css({ textAlign: 'center' })}>
        <TextLink href="/courses">
          <FormattedMessage id="checkout.paid.more" />
        </TextLink>
      </p>
    </section>
  );
}
