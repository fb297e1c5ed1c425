import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { css, cx } from '../../../styled-system/css';

/** The centred card the sign-in, sign-up and recovery screens share. */
export function AuthCard({
  title,
  subtitle,
  children,
  wide = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={css({
        px: { base: '4', md: '6' },
        py: { base: '6', md: '12' },
        display: 'flex',
        justifyContent: 'center',
      })}
    >
      <section
        className={css({
          width: '100%',
          maxWidth: wide ? '2xl' : 'md',
          bg: 'bg.surface',
          borderRadius: 'lg',
          borderWidth: '1px',
          borderColor: 'border.subtle',
          boxShadow: 'md',
          p: { base: '5', md: '8' },
        })}
      >
        <h1 className={css({ textStyle: 'heading.xl', color: 'accent.fg' })}>{title}</h1>
        {subtitle && <p className={css({ mt: '2', color: 'fg.muted' })}>{subtitle}</p>}
        <div className={css({ mt: '6' })}>{children}</div>
      </section>
    </div>
  );
}

export const formStack = css({ display: 'flex', flexDirection: 'column', gap: '5' });

/** "No account yet? Create one" under a form: a sentence and a link to the other way in. */
export function AuthSwitch({
  question,
  action,
  href,
  className,
}: {
  question: string;
  action: string;
  href: string;
  className?: string;
}) {
  return (
    <p className={cx(css({ textAlign: 'center', color: 'fg.muted' }), className)}>
      <FormattedMessage id={question} />{' '}
      <Link
        href={href}
        className={css({ color: 'accent.fg', fontWeight: 'semibold', textDecoration: 'underline' })}
      >
        <FormattedMessage id={action} />
      </Link>
    </p>
  );
}
