import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { Redirect, Route, Switch } from 'wouter';
import { FullScreenLoader } from '../components/full-screen-loader';
import { DashboardArea } from './dashboard-chunk';
import { SiteLayout } from './layouts/SiteLayout';
import type { MessageBundle } from './message-bundles';
import { NeedsMessages } from './NeedsMessages';
import { RequireAuth } from './RequireAuth';

// Every screen is its own chunk: a first visit loads only the shell and the screen it opens.
const HomeView = lazy(() => import('../views/home/HomeView'));
const LoginView = lazy(() => import('../views/login/LoginView'));
const SignupView = lazy(() => import('../views/signup/SignupView'));
const ForgotPinView = lazy(() => import('../views/forgot-pin/ForgotPinView'));
const AboutView = lazy(() => import('../views/about/AboutView'));
const ProgramsView = lazy(() => import('../views/programs/ProgramsView'));
const PartnershipsView = lazy(() => import('../views/partnerships/PartnershipsView'));
const FaqView = lazy(() => import('../views/faq/FaqView'));
const TermsView = lazy(() => import('../views/terms/TermsView'));
const PrivacyView = lazy(() => import('../views/privacy/PrivacyView'));
const CareersView = lazy(() => import('../views/careers/CareersView'));
const CircleView = lazy(() => import('../views/circle/CircleView'));
const MenopauseView = lazy(() => import('../views/menopause/MenopauseView'));
const ContactView = lazy(() => import('../views/contact/ContactView'));
const ConcernView = lazy(() => import('../views/concern/ConcernView'));
const SafeguardingView = lazy(() => import('../views/safeguarding/SafeguardingView'));
const NotFoundView = lazy(() => import('../views/not-found/NotFoundView'));
const CatalogueView = lazy(() => import('../views/courses/CatalogueView'));
const CourseView = lazy(() => import('../views/course/CourseView'));
const CartView = lazy(() => import('../views/cart/CartView'));
const CheckoutView = lazy(() => import('../views/checkout/CheckoutView'));
// the public forms (issue 9): one form component, in its own chunk, for the pages' form slots
const EnquiryForm = lazy(() => import('../views/forms/EnquiryForm'));
const ExpertApplyView = lazy(() => import('../views/experts-apply/ExpertApplyView'));
const ArticlesView = lazy(() => import('../views/articles/ArticlesView'));
const ArticleView = lazy(() => import('../views/articles/ArticleView'));
const ExpertsView = lazy(() => import('../views/experts/ExpertsView'));
const ExpertView = lazy(() => import('../views/experts/ExpertView'));
// the staff side (issue 26): its own area, layout and session (src/views/staff/StaffArea.tsx)
const StaffArea = lazy(() => import('../views/staff/StaffArea'));

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
      <Route path={/^\/staff(?:\/.*)?$/}>
        <NeedsMessages bundle="staff">
          <Suspense fallback={<Loading />}>
            <StaffArea />
          </Suspense>
        </NeedsMessages>
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
      <Route path="/articles">
        <Site messages="articles">
          <ArticlesView />
        </Site>
      </Route>
      <Route path="/articles/:id">
        <Site messages="articles">
          <ArticleView />
        </Site>
      </Route>
      {/* before /experts/:id: "apply" is not an expert's id */}
      <Route path="/experts/apply">
        <Site messages="expertApply">
          <ExpertApplyView form={<EnquiryForm kind="expert-application" />} />
        </Site>
      </Route>
      <Route path="/experts">
        <Site messages="experts">
          <ExpertsView />
        </Site>
      </Route>
      {/* after /experts/apply (above): "apply" is not an expert's id */}
      <Route path="/experts/:id">
        <Site messages="experts">
          <ExpertView />
        </Site>
      </Route>
      <Route path="/cart">
        <Site messages="commerce">
          <CartView />
        </Site>
      </Route>
      <Route path="/checkout">
        {/* members only: a visitor signs in and comes back here, the cart kept (RequireAuth's ?next) */}
        <SiteLayout>
          <RequireAuth>
            <NeedsMessages bundle="commerce">
              <Suspense fallback={<Loading />}>
                <CheckoutView />
              </Suspense>
            </NeedsMessages>
          </RequireAuth>
        </SiteLayout>
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
      <Route path="/about">
        <Site messages="about">
          <AboutView />
        </Site>
      </Route>
      <Route path="/programs">
        <Site messages="programs">
          <ProgramsView form={<EnquiryForm kind="programs" />} />
        </Site>
      </Route>
      <Route path="/partnerships">
        <Site messages="partnerships">
          <PartnershipsView form={<EnquiryForm kind="partnerships" />} />
        </Site>
      </Route>
      <Route path="/faq">
        <Site messages="faq">
          <FaqView />
        </Site>
      </Route>
      <Route path="/terms">
        <Site messages="legal">
          <TermsView />
        </Site>
      </Route>
      <Route path="/privacy">
        <Site messages="legal">
          <PrivacyView />
        </Site>
      </Route>
      <Route path="/careers">
        <Site messages="careers">
          <CareersView />
        </Site>
      </Route>
      <Route path="/community">
        <Site messages="circle">
          <CircleView />
        </Site>
      </Route>
      <Route path="/menopause">
        <Site messages="menopause">
          <MenopauseView />
        </Site>
      </Route>
      <Route path="/contact">
        <Site messages="contact">
          <ContactView form={<EnquiryForm kind="contact" />} />
        </Site>
      </Route>
      <Route path="/safeguarding">
        <Site messages="safeguarding">
          <SafeguardingView />
        </Site>
      </Route>
      <Route path="/report-a-concern">
        <Site messages="concern">
          <ConcernView form={<EnquiryForm kind="concern" />} />
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
