import { FormattedMessage } from 'react-intl';
import { SectionFrame } from './SectionFrame';

export function LanguageSection() {
  return (
    <SectionFrame name="language" title={<FormattedMessage id="settings.language.title" />}>
      {null}
    </SectionFrame>
  );
}
