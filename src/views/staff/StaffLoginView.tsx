import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { safeNext } from '../../../contract/safe-next';
import { STAFF_IDLE_MINUTES, type StaffMe } from '../../../contract/staff';
import type { staffSignInMachine } from '../../../machines/staffSignIn';
import { css } from '../../../styled-system/css';
import { createFlow, useFlowActor, useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { InputField } from '../../components/input-field';
import { Notice } from '../../components/notice';
import { formStack } from '../auth/AuthCard';
import { useDocumentTitle } from '../useDocumentTitle';
import { EnrolFlow, EnrolSteps } from './EnrolSteps';
import { StaffCard } from './StaffCard';
import { useEnrolChild, useSignInActor } from './staff-actors';
import { CodeField, StaffError, staffFieldMessage } from './staff-fields';
import { firstPageFor } from './staff-nav';
import { StaffSessionFlow } from './staff-session';

const SignInFlow = createFlow<typeof staffSignInMachine>('StaffSignInFlow');
const STEPS = ['step:credentials', 'step:choose', 'step:code', 'step:enrol'] as const;

/** Staff sign-in (issue 26): e-mail and password, then a passkey or an authenticator-app code. */
export default function StaffLoginView() {
  useDocumentTitle('staff.auth.login.title');
  const session = useFlowActor(StaffSessionFlow);
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const latest = useRef({ next, navigate });
  latest.current = { next, navigate };
  const signIn = useSignInActor((me: StaffMe) => {
    session.send({ type: 'staffSession.signedIn', me });
    const { next, navigate } = latest.current;
    navigate(next?.startsWith('/staff') ? next : firstPageFor(me.roles), { replace: true });
  });
  const reason = useSelector(session, (s) => s.context.reason);
  return (
    <StaffCard title={<FormattedMessage id="staff.auth.login.title" />}>
      <SignInFlow.Provider value={signIn}>
        {reason && (
          <Notice
            status="info"
            data-testid="staff-signed-out-reason"
            className={css({ mb: '5' })}
            description={
              <FormattedMessage id={`staff.auth.login.${reason}`} values={{ minutes: STAFF_IDLE_MINUTES }} />
            }
          />
        )}
        <SignInSteps />
      </SignInFlow.Provider>
    </StaffCard>
  );
}

function SignInSteps() {
  const step = useFlowSelect(SignInFlow, (s) => STEPS.find((t) => s.hasTag(t)) ?? 'step:credentials');
  const parent = useFlowActor(SignInFlow);
  const enrol = useEnrolChild(parent);
  if (step === 'step:enrol' && enrol)
    return (
      <EnrolFlow.Provider value={enrol}>
        <EnrolSteps />
        <BackToPassword disabled={false} />
      </EnrolFlow.Provider>
    );
  if (step === 'step:choose') return <ChooseFactor />;
  if (step === 'step:code') return <CodeForm />;
  return <CredentialsForm />;
}

function CredentialsForm() {
  const intl = useIntl();
  const send = useFlowSend(SignInFlow);
  const c = useFlowSelect(SignInFlow, (s) => s.context);
  const busy = useFlowSelect(SignInFlow, (s) => s.hasTag('busy'));
  return (
    <form
      noValidate
      className={formStack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send({ type: 'staffSignIn.submitted' });
      }}
    >
      <StaffError error={c.error} testId="staff-login-error" />
      <InputField
        label={<FormattedMessage id="staff.auth.email" />}
        invalid={!!c.fieldErrors.email}
        error={staffFieldMessage(intl, c.fieldErrors.email)}
        name="email"
        type="email"
        dir="ltr"
        autoComplete="username"
        data-testid="staff-email"
        value={c.email}
        onChange={(e) => send({ type: 'staffSignIn.emailChanged', value: e.target.value })}
      />
      <InputField
        label={<FormattedMessage id="staff.auth.password" />}
        invalid={!!c.fieldErrors.password}
        error={staffFieldMessage(intl, c.fieldErrors.password)}
        name="password"
        type="password"
        dir="ltr"
        autoComplete="current-password"
        data-testid="staff-password"
        value={c.password}
        onChange={(e) => send({ type: 'staffSignIn.passwordChanged', value: e.target.value })}
      />
      <Button type="submit" size="lg" loading={busy} className={full} data-testid="staff-login-submit">
        <FormattedMessage id="staff.auth.login.submit" />
      </Button>
    </form>
  );
}

function ChooseFactor() {
  const send = useFlowSend(SignInFlow);
  const c = useFlowSelect(SignInFlow, (s) => s.context);
  const busy = useFlowSelect(SignInFlow, (s) => s.hasTag('busy'));
  return (
    <div className={formStack} data-testid="staff-second-factor">
      <p>
        <FormattedMessage id="staff.auth.factor.intro" />
      </p>
      <StaffError error={c.error} testId="staff-factor-error" />
      {c.factors.includes('passkey') && (
        <Button
          type="button"
          size="lg"
          loading={busy}
          className={full}
          onClick={() => send({ type: 'staffSignIn.passkeyChosen' })}
          data-testid="staff-use-passkey"
        >
          <FormattedMessage id="staff.auth.factor.passkey" />
        </Button>
      )}
      {c.factors.includes('totp') && (
        <Button
          type="button"
          size="lg"
          variant="outline"
          disabled={busy}
          className={full}
          onClick={() => send({ type: 'staffSignIn.codeChosen' })}
          data-testid="staff-use-code"
        >
          <FormattedMessage id="staff.auth.factor.code" />
        </Button>
      )}
      <BackToPassword disabled={busy} />
    </div>
  );
}

function CodeForm() {
  const send = useFlowSend(SignInFlow);
  const c = useFlowSelect(SignInFlow, (s) => s.context);
  const busy = useFlowSelect(SignInFlow, (s) => s.hasTag('busy'));
  return (
    <form
      noValidate
      className={formStack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send({ type: 'staffSignIn.codeSubmitted' });
      }}
    >
      <StaffError error={c.error} testId="staff-code-error" />
      <CodeField
        value={c.code}
        error={c.fieldErrors.code}
        disabled={busy}
        testId="staff-code"
        onChange={(value) => send({ type: 'staffSignIn.codeChanged', value })}
      />
      <Button type="submit" size="lg" loading={busy} className={full} data-testid="staff-code-submit">
        <FormattedMessage id="staff.auth.code.submit" />
      </Button>
      {c.factors.includes('passkey') && (
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => send({ type: 'staffSignIn.passkeyChosen' })}
        >
          <FormattedMessage id="staff.auth.factor.passkey" />
        </Button>
      )}
      <BackToPassword disabled={busy} />
    </form>
  );
}

function BackToPassword({ disabled }: { disabled: boolean }) {
  const send = useFlowSend(SignInFlow);
  return (
    <Button
      type="button"
      variant="link"
      size="sm"
      disabled={disabled}
      onClick={() => send({ type: 'staffSignIn.back' })}
    >
      <FormattedMessage id="staff.auth.factor.back" />
    </Button>
  );
}

const full = css({ width: '100%' });
