import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { AuthCard } from '../auth/AuthCard';

/** The signed-out staff pages' frame (sign-in, set-up): the brand, the language, the card. */
export function StaffCard({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={css({ minHeight: '100dvh', bg: 'bg.canvas' })}>
      <header
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
          px: { base: '4', md: '6' },
          py: '3',
          borderBlockEndWidth: '1px',
          borderColor: 'border.subtle',
          bg: 'bg.surface',
        })}
      >
        <span className={css({ fontWeight: 'bold', textStyle: 'lg', color: 'accent.fg' })}>
          <FormattedMessage id="staff.layout.brand" />
        </span>
        <LanguageSwitch />
      </header>
      <main id="main">
        <AuthCard title={title} subtitle={subtitle}>
          {children}
        </AuthCard>
      </main>
    </div>
  );
}
