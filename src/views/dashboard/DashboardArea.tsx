import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { css } from '../../../styled-system/css';
import { DashboardLayout } from '../../app/layouts/DashboardLayout';
import { NeedsMessages } from '../../app/NeedsMessages';
import { Spinner } from '../../components/spinner';

import EnrolledCoursesPage from './learning/EnrolledCoursesPage';
import RatingsPage from './learning/RatingsPage';
import TestScoresPage from './learning/TestScoresPage';

// the quiz loads with its own chunk
const QuizView = lazy(() => import('../quiz/QuizView'));
const LessonListView = lazy(() => import('../learn/LessonListView'));
const LessonView = lazy(() => import('../learn/LessonView'));
const CompletionView = lazy(() => import('../learn/CompletionView'));
// and so do the invoices (with their pager and the billing calls)
const InvoicesPage = lazy(() => import('./invoices/InvoicesPage'));
// her consultations (issue 10): reached from the dashboard home and the header, not the sidebar (spec §2)
const ConsultationsPage = lazy(() => import('../consultations/ConsultationsPage'));
// Account Settings (issue 25): its sections, machines and the profile's pickers in their own chunk
const SettingsView = lazy(() => import('../settings/SettingsView'));
// the community circle (issue 27): its screens, machines and words in their own chunk
const CommunityArea = lazy(() => import('../community/CommunityArea'));

/** The circle with its words (the `community` bundle holds the circle's rules from /community). */
function CommunityPage() {
  return (
    <NeedsMessages bundle="community">
      <CommunityArea />
    </NeedsMessages>
  );
}

/** Account Settings with its words (its own bundle: the sign-up fields it reuses come with it). */
function SettingsPage() {
  return (
    <NeedsMessages bundle="settings">
      <SettingsView />
    </NeedsMessages>
  );
}

function PageLoading() {
  return (
    <div
      aria-busy="true"
      className={css({ display: 'grid', placeItems: 'center', py: '16', color: 'accent.default' })}
    >
      <Spinner size="lg" />
    </div>
  );
}

/** Everything under /dashboard, already behind the guard: the shell and its pages. */
export default function DashboardArea() {
  return (
    <DashboardLayout>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/dashboard" component={EnrolledCoursesPage} />
          <Route path="/dashboard/test-scores" component={TestScoresPage} />
          <Route path="/dashboard/ratings" component={RatingsPage} />
          <Route path="/dashboard/course/:id/quiz/:kind" component={QuizView} />
          <Route path="/dashboard/course/:id/lesson/:lessonId" component={LessonView} />
          <Route path="/dashboard/course/:id/complete" component={CompletionView} />
          <Route path="/dashboard/course/:id" component={LessonListView} />
          <Route path="/dashboard/invoices" component={InvoicesPage} />
          <Route path="/dashboard/consultations" component={ConsultationsPage} />
          <Route path="/dashboard/settings" component={SettingsPage} />
          <Route path={/^\/dashboard\/circle(?:\/.*)?$/} component={CommunityPage} />
          <Route>
            <EnrolledCoursesPage />
          </Route>
        </Switch>
      </Suspense>
    </DashboardLayout>
  );
}
