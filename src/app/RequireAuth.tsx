import { ClientOnly } from '@ark-ui/react/client-only';
import { type ReactNode, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useSession } from './actors';

type GuardStatus = 'loading' | 'allowed' | 'redirect' | 'leaving';

/**
 * Route guard (spec §2). While the session loads: a full-screen loading indicator. Once loaded and
 * signed out: redirect to /login, remembering where the member was going, rendering nothing while
 * the redirect is pending. Guarded content renders on the client only, with the indicator as fallback.
 */
export function RequireAuth({ children, required = true }: { children: ReactNode; required?: boolean }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const status = useSession((s): GuardStatus => {
    if (s.matches('loading')) return 'loading';
    if (s.matches('signedIn')) return 'allowed';
    if (s.matches('signingOut')) return 'leaving';
    return 'redirect';
  });
  const mustRedirect = required && status === 'redirect';

  useEffect(() => {
    if (!mustRedirect) return;
    const next = `${location}${search ? `?${search}` : ''}`;
    navigate(`/login?next=${encodeURIComponent(next)}`, { replace: true });
  }, [mustRedirect, location, search, navigate]);

  const loader = <FullScreenLoader label={intl.formatMessage({ id: 'app.loading' })} />;
  if (!required) return <>{children}</>;
  if (status === 'loading') return loader;
  // while signing out the dashboard stays, its Log out button busy, until the machine leaves for /login
  if (status !== 'allowed' && status !== 'leaving') return null;
  return <ClientOnly fallback={loader}>{children}</ClientOnly>;
}
