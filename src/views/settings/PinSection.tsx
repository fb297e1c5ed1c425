import { FormattedMessage } from 'react-intl';
import { SectionFrame } from './SectionFrame';

export function PinSection() {
  return (
    <SectionFrame name="pin" title={<FormattedMessage id="settings.pin.title" />}>
      {null}
    </SectionFrame>
  );
}
