import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { totalOf } from '../../../machines/checkout';
import {
  type CardField,
  cardBrand,
  cardDigits,
  formatCardNumber,
  SANDBOX_TEST_CARDS,
  type SandboxBehaviour,
} from '../../../server/contract/commerce-rules';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { CountryCombobox } from '../../components/country-combobox';
import * as Field from '../../components/field';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { LockIcon } from '../../theme/icons';
import { codeErrorMessage } from '../cart/parts';
import { formatMoney } from '../courses/format';
import { CheckoutFlow } from './flow';

const DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'challenge_failed'];

/** A field's problem code as a sentence in her language. */
function fieldMessage(intl: IntlShape, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const id = `checkout.field.${code}`;
  return intl.messages[id]
    ? intl.formatMessage({ id })
    : intl.formatMessage({ id: 'checkout.field.INVALID' });
}

/** Digits are written left to right, Arabic pages included (the placeholder stays in her direction). */
const ltrValue = css({ _rtl: { '&:not(:placeholder-shown)': { direction: 'ltr', textAlign: 'end' } } });

const fieldsGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  '& > [data-wide]': { gridColumn: { sm: '1 / -1' } },
});

/** The card form (spec §3, Card payment), its notices and the Pay button. */
export function CardForm() {
  const intl = useIntl();
  const send = useFlowSend(CheckoutFlow);
  const card = useFlowSelect(CheckoutFlow, (s) => s.context.card);
  const errors = useFlowSelect(CheckoutFlow, (s) => s.context.fieldErrors);
  const busy = useFlowSelect(CheckoutFlow, (s) => s.hasTag('busy') || s.hasTag('step:challenge'));
  const interrupted = useFlowSelect(CheckoutFlow, (s) => s.hasTag('step:interrupted'));
  const total = useFlowSelect(CheckoutFlow, (s) => totalOf(s.context.quote));
  const free = useFlowSelect(CheckoutFlow, (s) => !!s.context.quote && totalOf(s.context.quote) === 0);
  const digits = cardDigits(card.number);
  const brand = cardBrand(digits);
  const change = (field: CardField) => (value: string) =>
    send({ type: 'checkout.fieldChanged', field, value });
  const locked = busy || interrupted;

  return (
    <section
      aria-labelledby="card-title"
      className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'grid', gap: '5' }))}
    >
      <h2 id="card-title" className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id={free ? 'checkout.free.title' : 'checkout.card.title'} />
      </h2>
      <Notices />
      <form
        noValidate
        aria-busy={busy}
        data-testid="checkout-form"
        className={css({ display: 'grid', gap: '5' })}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'checkout.submit' });
        }}
      >
        {free ? (
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id="checkout.free.body" />
          </p>
        ) : (
          <fieldset disabled={locked} className={fieldsGrid}>
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
                  onChange={(e) =>
                    change('number')(cardDigits(e.target.value).replace(/\D/g, '').slice(0, 19))
                  }
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
                  <span
                    aria-hidden="true"
                    data-testid="card-brand"
                    className={css({
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
                    })}
                  >
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
              <Field.ErrorText>{fieldMessage(intl, errors.number)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.expiry} required>
              <Field.Label>
                <FormattedMessage id="checkout.card.expiry" />
              </Field.Label>
              <Field.Input
                name="cardExpiry"
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={7}
                placeholder={intl.formatMessage({ id: 'checkout.card.expiryPlaceholder' })}
                value={card.expiry}
                onChange={(e) => change('expiry')(e.target.value)}
                className={ltrValue}
                data-testid="card-expiry"
              />
              <Field.ErrorText>{fieldMessage(intl, errors.expiry)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.cvc} required>
              <Field.Label>
                <FormattedMessage id="checkout.card.cvc" />
              </Field.Label>
              <Field.Input
                name="cardCvc"
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                value={card.cvc}
                onChange={(e) => change('cvc')(e.target.value)}
                className={ltrValue}
                data-testid="card-cvc"
              />
              <Field.HelperText>
                <FormattedMessage id="checkout.card.cvcHint" />
              </Field.HelperText>
              <Field.ErrorText>{fieldMessage(intl, errors.cvc)}</Field.ErrorText>
            </Field.Root>
            <div>
              <CountryCombobox
                key={intl.locale}
                value={card.country}
                onChange={change('country')}
                name="country"
                autoComplete="country"
                required
                label={intl.formatMessage({ id: 'checkout.card.country' })}
                placeholder={intl.formatMessage({ id: 'checkout.card.countryPlaceholder' })}
                clearLabel={intl.formatMessage({ id: 'checkout.card.countryClear' })}
                openLabel={intl.formatMessage({ id: 'checkout.card.countryOpen' })}
                emptyText={intl.formatMessage({ id: 'checkout.card.countryEmpty' })}
                error={fieldMessage(intl, errors.country)}
                data-testid="card-country"
              />
            </div>
            <Field.Root invalid={!!errors.postalCode} required>
              <Field.Label>
                <FormattedMessage id="checkout.card.postalCode" />
              </Field.Label>
              <Field.Input
                name="postalCode"
                autoComplete="postal-code"
                maxLength={16}
                value={card.postalCode}
                onChange={(e) => change('postalCode')(e.target.value)}
                className={ltrValue}
                data-testid="card-postal"
              />
              <Field.ErrorText>{fieldMessage(intl, errors.postalCode)}</Field.ErrorText>
            </Field.Root>
          </fieldset>
        )}
        {!interrupted && (
          <Button type="submit" size="lg" fullWidth loading={busy} data-testid="checkout-pay">
            {!free && <LockIcon />}
            {free ? (
              <FormattedMessage id="checkout.payFree" />
            ) : (
              <FormattedMessage id="checkout.pay" values={{ total: formatMoney(intl, total) }} />
            )}
          </Button>
        )}
        {!free && (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage id="checkout.secure" />
          </p>
        )}
      </form>
      {!free && <TestCards />}
    </section>
  );
}

/** What happened to the last try: a decline and why, a failure, a lost answer, a new price. */
function Notices() {
  const intl = useIntl();
  const send = useFlowSend(CheckoutFlow);
  const error = useFlowSelect(CheckoutFlow, (s) => s.context.error);
  const declined = useFlowSelect(CheckoutFlow, (s) => s.hasTag('step:declined'));
  const failed = useFlowSelect(CheckoutFlow, (s) => s.hasTag('step:failed'));
  const interrupted = useFlowSelect(CheckoutFlow, (s) => s.hasTag('step:interrupted'));
  const editing = useFlowSelect(CheckoutFlow, (s) => s.matches('editing'));
  const previousTotal = useFlowSelect(CheckoutFlow, (s) => s.context.previousTotal);
  const total = useFlowSelect(CheckoutFlow, (s) => totalOf(s.context.quote));
  const couponError = useFlowSelect(CheckoutFlow, (s) => s.context.quote?.couponError ?? null);
  return (
    <>
      {declined && (
        <Notice
          data-testid="checkout-declined"
          title={<FormattedMessage id="checkout.declined.title" />}
          description={
            <>
              {intl.formatMessage({
                id: DECLINE_REASONS.includes(String(error?.reason))
                  ? `checkout.declined.${error?.reason}`
                  : 'checkout.declined.generic',
              })}{' '}
              <FormattedMessage id="checkout.declined.again" />
            </>
          }
        />
      )}
      {failed && (
        <Notice
          data-testid="checkout-failed"
          title={<FormattedMessage id="checkout.failed.title" />}
          description={<FormattedMessage id="checkout.failed.body" />}
        />
      )}
      {interrupted && (
        <Notice
          data-testid="checkout-interrupted"
          title={<FormattedMessage id="checkout.interrupted.title" />}
          description={<FormattedMessage id="checkout.interrupted.body" />}
          actions={
            <Button type="button" size="sm" onClick={() => send({ type: 'checkout.retry' })}>
              <FormattedMessage id="checkout.interrupted.retry" />
            </Button>
          }
        />
      )}
      {editing && error && (
        <Notice
          data-testid="checkout-error"
          title={intl.formatMessage({
            id: error.code === 'NETWORK_ERROR' ? 'cart.error.network' : 'checkout.error.generic',
          })}
        />
      )}
      {editing && previousTotal !== null && (
        <Notice
          status="info"
          role="alert"
          data-testid="checkout-price-changed"
          title={<FormattedMessage id="checkout.priceChanged.title" />}
          description={
            <FormattedMessage
              id="checkout.priceChanged.body"
              values={{ old: formatMoney(intl, previousTotal), new: formatMoney(intl, total) }}
            />
          }
        />
      )}
      {couponError && (
        <Notice
          status="info"
          data-testid="checkout-coupon-dropped"
          description={intl.formatMessage(
            { id: 'checkout.couponDropped' },
            { reason: codeErrorMessage(intl, couponError) },
          )}
        />
      )}
    </>
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

/** The sandbox's documented test cards, so a tester can pay (no real money moves). */
function TestCards() {
  return (
    <aside
      aria-labelledby="test-mode-title"
      data-testid="test-mode"
      className={css({
        borderWidth: '1px',
        borderStyle: 'dashed',
        borderColor: 'border.default',
        borderRadius: 'lg',
        p: '4',
        display: 'grid',
        gap: '2',
        textStyle: 'body.sm',
      })}
    >
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
