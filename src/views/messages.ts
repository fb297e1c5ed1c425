import type { IntlShape } from 'react-intl';
import type { AppError } from '../../machines/types';

/**
 * Error codes (kept by the machines) to sentences in the member's language.
 * `fallbackId` is the screen's own "something went wrong" sentence from the spec.
 */
export function formatWait(intl: IntlShape, seconds: number | undefined): string {
  const s = Math.max(1, Math.ceil(seconds ?? 60));
  return s < 60
    ? intl.formatMessage({ id: 'time.seconds' }, { count: s })
    : intl.formatMessage({ id: 'time.minutes' }, { count: Math.ceil(s / 60) });
}

export function errorMessage(intl: IntlShape, error: AppError, fallbackId = 'errors.generic'): string {
  switch (error.code) {
    case 'NETWORK_ERROR':
      return intl.formatMessage({ id: 'errors.network' });
    case 'TOO_MANY_ATTEMPTS':
      return intl.formatMessage({ id: 'errors.locked' }, { wait: formatWait(intl, error.retryAfter) });
    case 'RATE_LIMITED':
      return intl.formatMessage({ id: 'errors.rateLimited' }, { wait: formatWait(intl, error.retryAfter) });
    case 'USER_NOT_FOUND':
      return intl.formatMessage({ id: 'errors.userNotFound' });
    case 'WRONG_ANSWERS':
      return intl.formatMessage({ id: 'forgot.wrongAnswers' });
    case 'RECOVERY_CODE_INVALID':
      return intl.formatMessage({ id: 'forgot.code.wrong' });
    case 'RESET_TOKEN_INVALID':
      return intl.formatMessage({ id: 'errors.resetExpired' });
    case 'ANSWERS_REQUIRED':
      return intl.formatMessage({ id: 'forgot.questions.allRequired' });
    case 'LANGUAGE_LOAD_FAILED':
      return intl.formatMessage({ id: 'errors.languageLoad' });
    case 'SESSION_EXPIRED':
      return intl.formatMessage({ id: 'login.sessionExpired' });
    case 'CURRENT_PIN_WRONG':
      return intl.formatMessage({ id: 'errors.currentPinWrong' });
    case 'SESSION_NOT_FOUND':
      return intl.formatMessage({ id: 'errors.sessionNotFound' });
    default:
      return intl.formatMessage({ id: fallbackId });
  }
}

/**
 * A detail line under the main message, when the code has one. A wrong PIN says the same fixed
 * sentence every time: a count of attempts left would tell a stranger whether she signed in since.
 */
export function errorDetail(intl: IntlShape, error: AppError): string | null {
  if (error.code === 'INVALID_CREDENTIALS') {
    return `${intl.formatMessage({ id: 'errors.invalidCredentials' })} ${intl.formatMessage({ id: 'errors.lockPolicy' })}`;
  }
  return null;
}

/** A field's code (ALIAS_TAKEN, PIN_TOO_COMMON…) as a sentence. */
export function fieldMessage(intl: IntlShape, code: string | undefined): string | undefined {
  if (!code) return undefined;
  const id = `errors.field.${code}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : intl.formatMessage({ id: 'errors.field.INVALID' });
}
