/** Staff routes: to be written by S2 (the expert portal) (issue 26). */
import { createRouter } from '../lib/http.ts';
import type { StaffDeps } from './staff.ts';

export function staffExpertRoutes(_deps: StaffDeps) {
  return createRouter();
}
