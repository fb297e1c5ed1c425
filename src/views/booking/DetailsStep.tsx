import { FormattedMessage, useIntl } from 'react-intl';
import { selectResumed } from '../../../machines/booking-selectors';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { useFocusFirstInvalid } from '../../components/focus-field';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { LockIcon } from '../../theme/icons';
import { RequiredTextField } from '../checkout/CardFields';
import { BookingFlow } from './flow';
import { StepButtons } from './StepButtons';

/** Step 2 (a medical consultation only): first and last name and date of birth, and why. */
export function DetailsStep() {
  const intl = useIntl();
  const send = useFlowSend(BookingFlow);
  const details = useFlowSelect(BookingFlow, (s) => s.context.details);
  const errors = useFlowSelect(BookingFlow, (s) => s.context.detailErrors);
  const resumed = useFlowSelect(BookingFlow, selectResumed);
  const today = useFlowSelect(BookingFlow, (s) => s.context.today);
  const focus = useFocusFirstInvalid(errors);
  // the field's own words when it has them (what to enter there), else the code's
  const message = (field: keyof typeof errors) => {
    const code = errors[field];
    if (!code) return undefined;
    const own = `booking.details.error.${field}.${code}`;
    return intl.formatMessage({ id: intl.messages[own] ? own : `booking.details.error.${code}` });
  };
  // what each field shares: its name, value, problem, change event, autofill and test id
  const field = (name: keyof typeof details, autoComplete: string, testId: string) => ({
    name,
    autoComplete,
    'data-testid': testId,
    value: details[name],
    error: message(name),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      send({ type: 'booking.detailChanged', field: name, value: e.target.value }),
  });
  return (
    <form
      ref={focus.ref}
      noValidate
      data-testid="booking-details"
      className={css({ display: 'grid', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        focus.submitted();
        send({ type: 'booking.submitDetails' });
      }}
    >
      <div className={cx(panel({ tone: 'muted', padding: 'md' }), css({ display: 'flex', gap: '3' }))}>
        <LockIcon aria-hidden="true" className={css({ boxSize: '5', flexShrink: '0', color: 'accent.fg' })} />
        <div className={css({ display: 'grid', gap: '1', textStyle: 'body.sm' })}>
          <p className={css({ fontWeight: '700' })}>
            <FormattedMessage id="booking.details.why.title" />
          </p>
          <p>
            <FormattedMessage id="booking.details.why.body" />
          </p>
        </div>
      </div>
      {resumed && <Notice status="info" description={<FormattedMessage id="booking.details.resumed" />} />}
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        <RequiredTextField
          label={<FormattedMessage id="booking.details.firstName" />}
          {...field('firstName', 'given-name', 'booking-first-name')}
          maxLength={80}
        />
        <RequiredTextField
          label={<FormattedMessage id="booking.details.lastName" />}
          {...field('lastName', 'family-name', 'booking-last-name')}
          maxLength={80}
        />
        <RequiredTextField
          label={<FormattedMessage id="booking.details.dateOfBirth" />}
          // the 18+ rule said once: the hint, or in its place the problem
          hint={errors.dateOfBirth ? undefined : <FormattedMessage id="booking.details.dateOfBirthHint" />}
          type="date"
          {...field('dateOfBirth', 'bday', 'booking-dob')}
          max={today}
        />
      </div>
      <StepButtons submitId="booking.details.next" />
    </form>
  );
}
