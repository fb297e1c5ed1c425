import { Route, Switch } from 'wouter';
import { DashboardLayout } from '../../app/layouts/DashboardLayout';
import { CoursesPage, InvoicesPage, RatingsPage, SettingsPage, TestScoresPage } from './DashboardPages';

/** Everything under /dashboard, already behind the guard: the shell and its pages. */
export default function DashboardArea() {
  return (
    <DashboardLayout>
      <Switch>
        <Route path="/dashboard" component={CoursesPage} />
        <Route path="/dashboard/test-scores" component={TestScoresPage} />
        <Route path="/dashboard/ratings" component={RatingsPage} />
        <Route path="/dashboard/invoices" component={InvoicesPage} />
        <Route path="/dashboard/settings" component={SettingsPage} />
        <Route>
          <CoursesPage />
        </Route>
      </Switch>
    </DashboardLayout>
  );
}
