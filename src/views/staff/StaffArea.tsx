import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { STAFF_PAGES, type StaffRole } from '../../../contract/staff';
import { css } from '../../../styled-system/css';
import { useFlowActor } from '../../app/flow';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { FullScreenLoader } from '../../components/full-screen-loader';
import { StaffLayout } from './StaffLayout';
import { StaffError } from './staff-fields';
import { StaffMeContext, useStaffMe } from './staff-me';
import { firstPageFor, mayReach, PAGE_ROLES } from './staff-nav';
import { StaffSessionFlow, useStaffSessionActor } from './staff-session';

/**
 * The staff area (issue 26), its own chunk: its session (machines/staffSession.ts, started here and
 * not by the root), sign-in and set-up for anyone, then the pages of her roles inside the staff
 * layout. Signed out, any other page sends her to sign in and back (?next=); a page her roles do not
 * reach says so; /staff for someone who is not an expert goes to her first page.
 */
const StaffLoginView = lazy(() => import('./StaffLoginView'));
const StaffSetupView = lazy(() => import('./StaffSetupView'));
const ExpertDayView = lazy(() => import('../staff-expert/ExpertDayView'));
const ExpertHoursView = lazy(() => import('../staff-expert/ExpertHoursView'));
const ExpertProfileView = lazy(() => import('../staff-expert/ExpertProfileView'));
const InboxView = lazy(() => import('../staff-inbox/InboxView'));
const InboxItemView = lazy(() => import('../staff-inbox/InboxItemView'));
const AdminExpertsView = lazy(() => import('../staff-admin/AdminExpertsView'));
const AdminCouponsView = lazy(() => import('../staff-admin/AdminCouponsView'));
const AdminOrdersView = lazy(() => import('../staff-admin/AdminOrdersView'));
const AuditView = lazy(() => import('../staff-admin/AuditView'));
const ModerationQueueView = lazy(() => import('../staff-circle/ModerationQueueView'));
const ExpertCircleView = lazy(() => import('../staff-circle/ExpertCircleView'));
const ExpertThreadView = lazy(() => import('../staff-circle/ExpertThreadView'));

export default function StaffArea() {
  const session = useStaffSessionActor();
  return (
    <StaffSessionFlow.Provider value={session}>
      <Switch>
        <Route path={STAFF_PAGES.login}>
          <SignedOutOnly>
            <StaffLoginView />
          </SignedOutOnly>
        </Route>
        <Route path={STAFF_PAGES.setup}>
          <Loaded>
            <StaffSetupView />
          </Loaded>
        </Route>
        <Route>
          <SignedIn>
            <StaffPages />
          </SignedIn>
        </Route>
      </Switch>
    </StaffSessionFlow.Provider>
  );
}

function StaffPages() {
  const me = useStaffMe();
  return (
    <StaffLayout>
      <Loaded>
        <Switch>
          <Route path={STAFF_PAGES.home}>
            {mayReach(me.roles, PAGE_ROLES.expert) ? (
              <ExpertDayView />
            ) : (
              <Redirect to={firstPageFor(me.roles)} replace />
            )}
          </Route>
          <Route path={STAFF_PAGES.hours}>{only(PAGE_ROLES.expert, <ExpertHoursView />)}</Route>
          <Route path={STAFF_PAGES.profile}>{only(PAGE_ROLES.expert, <ExpertProfileView />)}</Route>
          <Route path={STAFF_PAGES.inbox}>{only(PAGE_ROLES.team, <InboxView />)}</Route>
          <Route path={STAFF_PAGES.inboxItem}>{only(PAGE_ROLES.team, <InboxItemView />)}</Route>
          <Route path={STAFF_PAGES.experts}>{only(PAGE_ROLES.admin, <AdminExpertsView />)}</Route>
          <Route path={STAFF_PAGES.coupons}>{only(PAGE_ROLES.admin, <AdminCouponsView />)}</Route>
          <Route path={STAFF_PAGES.orders}>{only(PAGE_ROLES.admin, <AdminOrdersView />)}</Route>
          <Route path={STAFF_PAGES.audit}>{only(PAGE_ROLES.admin, <AuditView />)}</Route>
          <Route path={STAFF_PAGES.circleQueue}>{only(PAGE_ROLES.team, <ModerationQueueView />)}</Route>
          <Route path={STAFF_PAGES.circle}>{only(PAGE_ROLES.expert, <ExpertCircleView />)}</Route>
          <Route path={STAFF_PAGES.circleThread}>{only(PAGE_ROLES.expert, <ExpertThreadView />)}</Route>
          <Route>
            <NotHere id="staff.layout.notFound" />
          </Route>
        </Switch>
      </Loaded>
    </StaffLayout>
  );
}

const only = (roles: readonly StaffRole[], page: ReactNode) => <RoleGate roles={roles}>{page}</RoleGate>;

function RoleGate({ roles, children }: { roles: readonly StaffRole[]; children: ReactNode }) {
  const me = useStaffMe();
  return mayReach(me.roles, roles) ? children : <NotHere id="staff.layout.notForRole" />;
}

function NotHere({ id }: { id: string }) {
  return (
    <div data-testid="staff-not-here">
      <EmptyState titleAs="h1" title={<FormattedMessage id={id} />} />
    </div>
  );
}

function Loaded({ children }: { children: ReactNode }) {
  const intl = useIntl();
  return (
    <Suspense fallback={<FullScreenLoader label={intl.formatMessage({ id: 'staff.common.loading' })} />}>
      {children}
    </Suspense>
  );
}

/** While the session is checked: the loader; the check failed (offline): Try again. */
function useSessionGate(): ReactNode | null {
  const intl = useIntl();
  const session = useFlowSession();
  const checking = useSelector(session, (s) => s.matches('checking'));
  const failed = useSelector(session, (s) => s.matches('failed'));
  const error = useSelector(session, (s) => s.context.error);
  if (checking) return <FullScreenLoader label={intl.formatMessage({ id: 'staff.common.loading' })} />;
  if (failed)
    return (
      <div className={retryBox}>
        <StaffError error={error} testId="staff-session-error" />
        <Button
          type="button"
          data-testid="staff-retry"
          onClick={() => session.send({ type: 'staffSession.retry' })}
        >
          <FormattedMessage id="staff.common.retry" />
        </Button>
      </div>
    );
  return null;
}

function SignedIn({ children }: { children: ReactNode }) {
  const session = useFlowSession();
  const me = useSelector(session, (s) => s.context.me);
  const signedIn = useSelector(session, (s) => s.matches('signedIn') || s.matches('signingOut'));
  const [path] = useLocation();
  const search = useSearch();
  const gate = useSessionGate();
  if (gate) return gate;
  if (!signedIn || !me) {
    const next = `${path}${search ? `?${search}` : ''}`;
    return <Redirect to={`${STAFF_PAGES.login}?next=${encodeURIComponent(next)}`} replace />;
  }
  return <StaffMeContext.Provider value={me}>{children}</StaffMeContext.Provider>;
}

/** The sign-in page; already signed in, she goes on to her page. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useFlowSession();
  const me = useSelector(session, (s) => s.context.me);
  const gate = useSessionGate();
  if (gate) return gate;
  if (me) return <Redirect to={firstPageFor(me.roles)} replace />;
  return <Loaded>{children}</Loaded>;
}

function useFlowSession() {
  return useFlowActor(StaffSessionFlow);
}

const retryBox = css({ display: 'grid', gap: '4', maxWidth: 'md', mx: 'auto', p: '6' });
