import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { STEPS, type Step, signupMachine, stepShown } from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import { checkAlias, fetchAvatars, fetchSecurityQuestions } from '../../api/signup';
import { type ScreenOverrides, useScreenOverrides, useSession, useSystemActor } from '../../app/actors';
import { arrivalActor } from '../../app/arrival';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { safeNext } from '../../app/layouts/dashboard-nav';
import { notify } from '../../app/notify';
import { useLocaleChange } from '../../app/useLocaleChange';
import { AuthCard, AuthSwitch } from '../auth/AuthCard';
import { useDocumentTitle } from '../useDocumentTitle';
import { AliasStep } from './AliasStep';
import { AvatarStep } from './AvatarStep';
import { ConfirmStep } from './ConfirmStep';
import { forgetDraft, readDraft, saveDraft, searchOfStep, stepOfSearch } from './draft';
import { PinStep } from './PinStep';
import { ProfileStep } from './ProfileStep';
import { Progress } from './Progress';
import { SecurityStep } from './SecurityStep';
import { SignupFlow } from './shared';
import { WelcomeStep } from './WelcomeStep';

const STEP_VIEWS = {
  alias: AliasStep,
  pin: PinStep,
  security: SecurityStep,
  profile: ProfileStep,
  avatar: AvatarStep,
  confirm: ConfirmStep,
} satisfies Record<Step, unknown>;

/** The real API actors and the way on, with whatever the root provides on top (stubs in tests). */
function createLogic(
  overrides: ScreenOverrides['signup'],
  way: { prepareArrival: ReturnType<typeof arrivalActor>; enterApp: () => void },
) {
  const real = signupMachine.provide({
    actors: { fetchAvatars, fetchSecurityQuestions, checkAlias, prepareArrival: way.prepareArrival },
    actions: { enterApp: way.enterApp, saveDraft: (_, { draft }) => saveDraft(draft), forgetDraft },
  });
  return overrides ? real.provide(overrides) : real;
}

/**
 * Sign-up (spec §3, §5, §8): six short steps driven by the signup machine; one step per screen.
 * The screen makes the flow's actor and provides it; `SignupSteps` shows what the machine says.
 */
export default function SignupView() {
  useDocumentTitle('signup.title');
  const session = useSystemActor('session');
  const overrides = useScreenOverrides();
  const intl = useIntl();
  const [, navigate] = useLocation();
  // where she was going before she chose to join (checkout, say): only paths on this site
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  // made once; reads the language, router and way on as they are when she finishes
  const latest = useRef({ intl, navigate, next });
  latest.current = { intl, navigate, next };
  const language = useSystemActor('language');
  const [logic] = useState(() => {
    const to = () => latest.current.next ?? '/dashboard';
    return createLogic(overrides.signup, {
      // the confirmation stays on screen, busy, until the page she goes to can render
      prepareArrival: arrivalActor(language, to),
      enterApp: () => {
        if (!window.location.pathname.startsWith('/signup')) return;
        notify({ type: 'success', title: latest.current.intl.formatMessage({ id: 'signup.success' }) });
        latest.current.navigate(to(), { replace: true });
      },
    });
  });
  const signup = useActorRef(logic, { input: { session }, inspect: overrides.inspect });
  // after useActorRef: its effect starts the actor before this hook's effects send to it
  useStepInHistory(signup);
  return (
    <AuthCard
      wide
      title={<FormattedMessage id="signup.title" />}
      subtitle={<FormattedMessage id="signup.subtitle" />}
    >
      <SignupFlow.Provider value={signup}>
        <SignupSteps />
      </SignupFlow.Provider>
    </AuthCard>
  );
}

function SignupSteps() {
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(useSearch()).get('next'));
  const send = useFlowSend(SignupFlow);
  const alreadyIn = useSession((s) => s.matches('signedIn'));
  // the machine says which step to show (its `step:*` tags), whether it is done and whether it is busy
  const step = useFlowStep(SignupFlow, STEPS, 'alias');
  const busy = useFlowSelect(SignupFlow, (s) => s.hasTag('busy'));
  const welcome = useFlowSelect(SignupFlow, (s) => s.hasTag('step:welcome'));

  // the heading takes focus when she moves to another step, not when the page opens
  const shown = useRef(step);
  const moved = useRef(false);
  if (shown.current !== step) {
    shown.current = step;
    moved.current = true;
  }

  // questions and avatar names come in the request language: fetch them again after a switch
  useLocaleChange(() => send({ type: 'signup.localeChanged' }));

  // a member already signed in has nothing to do here (a registration just done has its welcome,
  // then leaves by enterApp)
  useEffect(() => {
    if (alreadyIn && !busy && !welcome) navigate(next ?? '/dashboard', { replace: true });
  }, [alreadyIn, busy, welcome, navigate, next]);

  const StepView = STEP_VIEWS[step];
  if (welcome) return <WelcomeStep />;
  return (
    <>
      <Progress current={step} />
      <StepView key={step} focusHeading={moved.current} />
      <AuthSwitch
        question="signup.haveAccount"
        action="signup.signIn"
        href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}
        className={css({ mt: '6' })}
      />{' '}
    </>
  );
}

/**
 * Each step is an entry in the browser's history (`/signup?step=pin`): Continue pushes the next
 * one, the Back button goes back in history when the entry before is the step before, browser Back
 * and Forward (and a reload) ask the machine for the address's step, and the address follows the
 * machine wherever it lands. What she typed before a reload is restored first (after hydration:
 * the server's page is the empty first step). Leaving for another page on purpose (a link, not
 * Back) forgets it.
 */
function useStepInHistory(signup: ActorRefFrom<typeof signupMachine>) {
  const step = useSelector(signup, stepShown);
  const search = useSearch();
  const [, navigate] = useLocation();
  const urlStep = stepOfSearch(search, STEPS);
  const seen = useRef<Step | null>(null);
  useEffect(() => {
    const first = seen.current === null;
    const urlChanged = urlStep !== seen.current;
    seen.current = urlStep;
    if (first) {
      const draft = readDraft();
      if (draft) signup.send({ type: 'signup.restore', draft });
    }
    if (urlStep === step) return;
    const url = (s: Step) => searchOfStep(search, s, STEPS[0]);
    if (urlChanged) {
      signup.send({ type: 'signup.goTo', step: urlStep });
      const landed = stepShown(signup.getSnapshot());
      if (landed !== urlStep) navigate(url(landed), { replace: true });
    } else if (STEPS.indexOf(step) > STEPS.indexOf(urlStep)) {
      navigate(url(step), { state: { signupFrom: urlStep } });
    } else if ((history.state as { signupFrom?: Step } | null)?.signupFrom === step) {
      history.back();
    } else {
      navigate(url(step), { replace: true });
    }
  }, [urlStep, step, search, signup, navigate]);

  useEffect(() => {
    const left = () => {
      if (location.pathname !== '/signup') signup.send({ type: 'signup.leave' });
    };
    window.addEventListener('pushState', left);
    window.addEventListener('replaceState', left);
    return () => {
      window.removeEventListener('pushState', left);
      window.removeEventListener('replaceState', left);
    };
  }, [signup]);
}
