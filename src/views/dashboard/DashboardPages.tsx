import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { EmptyState } from '../../components/empty-state';
import { panel } from '../../components/panel';
import { SettingsIcon } from '../../theme/icons';

/**
 * Account Settings. Until its own issue fills it, it says honestly that there is nothing here yet
 * and what will appear (marked coming soon). The learning pages (Enrolled Courses, My Test Scores,
 * Ratings & Reviews) are in ./learning, Invoices in ./invoices.
 */
function EmptyPanel(props: { icon: ReactNode; titleId: string; bodyId: string; badge?: ReactNode }) {
  return (
    <section data-testid="empty-state" className={panel({ padding: 'none' })}>
      {props.badge}
      <EmptyState
        icon={props.icon}
        title={<FormattedMessage id={props.titleId} />}
        description={<FormattedMessage id={props.bodyId} />}
      />
    </section>
  );
}

export function SettingsPage() {
  const intl = useIntl();
  return (
    <EmptyPanel
      icon={<SettingsIcon />}
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
