import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALES, type Locale } from '../../../machines/types';
import { css } from '../../../styled-system/css';
import { useLanguage, useSystemActor } from '../../app/actors';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { Notice } from '../../components/notice';
import * as RadioGroup from '../../components/radio-group';
import { Spinner } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { errorMessage } from '../messages';
import { DocumentsFlow, useDocumentsActor } from './actors';
import { SectionFrame } from './SectionFrame';
import { SettingsFlow } from './useSettings';

const DOCUMENT_STEPS = ['idle', 'saving', 'saved', 'failed'] as const;
/** Each language named in its own script. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ar: 'العربية' };

/**
 * Language and documents: the language she reads (the app's own switch: a signed-in member's
 * account keeps it, machines/language.ts) and whether her invoices name her courses.
 */
export function LanguageSection() {
  const discreet = useFlowSelect(SettingsFlow, (s) => s.context.data!.settings.profile.discreetDocuments);
  const actor = useDocumentsActor(discreet);
  return (
    <DocumentsFlow.Provider value={actor}>
      <SectionFrame name="language" title={<FormattedMessage id="settings.language.title" />}>
        <LanguageChoice />
        <DiscreetDocuments />
      </SectionFrame>
    </DocumentsFlow.Provider>
  );
}

function LanguageChoice() {
  const intl = useIntl();
  const language = useSystemActor('language');
  const switching = useLanguage((s) => s.matches('switching'));
  const pending = useLanguage((s) => s.context.pending);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <RadioGroup.Root
        value={pending ?? intl.locale}
        onValueChange={(e) =>
          e.value && language.send({ type: 'language.change', locale: e.value as Locale })
        }
        orientation="horizontal"
        disabled={switching}
        className={css({ gap: '2' })}
        data-testid="language-choice"
      >
        <RadioGroup.Label>
          <FormattedMessage id="settings.language.label" />
        </RadioGroup.Label>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: '6',
            rowGap: '1',
          })}
        >
          {LOCALES.map((locale) => (
            <RadioGroup.Item key={locale} value={locale}>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemText lang={locale}>{LANGUAGE_NAMES[locale]}</RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
          {switching && <Spinner size="sm" />}
        </div>
      </RadioGroup.Root>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        <FormattedMessage id="settings.language.hint" />
      </p>
    </div>
  );
}

function DiscreetDocuments() {
  const intl = useIntl();
  const send = useFlowSend(DocumentsFlow);
  const step = useFlowStep(DocumentsFlow, DOCUMENT_STEPS, 'idle');
  const shown = useFlowSelect(DocumentsFlow, (s) => s.context.shown);
  const error = useFlowSelect(DocumentsFlow, (s) => s.context.error);
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '2',
        borderBlockStartWidth: '1px',
        borderColor: 'border.subtle',
        pt: '4',
      })}
    >
      <Switch
        checked={shown}
        disabled={step === 'saving'}
        onCheckedChange={(e) => send({ type: 'documents.toggled', discreet: e.checked })}
        data-testid="settings-discreet"
      >
        <FormattedMessage id="settings.documents.label" />
      </Switch>
      <p
        id="settings-discreet-hint"
        className={css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' })}
      >
        <FormattedMessage id="settings.documents.hint" />
      </p>
      <p role="status" className={css({ fontSize: 'sm', color: 'success.fg', minHeight: '5' })}>
        {step === 'saving' && <FormattedMessage id="settings.saving" />}
        {step === 'saved' && (
          <FormattedMessage id={shown ? 'settings.documents.savedOn' : 'settings.documents.savedOff'} />
        )}
      </p>
      {step === 'failed' && error && (
        <Notice
          data-testid="documents-error"
          title={<FormattedMessage id="settings.documents.failed" />}
          description={errorMessage(intl, error, 'settings.tryLater')}
        />
      )}
    </div>
  );
}
