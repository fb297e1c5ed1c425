import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { setPageTitle } from '../app/safety-effects';

/**
 * Sets the tab title to "<text> · <product>" once the text is known (a course's own title); while
 * discreet mode is on, the tab keeps its neutral title (setPageTitle).
 */
export function useDocumentTitleText(text: string | null | undefined) {
  const app = useIntl().formatMessage({ id: 'app.name' });
  useEffect(() => {
    if (text) setPageTitle(`${text} · ${app}`);
  }, [text, app]);
}

/** Sets the tab title to "<page> · <product>" in the current language, from a message id. */
export function useDocumentTitle(id: string) {
  useDocumentTitleText(useIntl().formatMessage({ id }));
}
