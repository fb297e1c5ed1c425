import { useIntl } from 'react-intl';
import { useOnChange } from './useOnChange';

/** Calls `onChange` after the app's language changes (not on the first render). */
export function useLocaleChange(onChange: () => void) {
  useOnChange(useIntl().locale, () => true, onChange);
}
