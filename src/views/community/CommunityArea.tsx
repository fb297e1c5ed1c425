import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { CIRCLE_PAGES } from '../../../contract/circle';
import CircleHomeView from './CircleHomeView';

// each screen of the circle in its own chunk (the home comes with the area)
const SpaceView = lazy(() => import('./SpaceView'));
const ThreadView = lazy(() => import('./ThreadView'));
const NewThreadView = lazy(() => import('./composer/NewThreadView'));
const RepliesView = lazy(() => import('./replies/RepliesView'));

/**
 * The community circle for members (issue 27), under the dashboard's guard and layout: its own
 * chunk and message bundle (`community`). One route per screen of the circle; the dashboard's
 * Suspense shows its loader while a screen's chunk comes.
 */
export default function CommunityArea() {
  return (
    <Switch>
      <Route path={CIRCLE_PAGES.home} component={CircleHomeView} />
      <Route path={CIRCLE_PAGES.replies} component={RepliesView} />
      <Route path={CIRCLE_PAGES.newThread} component={NewThreadView} />
      <Route path={CIRCLE_PAGES.space} component={SpaceView} />
      <Route path={CIRCLE_PAGES.thread} component={ThreadView} />
      <Route component={CircleHomeView} />
    </Switch>
  );
}
