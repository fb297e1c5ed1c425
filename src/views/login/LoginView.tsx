import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { loginMachine } from '../../../machines/login';
import { css } from '../../../styled-system/css';
import { useForgotPin, useSession, useSystemActor } from '../../app/actors';
import { safeNext } from '../../app/layouts/dashboard-nav';
import { notify } from '../../app/notify';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import * as PasswordInput from '../../components/password-input';
import { AliasField } from '../auth/AliasField';
import { AuthCard, formStack } from '../auth/AuthCard';
import { errorDetail, errorMessage, fieldMessage } from '../messages';
import { useDocumentTitle } from '../useDocumentTitle';

const AliasRequiredDialog = lazy(() => import('./AliasRequiredDialog'));

/** Sign-in (spec §5, §8): alias and PIN; Forgot PIN? opens recovery with the alias filled in. */
export default function LoginView() {
  useDocumentTitle('login.title');
  const intl = useIntl();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const session = useSystemActor('session');
  const forgotPin = useSystemActor('forgotPin');
  // a recovery just done hands over here: the success message and her alias
  const recovered = useForgotPin((s) => s.hasTag('step:done'));
  const recoveredAlias = useForgotPin((s) => s.context.alias);
  const expired = useSession((s) => s.context.error?.code === 'SESSION_EXPIRED');
  const alreadyIn = useSession((s) => s.matches('signedIn'));

  // the form's own actions, made once, read what they need as it is when they run
  const latest = useRef({ intl, next, navigate });
  latest.current = { intl, next, navigate };
  const [logic] = useState(() =>
    loginMachine.provide({
      actions: {
        enterApp: () => {
          const { intl, next, navigate } = latest.current;
          notify({ type: 'success', title: intl.formatMessage({ id: 'login.success' }) });
          navigate(next ?? '/dashboard', { replace: true });
        },
        startRecovery: (_, { alias }) => {
          forgotPin.send({ type: 'forgotPin.start', alias });
          latest.current.navigate('/forgot-pin');
        },
      },
    }),
  );
  const login = useActorRef(logic, { input: { session, alias: recovered ? recoveredAlias : '' } });
  const submitting = useSelector(login, (s) => s.hasTag('busy'));
  const aliasRequired = useSelector(login, (s) => s.hasTag('aliasRequired'));
  const alias = useSelector(login, (s) => s.context.alias);
  const pin = useSelector(login, (s) => s.context.pin);
  const fieldErrors = useSelector(login, (s) => s.context.fieldErrors);
  const error = useSelector(login, (s) => s.context.error);

  // a member already signed in has nothing to do here (while signing in, enterApp takes her on)
  useEffect(() => {
    if (alreadyIn && !submitting) navigate(next ?? '/dashboard', { replace: true });
  }, [alreadyIn, submitting, navigate, next]);

  return (
    <AuthCard
      title={<FormattedMessage id="login.title" />}
      subtitle={<FormattedMessage id="login.subtitle" />}
    >
      <form
        noValidate
        className={formStack}
        onSubmit={(e) => {
          e.preventDefault();
          login.send({ type: 'login.submit' });
        }}
      >
        {recovered && !error && (
          <Alert.Root status="success" role="status">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Description>
                <FormattedMessage id="login.pinRecovered" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {expired && !error && (
          <Alert.Root status="info" role="status">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Description>
                <FormattedMessage id="login.sessionExpired" />
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        {error && (
          <Alert.Root status="error" role="alert" data-testid="login-error">
            <Alert.Icon />
            <Alert.Content>
              <Alert.Title>{errorMessage(intl, error, 'login.error')}</Alert.Title>
              {errorDetail(intl, error) && <Alert.Description>{errorDetail(intl, error)}</Alert.Description>}
            </Alert.Content>
          </Alert.Root>
        )}
        <AliasField
          value={alias}
          error={fieldErrors.alias}
          onChange={(value) => login.send({ type: 'login.aliasChanged', value })}
        />
        <Field.Root invalid={!!fieldErrors.pin} required>
          <PasswordInput.Root>
            <Field.Label>
              <FormattedMessage id="auth.pin.label" />
            </Field.Label>
            <PasswordInput.Control>
              <PasswordInput.Input
                name="pin"
                inputMode="numeric"
                autoComplete="current-password"
                maxLength={12}
                value={pin}
                onChange={(e) => login.send({ type: 'login.pinChanged', value: e.target.value })}
              />
              <PasswordInput.VisibilityTrigger
                showLabel={intl.formatMessage({ id: 'auth.pin.show' })}
                hideLabel={intl.formatMessage({ id: 'auth.pin.hide' })}
              />
            </PasswordInput.Control>
          </PasswordInput.Root>
          <Field.ErrorText>{fieldMessage(intl, fieldErrors.pin)}</Field.ErrorText>
        </Field.Root>
        <div className={css({ display: 'flex', justifyContent: 'flex-end', mt: '-2' })}>
          <Button
            type="button"
            variant="link"
            size="sm"
            onClick={() => login.send({ type: 'login.forgotPin' })}
          >
            <FormattedMessage id="login.forgotPin" />
          </Button>
        </div>
        <Button type="submit" size="lg" loading={submitting} className={css({ width: '100%' })}>
          <FormattedMessage id="login.submit" />
        </Button>
        <p className={css({ textAlign: 'center', color: 'fg.muted' })}>
          <FormattedMessage id="login.noAccount" />{' '}
          <Link
            href="/signup"
            className={css({ color: 'accent.fg', fontWeight: 'semibold', textDecoration: 'underline' })}
          >
            <FormattedMessage id="login.createAccount" />
          </Link>
        </p>
      </form>
      {aliasRequired && (
        <Suspense fallback={null}>
          <AliasRequiredDialog onClose={() => login.send({ type: 'login.dismissDialog' })} />
        </Suspense>
      )}
    </AuthCard>
  );
}
