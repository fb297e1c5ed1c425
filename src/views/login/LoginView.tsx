import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { loginMachine } from '../../../machines/login';
import { css } from '../../../styled-system/css';
import { useSession, useSystemActor } from '../../app/actors';
import { createFlow, useFlowSelect, useFlowSend } from '../../app/flow';
import { safeNext } from '../../app/layouts/dashboard-nav';
import { notify } from '../../app/notify';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { Notice } from '../../components/notice';
import * as PasswordInput from '../../components/password-input';
import { AliasField } from '../auth/AliasField';
import { AuthCard, AuthSwitch, formStack } from '../auth/AuthCard';
import { errorDetail, errorMessage, fieldMessage } from '../messages';
import { useDocumentTitle } from '../useDocumentTitle';

const AliasRequiredDialog = lazy(() => import('./AliasRequiredDialog'));

/** The sign-in flow: the screen makes the form's actor and provides it; the form selects and sends. */
const LoginFlow = createFlow<typeof loginMachine>('LoginFlow');

/** Sign-in (spec §5, §8): alias and PIN; Forgot PIN? opens recovery with the alias filled in. */
export default function LoginView() {
  useDocumentTitle('login.title');
  const intl = useIntl();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const session = useSystemActor('session');
  const forgotPin = useSystemActor('forgotPin');
  // a recovery just done hands over here: the success message and her alias
  const recovered = useSelector(forgotPin, (s) => s.hasTag('step:done'));
  const recoveredAlias = useSelector(forgotPin, (s) => s.context.alias);

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
  return (
    <AuthCard
      title={<FormattedMessage id="login.title" />}
      subtitle={<FormattedMessage id="login.subtitle" />}
    >
      <LoginFlow.Provider value={login}>
        <LoginForm recovered={recovered} next={next} />
      </LoginFlow.Provider>
    </AuthCard>
  );
}

/** The form, as the sign-in machine has it. */
function LoginForm({ recovered, next }: { recovered: boolean; next: string | null }) {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const send = useFlowSend(LoginFlow);
  const expired = useSession((s) => s.context.error?.code === 'SESSION_EXPIRED');
  const alreadyIn = useSession((s) => s.matches('signedIn'));
  const submitting = useFlowSelect(LoginFlow, (s) => s.hasTag('busy'));
  const aliasRequired = useFlowSelect(LoginFlow, (s) => s.hasTag('aliasRequired'));
  const alias = useFlowSelect(LoginFlow, (s) => s.context.alias);
  const pin = useFlowSelect(LoginFlow, (s) => s.context.pin);
  const fieldErrors = useFlowSelect(LoginFlow, (s) => s.context.fieldErrors);
  const error = useFlowSelect(LoginFlow, (s) => s.context.error);

  // a member already signed in has nothing to do here (while signing in, enterApp takes her on)
  useEffect(() => {
    if (alreadyIn && !submitting) navigate(next ?? '/dashboard', { replace: true });
  }, [alreadyIn, submitting, navigate, next]);

  return (
    <>
      <form
        noValidate
        className={formStack}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'login.submit' });
        }}
      >
        {recovered && !error && (
          <Notice status="success" description={<FormattedMessage id="login.pinRecovered" />} />
        )}
        {expired && !error && (
          <Notice status="info" description={<FormattedMessage id="login.sessionExpired" />} />
        )}
        {error && (
          <Notice
            data-testid="login-error"
            title={errorMessage(intl, error, 'login.error')}
            description={errorDetail(intl, error)}
          />
        )}
        <AliasField
          value={alias}
          error={fieldErrors.alias}
          onChange={(value) => send({ type: 'login.aliasChanged', value })}
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
                onChange={(e) => send({ type: 'login.pinChanged', value: e.target.value })}
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
          <Button type="button" variant="link" size="sm" onClick={() => send({ type: 'login.forgotPin' })}>
            <FormattedMessage id="login.forgotPin" />
          </Button>
        </div>
        <Button type="submit" size="lg" loading={submitting} className={css({ width: '100%' })}>
          <FormattedMessage id="login.submit" />
        </Button>
        <AuthSwitch
          question="login.noAccount"
          action="login.createAccount"
          href={next ? `/signup?next=${encodeURIComponent(next)}` : '/signup'}
        />{' '}
      </form>
      {aliasRequired && (
        <Suspense fallback={null}>
          <AliasRequiredDialog onClose={() => send({ type: 'login.dismissDialog' })} />
        </Suspense>
      )}
    </>
  );
}
