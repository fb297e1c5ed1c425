/**
 * The staff side's API (issue 26), mounted under /api: the guard (lib/staff-guard.ts: the route
 * table of contract/staff.ts, the staff cookie, roles) in front of four routers, one per use:
 * sign-in and the audit log, the expert portal, the team inbox, and what admins change. Every
 * route carries the OpenAPI tag 'staff', so the document lists them apart.
 */
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { Consultations } from '../domain/consultations.ts';
import type { ConsultationsConfig } from '../domain/consultations-config.ts';
import type { Forms } from '../domain/forms.ts';
import type { CatalogueCache } from '../domain/learning-catalogue.ts';
import type { Clock } from '../lib/clock.ts';
import type { Hasher } from '../lib/hashing.ts';
import { createRouter } from '../lib/http.ts';
import type { Logger } from '../lib/log.ts';
import { staffGuard } from '../lib/staff-guard.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { Limit } from './schemas.ts';
import { staffAdminRoutes } from './staff-admin-routes.ts';
import { staffAuthRoutes } from './staff-auth-routes.ts';
import { staffCircleRoutes } from './staff-circle-routes.ts';
import { staffExpertRoutes } from './staff-expert-routes.ts';
import { staffInboxRoutes } from './staff-inbox-routes.ts';

/** What the staff routers may use; each takes what it needs. */
export interface StaffDeps {
  database: Database;
  clock: Clock;
  config: AppConfig;
  hasher: Hasher;
  log: Logger;
  consultations: Consultations;
  consultationsConfig: ConsultationsConfig;
  forms: Forms;
  catalogue: CatalogueCache;
  provider: PaymentProvider;
  /** Staff sign-in's steps per address (app-limits.ts staffAuth; shared across processes on PostgreSQL). */
  authLimit: Limit;
}

export function staffRoutes(deps: StaffDeps) {
  const router = createRouter();
  router.use('/staff/*', staffGuard({ db: deps.database.db, clock: deps.clock }));
  router.route('/', staffAuthRoutes(deps));
  router.route('/', staffExpertRoutes(deps));
  router.route('/', staffInboxRoutes(deps));
  router.route('/', staffAdminRoutes(deps));
  router.route('/', staffCircleRoutes(deps));
  return router;
}
