/** Staff routes: to be written by S3 (admin changes) (issue 26). */
import { createRouter } from '../lib/http.ts';
import type { StaffDeps } from './staff.ts';

export function staffAdminRoutes(_deps: StaffDeps) {
  return createRouter();
}
