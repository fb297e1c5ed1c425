/**
 * The circle's staff routes (issue 27, contract/circle.ts): the moderation queue and its decisions
 * (moderators, admins) and experts' answers. Behind the staff guard (routes/staff.ts).
 */
import { createRouter } from '../lib/http.ts';
import type { StaffDeps } from './staff.ts';

export function staffCircleRoutes(_deps: StaffDeps) {
  const router = createRouter();
  return router;
}
