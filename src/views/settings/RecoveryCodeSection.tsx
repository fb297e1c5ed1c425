import { FormattedMessage } from 'react-intl';
import { useFlowSelect } from '../../app/flow';
import { RecoveryCodePanel } from './RecoveryCodePanel';
import { SectionFrame } from './SectionFrame';
import { SettingsFlow } from './useSettings';

/**
 * Recovery code (issue 25), after Security questions: whether she has one, and a new one on request
 * (her current PIN first; a new code retires the old one, which the section says before).
 */
export function RecoveryCodeSection() {
  const status = useFlowSelect(SettingsFlow, (s) => s.context.data?.settings.recoveryCode);
  const withoutPin = useFlowSelect(SettingsFlow, (s) => !!s.context.data?.settings.recoveryCodeWithoutPin);
  return (
    <SectionFrame
      name="recovery"
      title={<FormattedMessage id="settings.recovery.title" />}
      intro={<FormattedMessage id="settings.recovery.intro" />}
    >
      <RecoveryCodePanel
        active={!!status?.active}
        createdAt={status?.createdAt ?? null}
        withoutPin={withoutPin}
      />
    </SectionFrame>
  );
}
