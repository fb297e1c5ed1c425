import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { STAFF_PAGES } from '../../../contract/staff';

/**
 * The staff area (issue 26), its own chunk: sign-in and set-up for anyone, then the pages of her
 * roles inside the staff layout. Stub: C1 writes the session, the layout and the sign-in screens.
 */
const ExpertDayView = lazy(() => import('../staff-expert/ExpertDayView'));
const ExpertHoursView = lazy(() => import('../staff-expert/ExpertHoursView'));
const ExpertProfileView = lazy(() => import('../staff-expert/ExpertProfileView'));
const InboxView = lazy(() => import('../staff-inbox/InboxView'));
const InboxItemView = lazy(() => import('../staff-inbox/InboxItemView'));
const AdminExpertsView = lazy(() => import('../staff-admin/AdminExpertsView'));
const AdminCouponsView = lazy(() => import('../staff-admin/AdminCouponsView'));
const AdminOrdersView = lazy(() => import('../staff-admin/AdminOrdersView'));
const AuditView = lazy(() => import('../staff-admin/AuditView'));

export default function StaffArea() {
  return (
    <Switch>
      <Route path={STAFF_PAGES.home} component={ExpertDayView} />
      <Route path={STAFF_PAGES.hours} component={ExpertHoursView} />
      <Route path={STAFF_PAGES.profile} component={ExpertProfileView} />
      <Route path={STAFF_PAGES.inbox} component={InboxView} />
      <Route path={STAFF_PAGES.inboxItem} component={InboxItemView} />
      <Route path={STAFF_PAGES.experts} component={AdminExpertsView} />
      <Route path={STAFF_PAGES.coupons} component={AdminCouponsView} />
      <Route path={STAFF_PAGES.orders} component={AdminOrdersView} />
      <Route path={STAFF_PAGES.audit} component={AuditView} />
    </Switch>
  );
}
