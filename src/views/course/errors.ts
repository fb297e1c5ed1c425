import type { IntlShape } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { errorMessage } from '../messages';

/** A learning error code as a sentence: its own `learning.errors.<CODE>` when there is one. */
export function learningError(intl: IntlShape, error: AppError, fallbackId = 'errors.generic'): string {
  const id = `learning.errors.${error.code}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : errorMessage(intl, error, fallbackId);
}
