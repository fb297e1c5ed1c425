import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  type Catalog,
  type CatalogState,
  catalogStatus,
  signupEvents,
  type signupMachine,
} from '../../../machines/signup';
import { css } from '../../../styled-system/css';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { ArrowEndIcon, ArrowStartIcon } from '../../theme/icons';
import { errorMessage } from '../messages';

export type SignupActor = ActorRefFrom<typeof signupMachine>;
type SignupSnapshot = SnapshotFrom<typeof signupMachine>;

const SignupActorContext = createContext<SignupActor | null>(null);
export const SignupActorProvider = SignupActorContext.Provider;

export function useSignupActor(): SignupActor {
  const actor = useContext(SignupActorContext);
  if (!actor) throw new Error('useSignupActor needs the sign-up screen');
  return actor;
}

export function useSignup<T>(selector: (s: SignupSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useSignupActor(), selector, compare);
}

/** How every sign-up view sends: `send(signupEvents.…)`, never an event spelt out. */
export function useSignupSend(): SignupActor['send'] {
  return useSignupActor().send;
}

/** A field's message, with the sign-up's own wording where it has one. */
export const fieldStack = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const introText = css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed' });

/**
 * One step: a form (Enter continues), its heading (focused when the member arrives from another
 * step, so screen readers announce where she is), the step's content and Back / Continue.
 */
export function StepFrame({
  title,
  intro,
  focusHeading,
  onBack,
  onSubmit,
  submitLabel,
  submitting = false,
  submitDisabled = false,
  children,
  testId,
}: {
  title: ReactNode;
  intro?: ReactNode;
  focusHeading: boolean;
  onBack?: () => void;
  onSubmit: () => void;
  submitLabel?: ReactNode;
  submitting?: boolean;
  /** Shown as unavailable (aria-disabled); the machine refuses the submission and says why. */
  submitDisabled?: boolean;
  children: ReactNode;
  testId: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading]);
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      data-testid={testId}
      className={fieldStack}
      onSubmit={(e) => {
        e.preventDefault();
        if (!submitting) onSubmit();
      }}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className={css({
            fontSize: { base: 'xl', md: '2xl' },
            fontWeight: 'bold',
            lineHeight: 'tight',
            outline: 'none',
            _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
          })}
        >
          {title}
        </h2>
        {intro && <p className={introText}>{intro}</p>}
      </div>
      <SubmissionNotice />
      {children}
      <div
        className={css({
          display: 'flex',
          gap: '3',
          pt: '2',
          flexDirection: { base: 'column-reverse', sm: 'row' },
          justifyContent: 'space-between',
        })}
      >
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
  const error = useSignup((s) => s.context.error);
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
  return useSignup((s) => catalogStatus(s, catalog));
}

/** Loading and failure of the part a step needs from the server (questions, avatars). */
export function CatalogStatus({
  status,
  loadingId,
  failedId,
  testId,
}: {
  status: CatalogState;
  loadingId: string;
  failedId: string;
  testId: string;
}) {
  const send = useSignupSend();
  const intl = useIntl();
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
            onClick={() => send(signupEvents.retry())}
          >
            <FormattedMessage id="common.retry" />
          </Button>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
