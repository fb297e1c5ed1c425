import type { ComponentType, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { ReceiptIcon, SettingsIcon } from '../../theme/icons';

/**
 * Invoices and Account Settings. Until their own issues fill them, each says honestly that there is
 * nothing here yet and what will appear (Account Settings is marked coming soon). The learning
 * pages (Enrolled Courses, My Test Scores, Ratings & Reviews) are in ./learning.
 */
function EmptyPanel(props: {
  Icon: ComponentType<{ className?: string }>;
  titleId: string;
  bodyId: string;
  action?: ReactNode;
  badge?: ReactNode;
}) {
  const { Icon } = props;
  return (
    <section
      data-testid="empty-state"
      className={css({
        bg: 'bg.surface',
        borderWidth: '1px',
        borderColor: 'border.subtle',
        borderRadius: 'lg',
        p: { base: '8', md: '12' },
        textAlign: 'center',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: '3',
      })}
    >
      <span
        className={css({
          display: 'grid',
          placeItems: 'center',
          boxSize: '16',
          borderRadius: 'full',
          bg: 'accent.subtle',
          color: 'accent.fg',
          '& svg': { boxSize: '7' },
        })}
      >
        <Icon />
      </span>
      {props.badge}
      <h2 className={css({ fontSize: 'xl', fontWeight: 'semibold', color: 'fg.default' })}>
        <FormattedMessage id={props.titleId} />
      </h2>
      <p className={css({ color: 'fg.muted', maxWidth: 'md' })}>
        <FormattedMessage id={props.bodyId} />
      </p>
      {props.action}
    </section>
  );
}

export function InvoicesPage() {
  return (
    <EmptyPanel
      Icon={ReceiptIcon}
      titleId="dashboard.invoices.empty.title"
      bodyId="dashboard.invoices.empty.body"
    />
  );
}

export function SettingsPage() {
  const intl = useIntl();
  return (
    <EmptyPanel
      Icon={SettingsIcon}
      titleId="dashboard.comingSoon"
      bodyId="dashboard.settings.body"
      badge={
        <span className={css({ srOnly: true })}>
          {intl.formatMessage({ id: 'dashboard.sidebar.settings' })}
        </span>
      }
    />
  );
}
