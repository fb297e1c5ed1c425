import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from 'wouter';
import { STAFF_PAGES, STAFF_PASSWORD_MIN, type StaffMe } from '../../../contract/staff';
import type { staffSetupMachine } from '../../../machines/staffSetup';
import { css } from '../../../styled-system/css';
import { createFlow, useFlowActor, useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { InputField } from '../../components/input-field';
import { LinkButton } from '../../components/link-button';
import { Notice } from '../../components/notice';
import { formStack } from '../auth/AuthCard';
import { useDocumentTitle } from '../useDocumentTitle';
import { EnrolFlow, EnrolSteps } from './EnrolSteps';
import { StaffCard } from './StaffCard';
import { useEnrolChild, useSetupActor } from './staff-actors';
import { StaffError, staffFieldMessage } from './staff-fields';
import { firstPageFor } from './staff-nav';
import { StaffSessionFlow } from './staff-session';

const SetupFlow = createFlow<typeof staffSetupMachine>('StaffSetupFlow');
const STEPS = [
  'step:checking',
  'step:failed',
  'step:invalid',
  'step:password',
  'step:enrol',
  'step:done',
] as const;

/** Setting up a staff account from its one-time link (issue 26): a password, then a second factor. */
export default function StaffSetupView() {
  useDocumentTitle('staff.auth.setup.title');
  const { token = '' } = useParams<{ token: string }>();
  const session = useFlowActor(StaffSessionFlow);
  const [, navigate] = useLocation();
  const latest = useRef(navigate);
  latest.current = navigate;
  const setup = useSetupActor(token, (me: StaffMe) => {
    session.send({ type: 'staffSession.signedIn', me });
    latest.current(firstPageFor(me.roles), { replace: true });
  });
  return (
    <SetupFlow.Provider value={setup}>
      <SetupCard />
    </SetupFlow.Provider>
  );
}

function SetupCard() {
  const intl = useIntl();
  const step = useFlowSelect(SetupFlow, (s) => STEPS.find((t) => s.hasTag(t)) ?? 'step:checking');
  const info = useFlowSelect(SetupFlow, (s) => s.context.info);
  const parent = useFlowActor(SetupFlow);
  const enrol = useEnrolChild(parent);
  const title = (
    <FormattedMessage id={step === 'step:enrol' ? 'staff.auth.enrol.title' : 'staff.auth.setup.title'} />
  );
  const subtitle = info && step === 'step:password' && (
    <FormattedMessage
      id="staff.auth.setup.welcome"
      values={{ name: info.name, email: <bdi>{info.email}</bdi> }}
    />
  );
  return (
    <StaffCard title={title} subtitle={subtitle}>
      {step === 'step:checking' || step === 'step:done' ? (
        <FullScreenLoader label={intl.formatMessage({ id: 'staff.common.loading' })} />
      ) : step === 'step:invalid' ? (
        <Notice
          data-testid="staff-setup-invalid"
          title={<FormattedMessage id="staff.auth.setup.invalid" />}
          description={<FormattedMessage id="staff.auth.setup.invalidHelp" />}
          actions={
            <LinkButton href={STAFF_PAGES.login} variant="outline" size="sm">
              <FormattedMessage id="staff.auth.login.title" />
            </LinkButton>
          }
        />
      ) : step === 'step:failed' ? (
        <Retry />
      ) : step === 'step:enrol' && enrol ? (
        <EnrolFlow.Provider value={enrol}>
          <EnrolSteps />
        </EnrolFlow.Provider>
      ) : (
        <PasswordForm />
      )}
    </StaffCard>
  );
}

function Retry() {
  const send = useFlowSend(SetupFlow);
  const error = useFlowSelect(SetupFlow, (s) => s.context.error);
  return (
    <div className={formStack}>
      <StaffError error={error} testId="staff-setup-error" />
      <Button type="button" onClick={() => send({ type: 'staffSetup.retry' })}>
        <FormattedMessage id="staff.common.retry" />
      </Button>
    </div>
  );
}

function PasswordForm() {
  const intl = useIntl();
  const send = useFlowSend(SetupFlow);
  const c = useFlowSelect(SetupFlow, (s) => s.context);
  const busy = useFlowSelect(SetupFlow, (s) => s.hasTag('busy'));
  return (
    <form
      noValidate
      className={formStack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send({ type: 'staffSetup.submitted' });
      }}
    >
      <StaffError error={c.error} testId="staff-setup-error" />
      {/* a hidden user name lets the browser's password manager save the pair */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={c.info?.email ?? ''}
        readOnly
        hidden
      />
      <InputField
        label={<FormattedMessage id="staff.auth.setup.password" />}
        helper={<FormattedMessage id="staff.auth.setup.rules" values={{ min: STAFF_PASSWORD_MIN }} />}
        invalid={!!c.fieldErrors.password}
        error={staffFieldMessage(intl, c.fieldErrors.password)}
        errorTestId="staff-setup-password-error"
        name="new-password"
        type="password"
        dir="ltr"
        autoComplete="new-password"
        data-testid="staff-setup-password"
        value={c.password}
        disabled={busy}
        onChange={(e) => send({ type: 'staffSetup.passwordChanged', value: e.target.value })}
      />
      <InputField
        label={<FormattedMessage id="staff.auth.setup.confirm" />}
        invalid={!!c.fieldErrors.confirm}
        error={staffFieldMessage(intl, c.fieldErrors.confirm)}
        name="confirm-password"
        type="password"
        dir="ltr"
        autoComplete="new-password"
        data-testid="staff-setup-confirm"
        value={c.confirm}
        disabled={busy}
        onChange={(e) => send({ type: 'staffSetup.confirmChanged', value: e.target.value })}
      />
      <Button
        type="submit"
        size="lg"
        loading={busy}
        className={css({ width: '100%' })}
        data-testid="staff-setup-submit"
      >
        <FormattedMessage id="staff.auth.setup.submit" />
      </Button>
    </form>
  );
}
