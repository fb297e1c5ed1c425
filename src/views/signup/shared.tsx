import { type ReactNode, useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type Catalog,
  type CatalogState,
  catalogStatus,
  STEPS,
  type Step,
  type signupMachine,
} from '../../../machines/signup';
import { css, cx } from '../../../styled-system/css';
import { createFlow, useFlowSelect, useFlowSend } from '../../app/flow';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ArrowEndIcon, ArrowStartIcon } from '../../theme/icons';
import { errorMessage } from '../messages';

/** The sign-up flow: SignupView provides the actor it makes; the steps select and send through it. */
export const SignupFlow = createFlow<typeof signupMachine>('SignupFlow');

export const fieldStack = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const introText = css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' });
/** A step's title (h2), focused when she arrives on it: the steps' and the welcome's alike. */
export const stepHeading = css({
  fontSize: { base: 'xl', md: '2xl' },
  fontWeight: 'bold',
  lineHeight: 'tight',
  outline: 'none',
});
const headingFocusRing = css({
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
});
/** Back and Continue: stacked on a phone (Continue on top), apart on a row from `sm`. */
const stepActions = css({
  display: 'flex',
  gap: '3',
  pt: '2',
  flexDirection: { base: 'column-reverse', sm: 'row' },
  justifyContent: 'space-between',
});

/**
 * One step: a form (Enter continues), its heading (focused when the member arrives from another
 * step, so screen readers announce where she is), the step's content and Back / Continue.
 */
export function StepFrame({
  step,
  title,
  intro,
  focusHeading,
  submitLabel,
  submitting = false,
  submitDisabled = false,
  catalog,
  children,
}: {
  /** Which step: the first has no Back; the last submits the registration, the others go on. */
  step: Step;
  title: ReactNode;
  intro?: ReactNode;
  focusHeading: boolean;
  submitLabel?: ReactNode;
  submitting?: boolean;
  /** Shown as unavailable (aria-disabled); the machine refuses the submission and says why. */
  submitDisabled?: boolean;
  /** What the step needs from the server: its loading and failure show above the step's fields. */
  catalog?: Catalog;
  children: ReactNode;
}) {
  const send = useFlowSend(SignupFlow);
  const onBack = step === STEPS[0] ? undefined : () => send({ type: 'signup.back' });
  const onSubmit = () => send(step === STEPS.at(-1) ? { type: 'signup.submit' } : { type: 'signup.next' });
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      data-testid={`signup-step-${step}`}
      className={fieldStack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={cx(stepHeading, headingFocusRing)}>
          {title}
        </h2>
        {intro && <p className={introText}>{intro}</p>}
      </div>
      <SubmissionNotice />
      {catalog && <CatalogStatus catalog={catalog} />}
      {children}
      <div className={stepActions}>
        {onBack ? (
          <Button type="button" variant="outline" size="lg" onClick={onBack} disabled={submitting}>
            <ArrowStartIcon />
            <FormattedMessage id="common.back" />
          </Button>
        ) : (
          <span />
        )}
        <Button
          type="submit"
          size="lg"
          loading={submitting}
          // looks disabled but stays focusable: pressing it says what is missing instead of doing nothing
          aria-disabled={submitDisabled || undefined}
          className={css({
            minWidth: { sm: '40' },
            '&[aria-disabled=true]': { opacity: '0.55', cursor: 'not-allowed' },
          })}
        >
          {submitLabel ?? (
            <>
              <FormattedMessage id="common.next" />
              <ArrowEndIcon />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/** After a refused submission: the server's reason, or a pointer to the fields it marked. */
function SubmissionNotice() {
  const intl = useIntl();
  const error = useFlowSelect(SignupFlow, (s) => s.context.error);
  if (!error) return null;
  const onFields = Object.keys(error.fields ?? {}).length > 0;
  return onFields ? (
    <Alert.Root status="info" role="alert" data-testid="signup-fix-errors">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Description>
          <FormattedMessage id="signup.fixErrors" />
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  ) : (
    <Alert.Root status="error" role="alert" data-testid="signup-error">
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>{errorMessage(intl, error, 'errors.signupFailed')}</Alert.Title>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Where a catalogue the step needs from the server (questions, avatars) stands, as the machine tags it. */
export function useCatalog(catalog: Catalog): CatalogState {
  return useFlowSelect(SignupFlow, (s) => catalogStatus(s, catalog));
}

const CATALOG_TEXT = {
  questions: { loadingId: 'signup.security.loading', failedId: 'signup.security.loadFailed' },
  avatars: { loadingId: 'signup.avatar.loading', failedId: 'signup.avatar.loadFailed' },
} satisfies Record<Catalog, { loadingId: string; failedId: string }>;

/** Loading and failure of the part a step needs from the server (questions, avatars). */
function CatalogStatus({ catalog }: { catalog: Catalog }) {
  const send = useFlowSend(SignupFlow);
  const intl = useIntl();
  const status = useCatalog(catalog);
  const { loadingId, failedId } = CATALOG_TEXT[catalog];
  const testId = catalog;
  if (status === 'ready') return null;
  if (status === 'loading') {
    return (
      <div
        role="status"
        data-testid={`${testId}-loading`}
        className={css({ display: 'flex', alignItems: 'center', gap: '3', color: 'fg.muted', py: '4' })}
      >
        <Spinner size="sm" />
        {intl.formatMessage({ id: loadingId })}
      </div>
    );
  }
  return (
    <Alert.Root status="error" role="alert" data-testid={`${testId}-failed`}>
      <Alert.Icon />
      <Alert.Content>
        <Alert.Title>{intl.formatMessage({ id: failedId })}</Alert.Title>
        <Alert.Description>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className={css({ mt: '2' })}
            onClick={() => send({ type: 'signup.retry' })}
          >
            <FormattedMessage id="common.retry" />
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
