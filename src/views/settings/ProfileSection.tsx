import { FormattedMessage } from 'react-intl';
import { SectionFrame } from './SectionFrame';

export function ProfileSection() {
  return (
    <SectionFrame name="profile" title={<FormattedMessage id="settings.profile.title" />}>
      {null}
    </SectionFrame>
  );
}
