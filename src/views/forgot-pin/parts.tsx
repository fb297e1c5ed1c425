import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { css } from '../../../styled-system/css';
import * as Alert from '../../components/alert';
import { Button } from '../../components/button';
import { ArrowStartIcon } from '../../theme/icons';
import { errorMessage } from '../messages';

/** Codes the member fixes herself; anything else (network, server) gets a "Try again" button. */
const OWN_CODES = new Set(['USER_NOT_FOUND', 'WRONG_ANSWERS', 'ANSWERS_REQUIRED', 'VALIDATION_ERROR']);

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
 * works, and Cancel, which leaves the recovery.
 */
export function StepActions({
  primary,
  busy = false,
  busyText,
  onBack,
  onCancel,
  cancelLabel,
  primaryType = 'submit',
  onPrimary,
}: {
  primary: ReactNode;
  busy?: boolean;
  busyText?: ReactNode;
  onBack: () => void;
  onCancel: () => void;
  cancelLabel?: ReactNode;
  primaryType?: 'submit' | 'button';
  onPrimary?: () => void;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '1' })}>
      {/* the main action comes first (focus order); phones stack it above Back, wider screens put Back at the start */}
      <div
        className={css({
          display: 'flex',
          flexDirection: { base: 'column', sm: 'row-reverse' },
          gap: '3',
          alignItems: 'stretch',
        })}
      >
        <Button
          type={primaryType}
          size="lg"
          loading={busy}
          onClick={onPrimary}
          className={css({
            flex: { base: 'none', sm: '1' },
            minWidth: '0',
            whiteSpace: 'normal',
            textAlign: 'center',
          })}
        >
          {primary}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={onBack} data-testid="forgot-back">
          <ArrowStartIcon />
          <FormattedMessage id="common.back" />
        </Button>
      </div>
      <p role="status" className={css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' })}>
        {busy ? busyText : null}
      </p>
      <div className={css({ display: 'flex', justifyContent: 'center' })}>
        <Button type="button" variant="link" size="sm" onClick={onCancel} data-testid="forgot-cancel">
          {cancelLabel ?? <FormattedMessage id="common.cancel" />}
        </Button>
      </div>
    </div>
  );
}

export const stepForm = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const intro = css({ color: 'fg.muted' });
