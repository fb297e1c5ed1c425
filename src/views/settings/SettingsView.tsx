import { FormattedMessage, useIntl } from 'react-intl';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../messages';
import { DeleteSection } from './DeleteSection';
import { DeviceSection } from './DeviceSection';
import { DevicesSection } from './DevicesSection';
import { ExportSection } from './ExportSection';
import { LanguageSection } from './LanguageSection';
import { PinSection } from './PinSection';
import { ProfileSection } from './ProfileSection';
import { RecoveryCodeSection } from './RecoveryCodeSection';
import { SecuritySection } from './SecuritySection';
import { SettingsFlow, useSettings } from './useSettings';

const PAGE_STATES = ['loading', 'failed', 'loaded'] as const;

/**
 * Account Settings, /dashboard/settings (spec §2, issue 25): her anonymous account under her own
 * control. One loader reads her settings; then, in this order: Profile; Language and documents;
 * PIN; Security questions; Recovery code; Devices; Your data; Delete account. Each section runs its
 * own machine and reads the loaded settings (SettingsFlow).
 */
export default function SettingsView() {
  const actor = useSettings();
  return (
    <SettingsFlow.Provider value={actor}>
      <Settings />
    </SettingsFlow.Provider>
  );
}

function Settings() {
  const intl = useIntl();
  const send = useFlowSend(SettingsFlow);
  const state = useFlowStep(SettingsFlow, PAGE_STATES, 'loading');
  const error = useFlowSelect(SettingsFlow, (s) => s.context.error);
  return (
    <section
      aria-labelledby="settings-heading"
      aria-busy={state === 'loading'}
      data-testid="settings"
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <h2
        id="settings-heading"
        tabIndex={-1}
        className={css({ textStyle: 'heading.md', color: 'fg.default', outline: 'none' })}
      >
        <FormattedMessage id="settings.heading" />
      </h2>
      {state === 'loading' && (
        <LoadingState
          label={<FormattedMessage id="settings.loading" />}
          data-testid="settings-loading"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          {[0, 1, 2].map((i) => (
            <div
              key={i}
              className={cx(
                panel({ raised: true, padding: 'lg' }),
                css({ display: 'flex', flexDirection: 'column', gap: '3' }),
              )}
            >
              <Skeleton className={css({ height: '5', width: '40' })} />
              <Skeleton className={css({ height: '4', width: 'full' })} />
              <Skeleton className={css({ height: '10', width: '2/3' })} />
            </div>
          ))}
        </LoadingState>
      )}
      {state === 'failed' && (
        <Notice
          data-testid="settings-error"
          title={<FormattedMessage id="settings.loadFailed" />}
          description={error ? errorMessage(intl, error, 'settings.loadFailedBody') : undefined}
          actions={<RetryButton labelId="common.retry" onClick={() => send({ type: 'settings.retry' })} />}
        />
      )}
      {/* what this browser keeps needs no network: shown even when her settings could not load */}
      {state === 'failed' && <DeviceSection />}
      {state === 'loaded' && (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
          <ProfileSection />
          <LanguageSection />
          <PinSection />
          <SecuritySection />
          <RecoveryCodeSection />
          <DevicesSection />
          <DeviceSection />
          <ExportSection />
          <DeleteSection />
        </div>
      )}
    </section>
  );
}
