import { useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { formatMoney } from '../../views/courses/format';
import { useCart } from '../actors';

/** The cart at a glance in the header, a link to it: how many courses and the total. Hidden while empty. */
export function CartBadge() {
  const intl = useIntl();
  const [location] = useLocation();
  const count = useCart((s) => s.context.itemCount);
  const total = useCart((s) => s.context.total);
  if (count === 0) return null;
  const label = intl.formatMessage({ id: 'site.header.cart' }, { count, total: formatMoney(intl, total) });
  // the status (announced when it changes) holds the link, named by the same sentence in its content
  return (
    <span
      role="status"
      aria-label={label}
      data-testid="cart-badge"
      className={css({ display: 'inline-flex' })}
    >
      <Link
        href="/cart"
        aria-current={location === '/cart' ? 'page' : undefined}
        title={label}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          px: { base: '2', sm: '2.5' },
          minHeight: '9',
          borderRadius: 'full',
          bg: 'accent.subtle',
          color: 'accent.fg',
          fontWeight: 'semibold',
          fontSize: 'sm',
          textDecoration: 'none',
          _hover: { bg: 'accent.muted' },
          _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
        })}
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path
            d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h9.2a1 1 0 0 0 1-.8L20 8H6.2"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
          <circle cx="9" cy="20" r="1.4" />
          <circle cx="17" cy="20" r="1.4" />
        </svg>
        <span className={css({ srOnly: true })}>{label}</span>
        <span aria-hidden="true">{intl.formatNumber(count)}</span>
      </Link>
    </span>
  );
}
