import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenLoader } from '../components/full-screen-loader';
import { SiteLayout } from './layouts/SiteLayout';
import { RequireAuth } from './RequireAuth';

// Every screen is its own chunk: a first visit loads only the shell and the screen it opens.
const HomeView = lazy(() => import('../views/home/HomeView'));
const LoginView = lazy(() => import('../views/login/LoginView'));
const SignupView = lazy(() => import('../views/signup/SignupView'));
const ForgotPinView = lazy(() => import('../views/forgot-pin/ForgotPinView'));
const LegalView = lazy(() => import('../views/legal/LegalView'));
const NotFoundView = lazy(() => import('../views/not-found/NotFoundView'));
const DashboardArea = lazy(() => import('../views/dashboard/DashboardArea'));

function Loading() {
  const intl = useIntl();
  return <FullScreenLoader label={intl.formatMessage({ id: 'app.loading' })} />;
}

function Site({ children }: { children: ReactNode }) {
  return (
    <SiteLayout>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </SiteLayout>
  );
}

/** Routes (spec §2): /dashboard and below behind the guard; everything else is the public site. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={/^\/dashboard(?:\/.*)?$/}>
        <RequireAuth>
          <Suspense fallback={<Loading />}>
            <DashboardArea />
          </Suspense>
        </RequireAuth>
      </Route>
      <Route path="/_app">
        <Redirect to="/" replace />
      </Route>
      <Route path="/">
        <Site>
          <HomeView />
        </Site>
      </Route>
      <Route path="/login">
        <Site>
          <LoginView />
        </Site>
      </Route>
      <Route path="/signup">
        <Site>
          <SignupView />
        </Site>
      </Route>
      <Route path="/forgot-pin">
        <Site>
          <ForgotPinView />
        </Site>
      </Route>
      <Route path="/terms">
        <Site>
          <LegalView page="terms" />
        </Site>
      </Route>
      <Route path="/privacy">
        <Site>
          <LegalView page="privacy" />
        </Site>
      </Route>
      <Route>
        <Site>
          <NotFoundView />
        </Site>
      </Route>
    </Switch>
  );
}
