import { LocaleProvider } from '@ark-ui/react/locale';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from './actors';
import { IntlBridge } from './intl';
import { notify, useToasterRequested } from './notify';
import { QuizSentNotice } from './QuizSentNotice';
import { AppRoutes } from './routes';
import { Splash } from './Splash';

const Toaster = lazy(() => import('../components/toast').then((m) => ({ default: m.Toaster })));

function Chrome({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const toasts = useToasterRequested();
  const languageError = useLanguage((s) => s.context.error);
  useEffect(() => {
    // a language that could not load keeps the current one; say so instead of failing silently
    if (languageError) notify({ type: 'error', title: intl.formatMessage({ id: 'errors.languageLoad' }) });
  }, [languageError, intl]);
  return (
    // Ark reads the direction from here, so drawers, toasts and keyboard navigation mirror in Arabic
    <LocaleProvider locale={intl.locale === 'ar' ? 'ar-SA' : 'en-US'}>
      <div className="app-content">{children}</div>
      <QuizSentNotice />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster closeLabel={intl.formatMessage({ id: 'common.close' })} />
        </Suspense>
      )}
    </LocaleProvider>
  );
}

/** Everything inside the root provider: splash, translations, routes, toasts. */
export function App() {
  return (
    <>
      <Splash />
      <IntlBridge>
        <Chrome>
          <AppRoutes />
        </Chrome>
      </IntlBridge>
    </>
  );
}
