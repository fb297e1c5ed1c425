import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import {
  CV_MAX_BYTES,
  type FieldRule,
  FORM_FIELDS,
  type FormKind,
  HONEYPOT_FIELD,
  limitsOf,
} from '../../../contract/forms-rules';
import { type ChosenCv, enquiryFormMachine } from '../../../machines/enquiryForm';
import { css, cx } from '../../../styled-system/css';
import { sendForm } from '../../api/forms';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { Button } from '../../components/button';
import { CountryCombobox } from '../../components/country-combobox';
import { revealAndFocus } from '../../components/focus-field';
import {
  FileField,
  Honeypot,
  type Option,
  RadioField,
  SelectField,
  TextField,
} from '../../components/form-fields';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { CheckCircleIcon } from '../../theme/icons';

/**
 * One form for the five public forms (issue 9), drawn from the shared field table
 * (contract/forms-rules.ts) and driven by the enquiryForm machine: the screen shows its state and
 * sends what she does. Words: `forms.<kind>.<field>.label|helper|placeholder`, choices
 * `forms.option.<field>.<value>`, problems `forms.error.<CODE>`.
 */

type Control = 'text' | 'textarea' | 'email' | 'select' | 'radio' | 'country' | 'years' | 'cv';
interface UiField {
  name: string;
  control: Control;
  /** Full width on wider screens (otherwise two fields share a row). */
  wide?: boolean;
  autoComplete?: string;
  dir?: 'auto' | 'ltr';
}

const UI: Record<FormKind, UiField[]> = {
  contact: [
    { name: 'name', control: 'text', autoComplete: 'off', dir: 'auto' },
    { name: 'replyTo', control: 'text', autoComplete: 'off', dir: 'auto' },
    { name: 'subject', control: 'text', wide: true, dir: 'auto' },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  programs: [
    { name: 'organisation', control: 'text', autoComplete: 'organization', dir: 'auto' },
    { name: 'organisationKind', control: 'radio' },
    { name: 'size', control: 'select' },
    { name: 'country', control: 'country' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr', wide: true },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  partnerships: [
    { name: 'organisation', control: 'text', autoComplete: 'organization', dir: 'auto' },
    { name: 'circle', control: 'radio' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr', wide: true },
    { name: 'message', control: 'textarea', wide: true, dir: 'auto' },
  ],
  concern: [
    { name: 'topic', control: 'select', wide: true },
    { name: 'details', control: 'textarea', wide: true, dir: 'auto' },
    { name: 'when', control: 'text', dir: 'auto' },
    { name: 'replyTo', control: 'text', autoComplete: 'off', dir: 'auto' },
  ],
  'expert-application': [
    { name: 'name', control: 'text', autoComplete: 'name', dir: 'auto' },
    { name: 'email', control: 'email', autoComplete: 'email', dir: 'ltr' },
    { name: 'profession', control: 'select' },
    { name: 'specialty', control: 'text', dir: 'auto' },
    { name: 'languages', control: 'radio', wide: true },
    { name: 'yearsOfPractice', control: 'years' },
    { name: 'licence', control: 'text', dir: 'auto' },
    { name: 'statement', control: 'textarea', wide: true, dir: 'auto' },
    { name: 'cv', control: 'cv', wide: true },
  ],
};

function createLogic(overrides: ScreenOverrides['enquiryForm']) {
  const real = enquiryFormMachine.provide({ actors: { sendForm } });
  return overrides ? real.provide(overrides) : real;
}

/** A message if it exists (helpers are optional per field). */
function maybe(intl: IntlShape, id: string, values?: Record<string, string | number>): string | undefined {
  return intl.messages[id] ? intl.formatMessage({ id }, values) : undefined;
}

/**
 * A field's problem as a sentence in her language, with its limits: the field's own words when it
 * has them (`forms.error.email.REQUIRED`: what to enter there), else the code's.
 */
export function problemText(
  intl: IntlShape,
  code: string | undefined,
  rule?: FieldRule,
  field?: string,
): string | undefined {
  if (!code) return undefined;
  const limits = rule ? limitsOf(rule) : { min: 0, max: 0 };
  const values = { min: limits.min, max: limits.max, mb: CV_MAX_BYTES / (1024 * 1024) };
  return (
    (field && maybe(intl, `forms.error.${field}.${code}`, values)) ||
    maybe(intl, `forms.error.${code}`, values) ||
    intl.formatMessage({ id: 'forms.error.INVALID' })
  );
}

/** Where focus goes for a field (its input, its first radio, the select's or the CV's button). */
function focusField(root: HTMLElement | null, name: string) {
  if (!root) return;
  const el =
    (name === 'cv' ? root.querySelector<HTMLElement>('[data-testid="cv-choose"]') : null) ??
    root.querySelector<HTMLElement>(`[data-testid="field-${name}"]:is(input, textarea, button)`) ??
    root.querySelector<HTMLElement>(`[data-testid="field-${name}"] input:not([disabled])`) ??
    root.querySelector<HTMLElement>(`input[name="${name}"]:not([type="hidden"])`);
  if (el) revealAndFocus(el);
}

const grid = css({
  display: 'grid',
  gap: '5',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  '& > [data-wide]': { gridColumn: { md: '1 / -1' } },
});

const formatSize = (intl: IntlShape, bytes: number) =>
  bytes >= 1024 * 1024
    ? intl.formatMessage(
        { id: 'forms.cv.sizeMb' },
        { size: intl.formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 }) },
      )
    : intl.formatMessage(
        { id: 'forms.cv.sizeKb' },
        { size: intl.formatNumber(Math.max(1, Math.round(bytes / 1024))) },
      );

export default function EnquiryForm({ kind }: { kind: FormKind }) {
  const intl = useIntl();
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.enquiryForm));
  const form = useActorRef(logic, { input: { kind }, inspect: overrides.inspect });
  const values = useSelector(form, (s) => s.context.values);
  const errors = useSelector(form, (s) => s.context.fieldErrors);
  const cv = useSelector(form, (s) => s.context.cv);
  const attempt = useSelector(form, (s) => s.context.attempt);
  const error = useSelector(form, (s) => s.context.error);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const sent = useSelector(form, (s) => s.hasTag('step:sent'));
  const failed = useSelector(form, (s) => s.hasTag('step:failed'));
  const root = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const rules = FORM_FIELDS[kind] as Record<string, FieldRule>;
  const fields = UI[kind];
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);

  // a refused submit: focus the first field with a problem (the summary above says how many);
  // only when a submit is refused (attempt), not as the marks change while she types
  const errorsNow = useRef(errors);
  errorsNow.current = errors;
  useEffect(() => {
    if (attempt === 0) return;
    const first = UI[kind].find((f) => errorsNow.current[f.name]);
    if (first) focusField(root.current, first.name);
  }, [attempt, kind]);

  // sent: the confirmation takes focus, so it is read out and she is not left on a vanished button
  useEffect(() => {
    if (sent) confirmation.current?.focus();
  }, [sent]);

  if (sent) {
    return (
      <div
        ref={confirmation}
        tabIndex={-1}
        role="status"
        data-testid="form-sent"
        className={cx(
          panel({ tone: 'accent', padding: 'lg' }),
          css({
            display: 'flex',
            flexDirection: 'column',
            gap: '3',
            alignItems: 'flex-start',
            outline: 'none',
            _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid' },
          }),
        )}
      >
        <span className={css({ color: 'accent.fg', '& svg': { boxSize: '7' } })}>
          <CheckCircleIcon aria-hidden="true" />
        </span>
        <h3 className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
          <FormattedMessage id={`forms.${kind}.sent.title`} />
        </h3>
        <p className={css({ maxWidth: '65ch' })}>
          <FormattedMessage id={`forms.${kind}.sent.body`} />
        </p>
        <Button type="button" variant="outline" onClick={() => form.send({ type: 'form.another' })}>
          <FormattedMessage id={`forms.${kind}.sent.another`} />
        </Button>
      </div>
    );
  }

  const problemCount = Object.keys(errors).length;
  const change = (name: string) => (value: string) => form.send({ type: 'form.change', field: name, value });
  const optionsOf = (name: string): Option[] => {
    const rule = rules[name];
    return rule?.type === 'choice'
      ? rule.options.map((value) => ({ value, label: t(`forms.option.${name}.${value}`) }))
      : [];
  };

  const pickCv = async (file: File) => {
    const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
    const chosen: ChosenCv = { name: file.name, size: file.size, head, file };
    form.send({ type: 'form.cvChosen', cv: chosen });
  };

  return (
    <form
      ref={root}
      noValidate
      aria-busy={busy}
      data-testid={`form-${kind}`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5', position: 'relative' })}
      onSubmit={(e) => {
        e.preventDefault();
        form.send({ type: 'form.submit' });
      }}
    >
      <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
        <FormattedMessage id="forms.requiredNote" values={{ mark: <span aria-hidden="true">*</span> }} />
      </p>
      {problemCount > 0 && attempt > 0 && (
        <Notice
          status="error"
          data-testid="form-problems"
          title={t('forms.problems', { count: problemCount })}
        />
      )}
      <fieldset disabled={busy} className={grid}>
        <legend className={css({ srOnly: true })}>
          <FormattedMessage id={`forms.${kind}.legend`} />
        </legend>
        {fields.map((f) => {
          const rule = rules[f.name];
          const base = {
            name: f.name,
            label: t(`forms.${kind}.${f.name}.label`),
            helper: maybe(intl, `forms.${kind}.${f.name}.helper`),
            error: problemText(intl, errors[f.name], rule, f.name),
            required: f.control === 'cv' ? true : rule?.required,
            optionalText: t('forms.optional'),
          };
          const wide = f.wide ? { 'data-wide': '' } : {};
          let control: ReactNode;
          switch (f.control) {
            case 'text':
            case 'email':
            case 'textarea':
            case 'years':
              control = (
                <TextField
                  {...base}
                  value={values[f.name] ?? ''}
                  onChange={change(f.name)}
                  multiline={f.control === 'textarea'}
                  type={f.control === 'email' ? 'email' : 'text'}
                  inputMode={f.control === 'email' ? 'email' : f.control === 'years' ? 'numeric' : undefined}
                  autoComplete={f.autoComplete}
                  dir={f.dir}
                  maxLength={f.control === 'years' ? 2 : undefined}
                />
              );
              break;
            case 'select':
              control = (
                <SelectField
                  {...base}
                  value={values[f.name] ?? ''}
                  onChange={change(f.name)}
                  options={optionsOf(f.name)}
                  placeholder={t(`forms.${kind}.${f.name}.placeholder`)}
                />
              );
              break;
            case 'radio':
              control = (
                <RadioField
                  {...base}
                  value={values[f.name] ?? ''}
                  onChange={change(f.name)}
                  options={optionsOf(f.name)}
                />
              );
              break;
            case 'country':
              control = (
                <div data-testid="field-country">
                  <CountryCombobox
                    key={intl.locale}
                    value={values.country ?? ''}
                    onChange={change('country')}
                    name="country"
                    autoComplete="country"
                    required
                    label={base.label}
                    placeholder={t('forms.country.placeholder')}
                    clearLabel={t('forms.country.clear')}
                    openLabel={t('forms.country.open')}
                    emptyText={t('forms.country.empty')}
                    error={base.error}
                  />
                </div>
              );
              break;
            case 'cv':
              control = (
                <FileField
                  {...base}
                  file={cv}
                  accept="application/pdf"
                  maxBytes={CV_MAX_BYTES}
                  onPick={pickCv}
                  onRemove={() => form.send({ type: 'form.cvCleared' })}
                  texts={{
                    choose: t('forms.cv.choose'),
                    drop: t('forms.cv.drop'),
                    remove: t('forms.cv.remove'),
                    size: cv ? formatSize(intl, cv.size) : '',
                  }}
                />
              );
              break;
          }
          return (
            <div key={f.name} {...wide} className={css({ minWidth: '0' })}>
              {control}
            </div>
          );
        })}
      </fieldset>
      <Honeypot
        name={HONEYPOT_FIELD}
        label={t('forms.honeypot')}
        value={values[HONEYPOT_FIELD] ?? ''}
        onChange={change(HONEYPOT_FIELD)}
      />
      {failed && error && (
        <Notice
          status="error"
          data-testid="form-failed"
          title={t('forms.failed.title')}
          description={
            maybe(intl, `forms.failed.${error.code}`, {
              minutes: Math.max(1, Math.ceil((error.retryAfter ?? 60) / 60)),
            }) ?? t('forms.failed.generic')
          }
          actions={
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => form.send({ type: 'form.retry' })}
            >
              <FormattedMessage id="forms.retry" />
            </Button>
          }
        />
      )}
      <p className={css({ color: 'fg.muted', textStyle: 'body.sm', maxWidth: '70ch' })}>
        <FormattedMessage id={`forms.${kind}.privacy`} />
      </p>
      <div>
        <Button
          type="submit"
          size="lg"
          loading={busy}
          data-testid="form-submit"
          className={css({ width: { base: 'full', sm: 'auto' } })}
        >
          <FormattedMessage id={`forms.${kind}.submit`} />
        </Button>
        {busy && (
          <span role="status" className={css({ srOnly: true })}>
            <FormattedMessage id="forms.sending" />
          </span>
        )}
      </div>
    </form>
  );
}
