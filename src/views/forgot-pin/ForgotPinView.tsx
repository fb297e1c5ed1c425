import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { css } from '../../../styled-system/css';
import { useForgotPin, useSystemActor } from '../../app/actors';
import * as Alert from '../../components/alert';
import * as Field from '../../components/field';
import { AuthCard } from '../auth/AuthCard';
import { NewPinFields } from '../auth/NewPinFields';
import { errorMessage, fieldMessage, formatWait } from '../messages';
import { useDocumentTitle } from '../useDocumentTitle';
import { intro, StepActions, StepError, stepForm } from './parts';

type Screen = 'alias' | 'questions' | 'pin' | 'locked' | 'expired';
const STEP: Partial<Record<Screen, number>> = { alias: 1, questions: 2, pin: 3 };

/**
 * PIN recovery (/forgot-pin, spec §4, §5, §8). A thin view over the root `forgotPin` actor: it
 * selects from the snapshot and sends events. A direct visit (machine idle, or done from an earlier
 * recovery) starts the machine; when the machine leaves (cancel, back from the first step) or
 * finishes, the member goes to /login, which shows the success message and her alias.
 */
export default function ForgotPinView() {
  useDocumentTitle('forgot.title');
  const [, navigate] = useLocation();
  const forgotPin = useSystemActor('forgotPin');
  const screen = useForgotPin((s): Screen => {
    if (s.matches({ active: 'answering' }) || s.matches({ active: 'verifying' })) return 'questions';
    if (s.matches({ active: 'choosingPin' }) || s.matches({ active: 'resetting' })) return 'pin';
    if (s.matches({ active: 'done' })) return 'pin';
    if (s.matches({ active: 'locked' })) return 'locked';
    if (s.matches({ active: 'expired' })) return 'expired';
    return 'alias';
  });

  useEffect(() => {
    const now = forgotPin.getSnapshot();
    if (now.matches('idle')) forgotPin.send({ type: 'forgotPin.start' });
    else if (now.matches({ active: 'done' })) forgotPin.send({ type: 'forgotPin.restart' });
    const sub = forgotPin.subscribe((s) => {
      if (s.matches('idle') || s.matches({ active: 'done' })) navigate('/login', { replace: true });
    });
    return () => sub.unsubscribe();
  }, [forgotPin, navigate]);

  // each step (and each outcome screen) announces itself: focus goes to its heading
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    heading.current?.focus();
  }, [screen]);

  const step = STEP[screen];
  return (
    <AuthCard title={<FormattedMessage id="forgot.title" />}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-screen={screen}>
        {step && <Progress step={step} />}
        {screen === 'alias' && <AliasStep heading={heading} />}
        {screen === 'questions' && <QuestionsStep heading={heading} />}
        {screen === 'pin' && <PinStep heading={heading} />}
        {screen === 'locked' && <LockedStep heading={heading} />}
        {screen === 'expired' && <ExpiredStep heading={heading} />}
      </div>
    </AuthCard>
  );
}

function Progress({ step }: { step: number }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <p
        className={css({ textStyle: 'body.sm', fontWeight: 'semibold', color: 'fg.muted' })}
        data-testid="forgot-progress"
      >
        <FormattedMessage id="common.stepOf" values={{ current: step, total: 3 }} />
      </p>
      <div aria-hidden className={css({ display: 'flex', gap: '1.5' })}>
        {[1, 2, 3].map((n) => (
          <span
            key={n}
            data-done={n <= step ? '' : undefined}
            className={css({
              flex: '1',
              height: '1.5',
              borderRadius: 'full',
              bg: 'bg.muted',
              '&[data-done]': { bg: 'accent.default' },
            })}
          />
        ))}
      </div>
    </div>
  );
}

function StepHeading({ heading, children }: { heading: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2
      ref={heading}
      tabIndex={-1}
      className={css({
        fontSize: 'xl',
        fontWeight: 'bold',
        color: 'fg.default',
        lineHeight: 'heading',
        outline: 'none',
      })}
    >
      {children}
    </h2>
  );
}

type StepProps = { heading: Ref<HTMLHeadingElement> };

function useSend() {
  return useSystemActor('forgotPin').send;
}

function AliasStep({ heading }: StepProps) {
  const intl = useIntl();
  const send = useSend();
  const alias = useForgotPin((s) => s.context.alias);
  const fieldError = useForgotPin((s) => s.context.fieldErrors.alias);
  const error = useForgotPin((s) => s.context.error);
  const loading = useForgotPin((s) => s.matches({ active: 'loadingQuestions' }));
  return (
    <>
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.alias.title" />
      </StepHeading>
      <p className={intro}>
        <FormattedMessage id="forgot.alias.intro" />
      </p>
      <form
        noValidate
        className={stepForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (!loading) send({ type: 'forgotPin.submitAlias' });
        }}
      >
        {error && !loading && <StepError error={error} />}
        <Field.Root invalid={!!fieldError || error?.code === 'USER_NOT_FOUND'} required>
          <Field.Label>
            <FormattedMessage id="auth.alias.label" />
          </Field.Label>
          <Field.Input
            name="alias"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            dir="auto"
            maxLength={60}
            readOnly={loading}
            value={alias}
            onChange={(e) => send({ type: 'forgotPin.aliasChanged', value: e.target.value })}
          />
          <Field.ErrorText>{fieldMessage(intl, fieldError)}</Field.ErrorText>
        </Field.Root>
        <StepActions
          primary={<FormattedMessage id="forgot.alias.submit" />}
          busy={loading}
          busyText={<FormattedMessage id="forgot.loading" />}
          onBack={() => send({ type: 'forgotPin.back' })}
          onCancel={() => send({ type: 'forgotPin.cancel' })}
        />
      </form>
    </>
  );
}

function QuestionsStep({ heading }: StepProps) {
  const intl = useIntl();
  const send = useSend();
  const questions = useForgotPin((s) => s.context.questions);
  const answers = useForgotPin((s) => s.context.answers);
  const error = useForgotPin((s) => s.context.error);
  const verifying = useForgotPin((s) => s.matches({ active: 'verifying' }));
  const missing = error?.code === 'ANSWERS_REQUIRED';
  return (
    <>
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.questions.title" />
      </StepHeading>
      <p className={intro}>
        <FormattedMessage id="forgot.questions.intro" />
      </p>
      <form
        noValidate
        className={stepForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (!verifying) send({ type: 'forgotPin.submitAnswers' });
        }}
      >
        {error && !verifying && <StepError error={error} />}
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '5', listStyle: 'none' })}>
          {questions.map((q, index) => {
            const value = answers[q.id] ?? '';
            const empty = missing && !value.trim();
            return (
              <li key={q.id}>
                <Field.Root invalid={empty} required>
                  <Field.Label className={css({ alignItems: 'baseline', gap: '2' })}>
                    <span
                      aria-hidden
                      className={css({
                        flexShrink: '0',
                        display: 'inline-grid',
                        placeItems: 'center',
                        boxSize: '6',
                        borderRadius: 'full',
                        bg: 'accent.muted',
                        color: 'accent.fg',
                        fontSize: 'sm',
                        fontWeight: 'bold',
                      })}
                    >
                      {intl.formatNumber(index + 1)}
                    </span>
                    <span>{q.text}</span>
                  </Field.Label>
                  <Field.Input
                    name={`answer-${q.id}`}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    dir="auto"
                    maxLength={200}
                    readOnly={verifying}
                    value={value}
                    onChange={(e) =>
                      send({ type: 'forgotPin.answerChanged', questionId: q.id, value: e.target.value })
                    }
                  />
                  <Field.ErrorText>{fieldMessage(intl, 'ANSWER_REQUIRED')}</Field.ErrorText>
                </Field.Root>
              </li>
            );
          })}
        </ol>
        <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
          <FormattedMessage id="forgot.questions.hint" />
        </p>
        <StepActions
          primary={<FormattedMessage id="forgot.questions.submit" />}
          busy={verifying}
          busyText={<FormattedMessage id="forgot.verifying" />}
          onBack={() => send({ type: 'forgotPin.back' })}
          onCancel={() => send({ type: 'forgotPin.cancel' })}
        />
      </form>
    </>
  );
}

function PinStep({ heading }: StepProps) {
  const intl = useIntl();
  const send = useSend();
  const pinLength = useForgotPin((s) => s.context.pinLength);
  const pin = useForgotPin((s) => s.context.pin);
  const pinConfirm = useForgotPin((s) => s.context.pinConfirm);
  const fieldErrors = useForgotPin((s) => s.context.fieldErrors);
  const error = useForgotPin((s) => s.context.error);
  const busy = useForgotPin((s) => s.matches({ active: 'resetting' }) || s.matches({ active: 'done' }));
  // a server field code for something other than the two PINs has no place on screen: say it generally
  const otherField = Object.entries(fieldErrors).some(([k, v]) => v && k !== 'pin' && k !== 'pinConfirm');
  return (
    <>
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.newPin.title" />
      </StepHeading>
      <p className={intro}>
        <FormattedMessage id="forgot.newPin.intro" />
      </p>
      <form
        noValidate
        className={stepForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) send({ type: 'forgotPin.submitPin' });
        }}
      >
        {error && !busy && <StepError error={error} />}
        {otherField && !error && <StepError error={{ code: 'GENERIC' }} />}
        <NewPinFields
          length={pinLength}
          pin={pin}
          pinConfirm={pinConfirm}
          pinLabel={intl.formatMessage({ id: 'forgot.newPin.label' })}
          confirmLabel={intl.formatMessage({ id: 'forgot.newPin.confirm' })}
          pinError={fieldMessage(intl, fieldErrors.pin)}
          confirmError={fieldMessage(intl, fieldErrors.pinConfirm)}
          testIds={{ pin: 'new-pin', confirm: 'new-pin-confirm', visibility: 'toggle-pin-visibility' }}
          disabled={busy}
          onLengthChange={(length) => send({ type: 'forgotPin.pinLengthChanged', length })}
          onPinChange={(value) => send({ type: 'forgotPin.pinChanged', value })}
          onConfirmChange={(value) => send({ type: 'forgotPin.pinConfirmChanged', value })}
        />
        <StepActions
          primary={<FormattedMessage id="forgot.newPin.submit" />}
          busy={busy}
          busyText={<FormattedMessage id="forgot.resetting" />}
          onBack={() => send({ type: 'forgotPin.back' })}
          onCancel={() => send({ type: 'forgotPin.cancel' })}
        />
      </form>
    </>
  );
}

function OutcomeAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="info" role="alert" data-testid="forgot-outcome">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function LockedStep({ heading }: StepProps) {
  const intl = useIntl();
  const send = useSend();
  const error = useForgotPin((s) => s.context.error);
  const body =
    error?.code === 'TOO_MANY_ATTEMPTS' || !error
      ? intl.formatMessage({ id: 'forgot.locked.body' }, { wait: formatWait(intl, error?.retryAfter) })
      : errorMessage(intl, error);
  return (
    <form
      noValidate
      className={stepForm}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'forgotPin.restart' });
      }}
    >
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.locked.title" />
      </StepHeading>
      <OutcomeAlert>{body}</OutcomeAlert>
      <StepActions
        primary={<FormattedMessage id="forgot.startAgain" />}
        onBack={() => send({ type: 'forgotPin.back' })}
        onCancel={() => send({ type: 'forgotPin.cancel' })}
        cancelLabel={<FormattedMessage id="forgot.backToLogin" />}
      />
    </form>
  );
}

function ExpiredStep({ heading }: StepProps) {
  const send = useSend();
  return (
    <form
      noValidate
      className={stepForm}
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'forgotPin.restart' });
      }}
    >
      <StepHeading heading={heading}>
        <FormattedMessage id="forgot.expired.title" />
      </StepHeading>
      <OutcomeAlert>
        <FormattedMessage id="forgot.expired.body" />
      </OutcomeAlert>
      <StepActions
        primary={<FormattedMessage id="forgot.startAgain" />}
        onBack={() => send({ type: 'forgotPin.back' })}
        onCancel={() => send({ type: 'forgotPin.cancel' })}
        cancelLabel={<FormattedMessage id="forgot.backToLogin" />}
      />
    </form>
  );
}
