import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { SplashMark } from '../SplashMark';

/**
 * The logo and the product name, linking home (or to /dashboard in the dashboard). `compact`: on
 * screens under 380 px the name is only read out, so the public header fits 320 px with the cart.
 */
export function BrandLink({ href, label, compact }: { href: string; label?: string; compact?: boolean }) {
  const intl = useIntl();
  return (
    <Link
      href={href}
      aria-label={label}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        fontWeight: 'bold',
        fontSize: 'xl',
        color: 'accent.fg',
        textDecoration: 'none',
        borderRadius: 'md',
        '& svg': { boxSize: '9' },
      })}
    >
      <SplashMark />
      <span
        className={
          compact ? css({ srOnly: true, '@media (min-width: 23.75rem)': { srOnly: false } }) : undefined
        }
      >
        {intl.formatMessage({ id: 'app.name' })}
      </span>
    </Link>
  );
}
