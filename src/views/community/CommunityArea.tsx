import { Route, Switch } from 'wouter';
import { CIRCLE_PAGES } from '../../../contract/circle';

/**
 * The community circle for members (issue 27), under the dashboard's guard and layout: its own
 * chunk and message bundle (`community`). One route per screen of the circle.
 */
export default function CommunityArea() {
  return (
    <Switch>
      <Route path={CIRCLE_PAGES.home}>
        <h1 data-testid="community-home">…</h1>
      </Route>
    </Switch>
  );
}
