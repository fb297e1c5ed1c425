import { FormattedMessage } from 'react-intl';
import { SectionFrame } from './SectionFrame';

export function SecuritySection() {
  return (
    <SectionFrame name="security" title={<FormattedMessage id="settings.security.title" />}>
      {null}
    </SectionFrame>
  );
}
