import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../courses/format';

/**
 * What a cancellation gave back, as the booking card and the cancel dialog say it: `refunded` with
 * the percent and the amount, or `none` when nothing was refunded.
 */
export function RefundWords({
  percent,
  amount,
  refunded,
  none,
}: {
  percent: number;
  amount: number;
  refunded: string;
  none: string;
}) {
  const intl = useIntl();
  if (amount <= 0) return <FormattedMessage id={none} />;
  return <FormattedMessage id={refunded} values={{ percent, amount: formatMoney(intl, amount) }} />;
}
