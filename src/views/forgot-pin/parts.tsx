import type { ReactNode, Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { forgotPinMachine } from '../../../machines/forgotPin';
import type { AppError } from '../../../machines/types';
import { css } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { createFlow, useFlowSelect, useFlowSend } from '../../app/flow';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import { ArrowStartIcon } from '../../theme/icons';
import { errorMessage } from '../messages';

/** What every step gets: the ref of its heading, which takes focus when the step appears. */
export type StepProps = { heading: Ref<HTMLHeadingElement> };

/** The recovery flow: the screen provides the root `forgotPin` actor; the steps select and send through it. */
export const ForgotPinFlow = createFlow<typeof forgotPinMachine>('ForgotPinFlow');

/** What every step reads: how to send, the step's error, and whether the server is being asked. */
export function useStepState() {
  const send = useFlowSend(ForgotPinFlow);
  const error = useFlowSelect(ForgotPinFlow, (s) => s.context.error);
  const busy = useFlowSelect(ForgotPinFlow, (s) => s.hasTag('busy'));
  return { send, error, busy };
}

/** The heading of a step or an outcome; focused when it appears, so it is announced. */
export function StepHeading({ heading, children }: StepProps & { children: ReactNode }) {
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

/**
 * One screen of the recovery: its heading, a line of introduction, and a form that Enter and the
 * main button submit (`onSubmit`; not while the server is asked), which starts with the step's
 * `error`, if any.
 */
export function Step({
  heading,
  title,
  intro: introText,
  error,
  onSubmit,
  children,
}: StepProps & {
  title: ReactNode;
  intro?: ReactNode;
  error?: AppError | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const busy = useFlowSelect(ForgotPinFlow, (s) => s.hasTag('busy'));
  return (
    <>
      <StepHeading heading={heading}>{title}</StepHeading>
      {introText && <p className={intro}>{introText}</p>}
      <form
        noValidate
        className={stepForm}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {error && !busy && <StepError error={error} />}
        {children}
      </form>
    </>
  );
}

/** "Step 2 of 3" and a bar of three segments. */
export function Progress({ step }: { step: number }) {
  return (
    <div className={stack({ gap: '2' })}>
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

/** The message of an outcome (stopped, done), announced when it appears. */
export function OutcomeAlert({
  status = 'info',
  children,
}: {
  status?: 'info' | 'success';
  children: ReactNode;
}) {
  return (
    <Alert.Root status={status} role="alert" data-testid="forgot-outcome">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Codes the member fixes herself; anything else (network, server) gets a "Try again" button. */
const OWN_CODES = new Set([
  'USER_NOT_FOUND',
  'WRONG_ANSWERS',
  'ANSWERS_REQUIRED',
  'VALIDATION_ERROR',
  'RECOVERY_CODE_INVALID',
]);

export const isRetryable = (error: AppError) => !OWN_CODES.has(error.code);

/** The error of the current step, announced when it appears; retryable errors offer "Try again" (submits). */
export function StepError({ error }: { error: AppError }) {
  const intl = useIntl();
  return (
    <Alert.Root status="error" role="alert" data-testid="forgot-error">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>{errorMessage(intl, error)}</Alert.Description>
        {isRetryable(error) && (
          <Button type="submit" variant="outline" size="sm" className={css({ mt: '2', alignSelf: 'start' })}>
            <FormattedMessage id="common.retry" />
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}

/**
 * The buttons under every step: Back (one step back; from the first step back to sign-in), the
 * step's main action (a submit button, so Enter does the same), a status line while the server
 * works (`busyText`), and Cancel, which leaves the recovery.
 */
export function StepActions({
  primary,
  busyText,
  cancelLabel,
}: {
  primary: ReactNode;
  busyText?: ReactNode;
  cancelLabel?: ReactNode;
}) {
  const { send, busy } = useStepState();
  const back = () => send({ type: 'forgotPin.back' });
  const cancel = () => send({ type: 'forgotPin.cancel' });
  return (
    <div className={stack({ gap: '3', mt: '1' })}>
      {/* the main action comes first (focus order); phones stack it above Back, wider screens put Back at the start */}
      <div
        className={stack({ direction: { base: 'column', sm: 'row-reverse' }, gap: '3', align: 'stretch' })}
      >
        <Button
          type="submit"
          size="lg"
          loading={busy}
          className={css({
            flex: { base: 'none', sm: '1' },
            minWidth: '0',
            whiteSpace: 'normal',
            textAlign: 'center',
          })}
        >
          {primary}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={back} data-testid="forgot-back">
          <ArrowStartIcon />
          <FormattedMessage id="common.back" />
        </Button>
      </div>
      <p role="status" className={css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' })}>
        {busy ? busyText : null}
      </p>
      <div className={css({ display: 'flex', justifyContent: 'center' })}>
        <Button type="button" variant="link" size="sm" onClick={cancel} data-testid="forgot-cancel">
          {cancelLabel ?? <FormattedMessage id="common.cancel" />}
        </Button>
      </div>
    </div>
  );
}

export const stepForm = stack({ gap: '5' });
export const intro = css({ color: 'fg.muted' });
