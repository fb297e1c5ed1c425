/** Staff routes: to be written by S1 (sign-in, second factors, sessions, audit log) (issue 26). */
import { createRouter } from '../lib/http.ts';
import type { StaffDeps } from './staff.ts';

export function staffAuthRoutes(_deps: StaffDeps) {
  return createRouter();
}
