/**
 * The community circle's member API (issue 27, contract/circle.ts), mounted under /api behind the
 * member's bearer token. Filled in by the circle's server work (S1 reads, S2 writes).
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { Clock } from '../lib/clock.ts';
import { createRouter } from '../lib/http.ts';
import type { Logger } from '../lib/log.ts';
import type { Limit } from './schemas.ts';

export interface CircleDeps {
  database: Database;
  clock: Clock;
  config: AppConfig;
  log: Logger;
  /** The member's session (routes/users.ts sessionAuth). */
  auth: Limit;
}

export function circleRoutes(_deps: CircleDeps) {
  const router = createRouter();
  return router;
}
