import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';

/** Calls `onChange` after the app's language changes (not on the first render). */
export function useLocaleChange(onChange: () => void) {
  const intl = useIntl();
  const locale = useRef(intl.locale);
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (locale.current === intl.locale) return;
    locale.current = intl.locale;
    callback.current();
  }, [intl.locale]);
}
