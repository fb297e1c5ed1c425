import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { InputField } from '../../components/input-field';
import { fieldMessage } from '../messages';

/** Text kept as she types it: no capitals, corrections or spelling marks, in either direction. */
export const asTyped = {
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
  dir: 'auto',
} as const;

/**
 * The alias field of sign-in, sign-up and recovery: one name (`alias`, autocompleted as the
 * username), no capitals or corrections forced on it, typed in either direction. `error` is a field
 * code (ALIAS_REQUIRED…), shown under the field; `invalid` marks the field for an error said elsewhere.
 */
export function AliasField({
  onChange,
  error,
  invalid = !!error,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  invalid?: boolean;
  readOnly?: boolean;
  helper?: ReactNode;
  errorTestId?: string;
}) {
  const intl = useIntl();
  return (
    <InputField
      label={<FormattedMessage id="auth.alias.label" />}
      invalid={invalid}
      error={fieldMessage(intl, error)}
      name="alias"
      autoComplete="username"
      {...asTyped}
      maxLength={60}
      // value, readOnly, helper and errorTestId as they come
      {...rest}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
