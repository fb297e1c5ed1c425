import { FormattedMessage, useIntl } from 'react-intl';
import * as Field from '../../components/field';
import * as PasswordInput from '../../components/password-input';
import { fieldMessage } from '../messages';

/** Her current PIN, masked with a show/hide toggle (Ark PasswordInput), as sign-in asks it. */
export function CurrentPinField(props: {
  value: string;
  error?: string;
  name: string;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <Field.Root invalid={!!props.error} required disabled={props.disabled}>
      <PasswordInput.Root>
        <Field.Label>
          <FormattedMessage id="settings.currentPin" />
        </Field.Label>
        <PasswordInput.Control>
          <PasswordInput.Input
            name={props.name}
            inputMode="numeric"
            autoComplete="current-password"
            maxLength={12}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            data-testid={`${props.name}-input`}
          />
          <PasswordInput.VisibilityTrigger
            showLabel={intl.formatMessage({ id: 'auth.pin.show' })}
            hideLabel={intl.formatMessage({ id: 'auth.pin.hide' })}
          />
        </PasswordInput.Control>
      </PasswordInput.Root>
      <Field.ErrorText>{fieldMessage(intl, props.error)}</Field.ErrorText>
    </Field.Root>
  );
}
