import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenLoader } from '../components/full-screen-loader';
import { SiteLayout } from './layouts/SiteLayout';
import type { MessageBundle } from './message-bundles';
import { NeedsMessages } from './NeedsMessages';
import { RequireAuth } from './RequireAuth';

// Every screen is its own chunk: a first visit loads only the shell and the screen it opens.
const HomeView = lazy(() => import('../views/home/HomeView'));
const LoginView = lazy(() => import('../views/login/LoginView'));
const SignupView = lazy(() => import('../views/signup/SignupView'));
const ForgotPinView = lazy(() => import('../views/forgot-pin/ForgotPinView'));
const LegalView = lazy(() => import('../views/legal/LegalView'));
const NotFoundView = lazy(() => import('../views/not-found/NotFoundView'));
const DashboardArea = lazy(() => import('../views/dashboard/DashboardArea'));
const CatalogueView = lazy(() => import('../views/courses/CatalogueView'));
const CourseView = lazy(() => import('../views/course/CourseView'));

function Loading() {
  const intl = useIntl();
  return <FullScreenLoader label={intl.formatMessage({ id: 'app.loading' })} />;
}

/** A public page in the site layout; `messages` names the bundle its words are in, beyond the core. */
function Site({ children, messages }: { children: ReactNode; messages?: MessageBundle }) {
  const page = <Suspense fallback={<Loading />}>{children}</Suspense>;
  return <SiteLayout>{messages ? <NeedsMessages bundle={messages}>{page}</NeedsMessages> : page}</SiteLayout>;
}

/** Routes (spec §2): /dashboard and below behind the guard; everything else is the public site. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={/^\/dashboard(?:\/.*)?$/}>
        <RequireAuth>
          <NeedsMessages bundle="learning">
            <Suspense fallback={<Loading />}>
              <DashboardArea />
            </Suspense>
          </NeedsMessages>
        </RequireAuth>
      </Route>
      <Route path="/_app">
        <Redirect to="/" replace />
      </Route>
      <Route path="/">
        <Site messages="home">
          <HomeView />
        </Site>
      </Route>
      <Route path="/courses">
        <Site messages="learning">
          <CatalogueView />
        </Site>
      </Route>
      <Route path="/courses/:id">
        <Site messages="learning">
          <CourseView />
        </Site>
      </Route>
      <Route path="/login">
        <Site>
          <LoginView />
        </Site>
      </Route>
      <Route path="/signup">
        <Site messages="signup">
          <SignupView />
        </Site>
      </Route>
      <Route path="/forgot-pin">
        <Site messages="forgot">
          <ForgotPinView />
        </Site>
      </Route>
      <Route path="/terms">
        <Site messages="legal">
          <LegalView page="terms" />
        </Site>
      </Route>
      <Route path="/privacy">
        <Site messages="legal">
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
