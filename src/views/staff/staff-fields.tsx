import type { IntlShape } from 'react-intl';
import { FormattedMessage, useIntl } from 'react-intl';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, TOTP_DIGITS } from '../../../contract/staff';
import type { AppError } from '../../../machines/types';
import { InputField } from '../../components/input-field';
import { Notice } from '../../components/notice';
import { errorMessage, fieldMessage } from '../messages';

/**
 * What the staff sign-in screens share (issue 26): a field code or an error code as a sentence (the
 * staff side's own sentences first, then the app's), the authenticator-app code field, the error notice.
 */
export function staffFieldMessage(intl: IntlShape, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const own = `staff.auth.field.${code}`;
  return intl.messages[own]
    ? intl.formatMessage({ id: own }, { min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX })
    : fieldMessage(intl, code);
}

export function staffErrorMessage(intl: IntlShape, error: AppError): string {
  const own = `staff.auth.error.${error.code}`;
  if (intl.messages[own]) return intl.formatMessage({ id: own });
  return errorMessage(intl, error, 'staff.common.error');
}

export function StaffError({ error, testId }: { error: AppError | null; testId: string }) {
  const intl = useIntl();
  if (!error) return null;
  return <Notice data-testid={testId} title={staffErrorMessage(intl, error)} />;
}

export function CodeField({
  value,
  error,
  disabled,
  testId,
  onChange,
}: {
  value: string;
  error: string | undefined;
  disabled: boolean;
  testId: string;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <InputField
      label={<FormattedMessage id="staff.auth.code.label" />}
      helper={<FormattedMessage id="staff.auth.code.helper" values={{ digits: TOTP_DIGITS }} />}
      invalid={!!error}
      error={staffFieldMessage(intl, error)}
      errorTestId={`${testId}-error`}
      name="code"
      data-testid={testId}
      inputMode="numeric"
      autoComplete="one-time-code"
      dir="ltr"
      maxLength={TOTP_DIGITS}
      disabled={disabled}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
