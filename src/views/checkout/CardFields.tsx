import type { ChangeEvent, ComponentProps, ReactNode } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import {
  type CardField,
  type CardInput,
  cardBrand,
  cardDigits,
  formatCardNumber,
  SANDBOX_TEST_CARDS,
  type SandboxBehaviour,
} from '../../../contract/commerce-rules';
import { css } from '../../../styled-system/css';
import { CountryCombobox } from '../../components/country-combobox';
import * as Field from '../../components/field';

/**
 * The card's fields (spec §3, Card payment: number with its brand, expiry MM/YY, security code,
 * country, postal code) and the sandbox's test cards, shared by checkout and the consultation
 * booking: each screen's machine keeps the values and the problems, these only show them.
 */

/**
 * A field's problem code as a sentence in her language: the field's own words when it has them
 * (`checkout.field.number.REQUIRED`: what to enter there), else the code's.
 */
export function fieldMessage(
  intl: IntlShape,
  code: string | undefined,
  field?: CardField,
): string | undefined {
  if (!code) return undefined;
  const id = [`checkout.field.${field}.${code}`, `checkout.field.${code}`].find((i) => intl.messages[i]);
  return intl.formatMessage({ id: id ?? 'checkout.field.INVALID' });
}

/** Digits are written left to right, Arabic pages included (the placeholder stays in her direction). */
const ltrValue = css({ _rtl: { '&:not(:placeholder-shown)': { direction: 'ltr', textAlign: 'end' } } });

const fieldsGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  '& > [data-wide]': { gridColumn: { sm: '1 / -1' } },
});

/** The card's brand, once known, on the number field's end (its left on an Arabic page). */
const brandBadge = css({
  position: 'absolute',
  insetEnd: '3',
  top: '50%',
  transform: 'translateY(-50%)',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontSize: 'xs',
  fontWeight: '700',
  letterSpacing: 'wide',
});

export interface RequiredTextFieldProps extends ComponentProps<typeof Field.Input> {
  label: ReactNode;
  hint?: ReactNode;
  /** The problem in words; the field is invalid while it is set. */
  error: string | undefined;
}

/** One required line of text: its label, the input, a hint and the problem (the card's and her details' fields). */
export function RequiredTextField({ label, hint, error, ...input }: RequiredTextFieldProps) {
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>{label}</Field.Label>
      <Field.Input {...input} />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

export interface CardFieldsProps {
  card: CardInput;
  errors: Partial<Record<CardField, string>>;
  disabled: boolean;
  onChange: (field: CardField, value: string) => void;
}

/** The card's fields in a fieldset (disabled while a payment is on its way). */
export function CardFields({ card, errors, disabled, onChange }: CardFieldsProps) {
  const intl = useIntl();
  const digits = cardDigits(card.number);
  const brand = cardBrand(digits);
  // what the card's text fields share: name, test id, value, change event, problem, digits left to right
  const textField = (field: 'expiry' | 'cvc' | 'postalCode', name: string, testId: string) => ({
    name,
    'data-testid': testId,
    value: card[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(field, e.target.value),
    error: fieldMessage(intl, errors[field], field),
    className: ltrValue,
  });
  return (
    <fieldset disabled={disabled} className={fieldsGrid}>
      <legend className={css({ srOnly: true })}>
        <FormattedMessage id="checkout.card.title" />
      </legend>
      <Field.Root invalid={!!errors.number} required data-wide="">
        <Field.Label>
          <FormattedMessage id="checkout.card.number" />
        </Field.Label>
        <div className={css({ position: 'relative' })}>
          <Field.Input
            name="cardNumber"
            inputMode="numeric"
            autoComplete="cc-number"
            maxLength={23}
            value={formatCardNumber(digits)}
            onChange={(e) => onChange('number', cardDigits(e.target.value).replace(/\D/g, '').slice(0, 19))}
            className={css({
              pe: '28',
              fontVariantNumeric: 'tabular-nums',
              // the brand badge sits at the field's end (left on an Arabic page)
              _rtl: {
                '&:not(:placeholder-shown)': {
                  direction: 'ltr',
                  textAlign: 'end',
                  ps: '28',
                  pe: '3.5',
                },
              },
            })}
            data-testid="card-number"
          />
          {brand !== 'unknown' && (
            <span aria-hidden="true" data-testid="card-brand" className={brandBadge}>
              <FormattedMessage id={`checkout.card.brand.${brand}`} />
            </span>
          )}
        </div>
        <Field.HelperText>
          {brand !== 'unknown' ? (
            <FormattedMessage
              id="checkout.card.brandDetected"
              values={{ brand: intl.formatMessage({ id: `checkout.card.brand.${brand}` }) }}
            />
          ) : (
            <FormattedMessage id="checkout.card.numberHint" />
          )}
        </Field.HelperText>
        <Field.ErrorText>{fieldMessage(intl, errors.number, 'number')}</Field.ErrorText>
      </Field.Root>
      <RequiredTextField
        label={<FormattedMessage id="checkout.card.expiry" />}
        {...textField('expiry', 'cardExpiry', 'card-expiry')}
        inputMode="numeric"
        autoComplete="cc-exp"
        maxLength={7}
        placeholder={intl.formatMessage({ id: 'checkout.card.expiryPlaceholder' })}
      />
      <RequiredTextField
        label={<FormattedMessage id="checkout.card.cvc" />}
        hint={<FormattedMessage id="checkout.card.cvcHint" />}
        {...textField('cvc', 'cardCvc', 'card-cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
      />
      <div>
        <CountryCombobox
          key={intl.locale}
          value={card.country}
          onChange={(value) => onChange('country', value)}
          name="country"
          autoComplete="country"
          required
          label={intl.formatMessage({ id: 'checkout.card.country' })}
          placeholder={intl.formatMessage({ id: 'checkout.card.countryPlaceholder' })}
          clearLabel={intl.formatMessage({ id: 'checkout.card.countryClear' })}
          openLabel={intl.formatMessage({ id: 'checkout.card.countryOpen' })}
          emptyText={intl.formatMessage({ id: 'checkout.card.countryEmpty' })}
          error={fieldMessage(intl, errors.country, 'country')}
          data-testid="card-country"
        />
      </div>
      <RequiredTextField
        label={<FormattedMessage id="checkout.card.postalCode" />}
        {...textField('postalCode', 'postalCode', 'card-postal')}
        autoComplete="postal-code"
        maxLength={16}
      />
    </fieldset>
  );
}

const TEST_CARDS: SandboxBehaviour[] = [
  'success',
  'successMastercard',
  'challenge',
  'declined',
  'insufficientFunds',
  'processingError',
];

/** The test cards' box: dashed, a note for testers beside the form. */
const testModeBox = css({
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: '4',
  display: 'grid',
  gap: '2',
  textStyle: 'body.sm',
});

/** The sandbox's documented test cards, so a tester can pay (no real money moves). */
export function TestCards() {
  return (
    <aside aria-labelledby="test-mode-title" data-testid="test-mode" className={testModeBox}>
      <h3 id="test-mode-title" className={css({ fontWeight: '700' })}>
        <FormattedMessage id="checkout.testMode.title" />
      </h3>
      <p className={css({ color: 'fg.muted' })}>
        <FormattedMessage id="checkout.testMode.body" />
      </p>
      <ul className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1' })}>
        {TEST_CARDS.map((k) => (
          <li
            key={k}
            className={css({ display: 'grid', gridColumn: '1 / -1', gridTemplateColumns: 'subgrid' })}
          >
            <bdi className={css({ fontFamily: 'mono', fontVariantNumeric: 'tabular-nums' })} dir="ltr">
              {formatCardNumber(SANDBOX_TEST_CARDS[k])}
            </bdi>
            <span className={css({ color: 'fg.muted' })}>
              <FormattedMessage id={`checkout.testMode.${k}`} />
            </span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
