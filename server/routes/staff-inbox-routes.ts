/** Staff routes: to be written by S3 (the team inbox) (issue 26). */
import { createRouter } from '../lib/http.ts';
import type { StaffDeps } from './staff.ts';

export function staffInboxRoutes(_deps: StaffDeps) {
  return createRouter();
}
