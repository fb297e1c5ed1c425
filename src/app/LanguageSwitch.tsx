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
      <GlobeIcon className={css({ boxSize: '4', display: { base: 'none', sm: 'inline' } })} />
      {/* phones show the short name; the full name is what is read out */}
      <span lang={other} className={css({ srOnly: { base: true, sm: false } })}>
        {intl.formatMessage({ id: 'site.language.switchTo' })}
      </span>
      <span lang={other} aria-hidden="true" className={css({ display: { base: 'inline', sm: 'none' } })}>
        {intl.formatMessage({ id: 'site.language.switchToShort' })}
      </span>
    </Button>
  );
}
