import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../styled-system/css';
import { SplashMark } from '../SplashMark';

/** The logo and the product name, linking home (or to /dashboard in the dashboard). */
export function BrandLink({ href, label }: { href: string; label?: string }) {
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
      <span>{intl.formatMessage({ id: 'app.name' })}</span>
    </Link>
  );
}
