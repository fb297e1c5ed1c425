import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect } from '../../app/flow';
import { TextLink } from '../../components/text-link';
import { LinePrice, SummaryPanel, Totals } from '../cart/parts';
import { CheckoutFlow } from './flow';

/** The order as the server priced it: each course, then subtotal, promo, VAT and total. */
export function OrderSummary() {
  const quote = useFlowSelect(CheckoutFlow, (s) => s.context.quote);
  if (!quote) return null;
  return (
    <SummaryPanel titleId="checkout.summary.title" testId="checkout-summary">
      <ul className={css({ display: 'grid', gap: '3' })}>
        {quote.lines.map((line) => (
          <li
            key={line.courseId}
            className={css({
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: '3',
            })}
            data-testid="summary-line"
          >
            <span className={css({ minWidth: '0' })}>{line.title}</span>
            <LinePrice price={line.price} sale_price={line.sale_price} couponAmount={line.couponAmount} />
          </li>
        ))}
      </ul>
      <Totals totals={quote.totals} couponCode={quote.coupon?.code} vatPercent={quote.vatPercent} />
      <TextLink href="/cart">
        <FormattedMessage id="checkout.editCart" />
      </TextLink>
    </SummaryPanel>
  );
}
