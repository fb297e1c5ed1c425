import { useEffect } from 'react';
import { useIntl } from 'react-intl';

/** Sets the tab title to "<page> · <product>" in the current language. */
export function useDocumentTitle(id: string) {
  const intl = useIntl();
  const title = intl.formatMessage({ id });
  const app = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    document.title = `${title} · ${app}`;
  }, [title, app]);
}
