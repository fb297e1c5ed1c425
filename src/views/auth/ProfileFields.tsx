import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AGE_RANGES, MARITAL_STATUSES } from '../../../contract/account-rules';
import { css } from '../../../styled-system/css';
import { grid } from '../../../styled-system/patterns';
import { CountryCombobox } from '../../components/country-combobox';
import * as Field from '../../components/field';
import * as RadioGroup from '../../components/radio-group';
import * as Select from '../../components/select';
import { fieldMessage } from '../messages';

const optional = css({ color: 'fg.muted', fontWeight: 'normal', fontSize: 'sm', ms: '1' });

export interface ProfileValues {
  country: string;
  ageRange: string;
  maritalStatus: string;
  email: string;
  phone: string;
}

/**
 * Her account's profile fields (spec §3), the same in sign-up's profile step and in Account
 * Settings: country of residence (named in her language), age range, and the optional marital
 * status, e-mail and phone. `errors` holds field codes (translated here); `onChange` gets each edit.
 */
export function ProfileFields({
  values: v,
  errors: e,
  onChange,
}: {
  values: ProfileValues;
  errors: Partial<Record<keyof ProfileValues, string>>;
  onChange: (field: keyof ProfileValues, value: string) => void;
}) {
  const intl = useIntl();
  const ages = useMemo(
    () =>
      Select.createListCollection({
        items: AGE_RANGES.map((value) => ({ value, label: intl.formatMessage({ id: `ageRange.${value}` }) })),
      }),
    [intl],
  );
  return (
    <>
      <CountryCombobox
        key={intl.locale}
        value={v.country}
        onChange={(value) => onChange('country', value)}
        name="country"
        required
        label={intl.formatMessage({ id: 'signup.profile.country' })}
        placeholder={intl.formatMessage({ id: 'signup.profile.countryPlaceholder' })}
        clearLabel={intl.formatMessage({ id: 'signup.profile.countryClear' })}
        openLabel={intl.formatMessage({ id: 'signup.profile.countryOpen' })}
        emptyText={intl.formatMessage({ id: 'signup.profile.countryEmpty' })}
        error={fieldMessage(intl, e.country)}
        data-testid="country-input"
      />
      <Field.Root invalid={!!e.ageRange} required>
        <Select.Root
          collection={ages}
          value={v.ageRange ? [v.ageRange] : []}
          onValueChange={(ev) => onChange('ageRange', ev.value[0] ?? '')}
        >
          <Select.Label>
            <FormattedMessage id="signup.profile.ageRange" />
          </Select.Label>
          <Select.Control>
            <Select.Trigger data-testid="age-range-trigger">
              <Select.ValueText
                placeholder={intl.formatMessage({ id: 'signup.profile.ageRangePlaceholder' })}
              />
              <Select.Indicator />
            </Select.Trigger>
          </Select.Control>
          <Select.Options items={ages.items} itemKey={(item) => item.value} label={(item) => item.label} />
        </Select.Root>
        <Field.ErrorText>{fieldMessage(intl, e.ageRange)}</Field.ErrorText>
      </Field.Root>
      <RadioGroup.Root
        value={v.maritalStatus || null}
        onValueChange={(ev) => onChange('maritalStatus', ev.value ?? '')}
        className={css({ gap: '2' })}
        data-testid="marital-status"
      >
        <RadioGroup.Label>
          <FormattedMessage id="signup.profile.maritalStatus" />
          <span className={optional}>
            <FormattedMessage id="common.optional" />
          </span>
        </RadioGroup.Label>
        <div className={grid({ columns: { base: 2, md: 3 }, columnGap: '4', rowGap: '1' })}>
          {MARITAL_STATUSES.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemControl />
              <RadioGroup.ItemText>
                <FormattedMessage id={`marital.${value}`} />
              </RadioGroup.ItemText>
              <RadioGroup.ItemHiddenInput />
            </RadioGroup.Item>
          ))}
        </div>
        {e.maritalStatus && (
          <p className={css({ color: 'error.fg', fontSize: 'sm' })}>{fieldMessage(intl, e.maritalStatus)}</p>
        )}
      </RadioGroup.Root>
      <Field.Root invalid={!!e.email}>
        <Field.Label>
          <FormattedMessage id="signup.profile.email" />
          <span className={optional}>
            <FormattedMessage id="common.optional" />
          </span>
        </Field.Label>
        <Field.Input
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          value={v.email}
          onChange={(ev) => onChange('email', ev.target.value)}
        />
        <Field.HelperText>
          <FormattedMessage id="signup.profile.emailHint" />
        </Field.HelperText>
        <Field.ErrorText>{fieldMessage(intl, e.email)}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!e.phone}>
        <Field.Label>
          <FormattedMessage id="signup.profile.phone" />
          <span className={optional}>
            <FormattedMessage id="common.optional" />
          </span>
        </Field.Label>
        <Field.Input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={v.phone}
          onChange={(ev) => onChange('phone', ev.target.value)}
        />
        <Field.HelperText>
          <FormattedMessage id="signup.profile.phoneHint" />
        </Field.HelperText>
        <Field.ErrorText>{fieldMessage(intl, e.phone)}</Field.ErrorText>
      </Field.Root>
    </>
  );
}
