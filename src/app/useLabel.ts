import { useIntl } from 'react-intl';

/**
 * A label with an English fallback (spec §2: sidebar and header labels fall back to English when
 * a translation is missing). The Arabic catalogue is layered over English already; this covers the
 * last case, an id missing from both.
 */
export function useLabel() {
  const intl = useIntl();
  return (id: string, fallback: string, values?: Record<string, string | number>) =>
    intl.messages[id] ? intl.formatMessage({ id }, values) : fallback;
}
