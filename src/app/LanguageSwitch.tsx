import { useIntl } from 'react-intl';
import { css } from '../../styled-system/css';
import { Button } from '../components/button';
import { GlobeIcon } from '../theme/icons';
import { useLanguage, useSystemActor } from './actors';

/** One button: shows the other language in its own script and switches to it. */
export function LanguageSwitch() {
  const intl = useIntl();
  const language = useSystemActor('language');
  const switching = useLanguage((s) => s.matches('switching'));
  const other = intl.locale === 'ar' ? 'en' : 'ar';
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      loading={switching}
      title={intl.formatMessage({ id: 'site.language.label' })}
      onClick={() => language.send({ type: 'language.change', locale: other })}
      data-testid="language-switch"
    >
      <GlobeIcon className={css({ boxSize: '4' })} />
      <span lang={other}>{intl.formatMessage({ id: 'site.language.switchTo' })}</span>
    </Button>
  );
}
