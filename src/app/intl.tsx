import type { ReactNode } from 'react';
import { IntlProvider, type MessageFormatElement } from 'react-intl';
import { useLanguage } from './actors';

function onIntlError(error: { code?: string }) {
  // Missing ids are caught by `npm run check`; at run time the English layer covers them.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
}

/** react-intl bound to the language machine: renders once the messages of the language are in. */
export function IntlBridge({ children }: { children: ReactNode }) {
  const locale = useLanguage((s) => s.context.locale);
  const messages = useLanguage((s) => s.context.messages) as Record<string, MessageFormatElement[]> | null;
  if (!messages) return null;
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
