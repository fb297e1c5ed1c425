import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { type Step, signupEvents, signupMachine, stepShown } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import { checkAlias, fetchAvatars, fetchSecurityQuestions } from '../../api/signup';
import { type ScreenOverrides, useScreenOverrides, useSession, useSystemActor } from '../../app/actors';
import { notify } from '../../app/notify';
import { AuthCard } from '../auth/AuthCard';
import { useDocumentTitle } from '../useDocumentTitle';
import { AliasStep } from './AliasStep';
import { AvatarStep } from './AvatarStep';
import { ConfirmStep } from './ConfirmStep';
import { PinStep } from './PinStep';
import { ProfileStep } from './ProfileStep';
import { Progress } from './Progress';
import { SecurityStep } from './SecurityStep';
import { SignupActorProvider } from './shared';

const STEP_VIEWS = {
  alias: AliasStep,
  pin: PinStep,
  security: SecurityStep,
  profile: ProfileStep,
  avatar: AvatarStep,
  confirm: ConfirmStep,
} satisfies Record<Step, unknown>;

/** The real API actors, with whatever the root provides on top (stubs in tests). */
function createLogic(overrides: ScreenOverrides['signup']) {
  const real = signupMachine.provide({ actors: { fetchAvatars, fetchSecurityQuestions, checkAlias } });
  return overrides ? real.provide(overrides) : real;
}

/** Sign-up (spec §3, §5, §8): six short steps driven by the signup machine; one step per screen. */
export default function SignupView() {
  useDocumentTitle('signup.title');
  const intl = useIntl();
  const [, navigate] = useLocation();
  const session = useSystemActor('session');
  const alreadyIn = useSession((s) => s.matches('signedIn'));
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.signup));
  const signup = useActorRef(logic, { input: { session }, inspect: overrides.inspect });
  // the machine says which step to show (its `step:*` tags), whether it is done and whether it is busy
  const step = useSelector(signup, stepShown);
  const finished = useSelector(signup, (s) => s.hasTag('step:done'));
  const busy = useSelector(signup, (s) => s.hasTag('busy'));

  // the heading takes focus when she moves to another step, not when the page opens
  const shown = useRef(step);
  const moved = useRef(false);
  if (shown.current !== step) {
    shown.current = step;
    moved.current = true;
  }

  // questions and avatar names come in the request language: fetch them again after a switch
  const locale = useRef(intl.locale);
  useEffect(() => {
    if (locale.current === intl.locale) return;
    locale.current = intl.locale;
    signup.send(signupEvents.localeChanged());
  }, [intl.locale, signup]);

  useEffect(() => {
    if (finished) {
      notify({ type: 'success', title: intl.formatMessage({ id: 'signup.success' }) });
      navigate('/dashboard', { replace: true });
    } else if (alreadyIn && !busy) {
      navigate('/dashboard', { replace: true });
    }
  }, [finished, alreadyIn, busy, intl, navigate]);

  const StepView = STEP_VIEWS[step];
  return (
    <AuthCard
      wide
      title={<FormattedMessage id="signup.title" />}
      subtitle={<FormattedMessage id="signup.subtitle" />}
    >
      <SignupActorProvider value={signup}>
        <Progress current={step} />
        <StepView key={step} focusHeading={moved.current} />
        <p className={css({ textAlign: 'center', color: 'fg.muted', mt: '6' })}>
          <FormattedMessage id="signup.haveAccount" />{' '}
          <Link
            href="/login"
            className={css({ color: 'accent.fg', fontWeight: 'semibold', textDecoration: 'underline' })}
          >
            <FormattedMessage id="signup.signIn" />
          </Link>
        </p>
      </SignupActorProvider>
    </AuthCard>
  );
}
