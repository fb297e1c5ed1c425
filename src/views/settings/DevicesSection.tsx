import { FormattedMessage } from 'react-intl';
import { SectionFrame } from './SectionFrame';

export function DevicesSection() {
  return (
    <SectionFrame name="devices" title={<FormattedMessage id="settings.devices.title" />}>
      {null}
    </SectionFrame>
  );
}
