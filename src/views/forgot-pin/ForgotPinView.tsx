import { type ReactNode, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { stack } from '../../../styled-system/patterns';
import { useSystemActor } from '../../app/actors';
import { useFlowActor, useFlowStep } from '../../app/flow';
import { AuthCard } from '../auth/AuthCard';
import { useDocumentTitle } from '../useDocumentTitle';
import { AliasStep } from './AliasStep';
import { CodeStep } from './CodeStep';
import { DoneStep } from './DoneStep';
import { PinStep } from './PinStep';
import { ForgotPinFlow, Progress, type StepProps } from './parts';
import { QuestionsStep } from './QuestionsStep';
import { StoppedStep } from './StoppedStep';

/** One screen per `step:*` tag of the machine; the numbered ones show the progress. */
const SCREENS = {
  alias: { Screen: AliasStep, number: 1 },
  questions: { Screen: QuestionsStep, number: 2 },
  code: { Screen: CodeStep, number: 2 },
  pin: { Screen: PinStep, number: 3 },
  done: { Screen: DoneStep, number: 0 },
  stopped: { Screen: StoppedStep, number: 0 },
} satisfies Record<string, { Screen: (props: StepProps) => ReactNode; number: number }>;
type Screen = keyof typeof SCREENS;
const NAMES = Object.keys(SCREENS) as Screen[];

/**
 * PIN recovery (/forgot-pin, spec §4, §5, §8). A thin view over the root `forgotPin` actor: the
 * machine's tags say which screen shows; the screens select from its snapshot and send events.
 * A direct visit (nothing under way, or a recovery done before) starts the machine; leaving and
 * finishing are the machine's own (`goToSignIn`). The screen tells it its language, so the
 * questions follow a language switch.
 */
export default function ForgotPinView() {
  useDocumentTitle('forgot.title');
  return (
    <AuthCard title={<FormattedMessage id="forgot.title" />}>
      <ForgotPinFlow.Provider value={useSystemActor('forgotPin')}>
        <RecoverySteps />
      </ForgotPinFlow.Provider>
    </AuthCard>
  );
}

function RecoverySteps() {
  const { locale } = useIntl();
  const forgotPin = useFlowActor(ForgotPinFlow);
  const screen = useFlowStep(ForgotPinFlow, NAMES, 'alias');

  useEffect(() => {
    const now = forgotPin.getSnapshot();
    if (!now.hasTag('open')) forgotPin.send({ type: 'forgotPin.start' });
    else if (now.hasTag('step:done')) forgotPin.send({ type: 'forgotPin.restart' });
  }, [forgotPin]);

  useEffect(() => {
    forgotPin.send({ type: 'forgotPin.localeChanged', locale });
  }, [forgotPin, locale]);

  // each step (and each outcome screen) announces itself: focus goes to its heading
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    heading.current?.focus();
  }, [screen]);

  const { Screen, number } = SCREENS[screen];
  return (
    <div className={stack({ gap: '4' })} data-screen={screen}>
      {number > 0 && <Progress step={number} />}
      <Screen heading={heading} />
    </div>
  );
}
