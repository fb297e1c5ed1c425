import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CV_MAX_BYTES, type FieldRule, FORM_FIELDS, type FormKind } from '../../../contract/forms-rules';
import type { ChosenCv, enquiryFormMachine } from '../../../machines/enquiryForm';
import { CountryCombobox } from '../../components/country-combobox';
import { FileField } from '../../components/file-field';
import { type Option, RadioField, SelectField, TextField } from '../../components/form-fields';
import { formatSize, maybe, problemText, type UiField } from './form-ui';

export type EnquiryFormActor = ActorRefFrom<typeof enquiryFormMachine>;

/** One field of a public form: its control (by the field's `control`), its words, value and problem. */
export function FieldControl({
  kind,
  field: f,
  form,
}: {
  kind: FormKind;
  field: UiField;
  form: EnquiryFormActor;
}) {
  const intl = useIntl();
  const value = useSelector(form, (s) => s.context.values[f.name] ?? '');
  const problem = useSelector(form, (s) => s.context.fieldErrors[f.name]);
  const cv = useSelector(form, (s) => (f.control === 'cv' ? s.context.cv : null));
  const t = (id: string) => intl.formatMessage({ id });
  const rule = (FORM_FIELDS[kind] as Record<string, FieldRule>)[f.name];
  const onChange = (v: string) => form.send({ type: 'form.change', field: f.name, value: v });
  const base = {
    name: f.name,
    label: t(`forms.${kind}.${f.name}.label`),
    helper: maybe(intl, `forms.${kind}.${f.name}.helper`),
    error: problemText(intl, problem, rule, f.name),
    required: f.control === 'cv' ? true : rule?.required,
    optionalText: t('forms.optional'),
  };
  const options: Option[] =
    rule?.type === 'choice'
      ? rule.options.map((o) => ({ value: o, label: t(`forms.option.${f.name}.${o}`) }))
      : [];

  switch (f.control) {
    case 'select':
      return (
        <SelectField
          {...base}
          value={value}
          onChange={onChange}
          options={options}
          placeholder={t(`forms.${kind}.${f.name}.placeholder`)}
        />
      );
    case 'radio':
      return <RadioField {...base} value={value} onChange={onChange} options={options} />;
    case 'country':
      return (
        <div data-testid="field-country">
          <CountryCombobox
            key={intl.locale}
            value={value}
            onChange={onChange}
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
    case 'cv':
      return (
        <FileField
          {...base}
          file={cv}
          accept="application/pdf"
          maxBytes={CV_MAX_BYTES}
          onPick={async (file: File) => {
            const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
            const chosen: ChosenCv = { name: file.name, size: file.size, head, file };
            form.send({ type: 'form.cvChosen', cv: chosen });
          }}
          onRemove={() => form.send({ type: 'form.cvCleared' })}
          texts={{
            choose: t('forms.cv.choose'),
            drop: t('forms.cv.drop'),
            remove: t('forms.cv.remove'),
            size: cv ? formatSize(intl, cv.size) : '',
          }}
        />
      );
    default:
      return (
        <TextField
          {...base}
          value={value}
          onChange={onChange}
          multiline={f.control === 'textarea'}
          type={f.control === 'email' ? 'email' : 'text'}
          inputMode={f.control === 'email' ? 'email' : f.control === 'years' ? 'numeric' : undefined}
          autoComplete={f.autoComplete}
          dir={f.dir}
          maxLength={f.control === 'years' ? 2 : undefined}
        />
      );
  }
}
