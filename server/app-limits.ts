/**
 * Every request limit of the API, in one place (app.ts hands them to the routes). Each is a token
 * bucket named here, counted in the shared store when there is one (PostgreSQL's `rate_limits` or
 * Redis: several processes and machines count as one), else in this process's memory.
 *
 * - per address: the auth calls (AUTH_RATE_LIMIT), the live alias check, registrations in their
 *   own bucket (REGISTER_RATE_LIMIT per hour, issue 20), the promo code checks, the public forms;
 * - per member and per address (three times a member's: a household, an office or a carrier's NAT
 *   shares one): saving cards (card testing), holding slots and confirming bookings (issue 20: no
 *   one empties an expert's calendar);
 * - per member: invoice and credit-note PDFs (costly renders), her data's exports (issue 25), her
 *   circle posts (issue 27: threads and replies together, tighter for a new account).
 */
import { EXPORTS_PER_HOUR } from '../contract/account-settings-rules.ts';
import { CIRCLE_LIMITS } from '../contract/circle.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/index.ts';
import type { Clock } from './lib/clock.ts';
import { type Limiter, type LimitStore, postgresLimitStore, SharedLimiter } from './lib/limit-store.ts';
import { memberAndAddressLimit, RateLimiter, rateLimit } from './lib/rate-limit.ts';
import { memberLimit, PDF_RATE_LIMIT } from './routes/member-limit.ts';

type Window = { limit: number; windowMs: number };

/** Saving cards: per member (three times that per address). Tests raise it through `config.cardRateLimit`. */
export const CARD_RATE_LIMIT: Window = { limit: 10, windowMs: 15 * 60_000 };
/** Holds, and confirmations, per member per 15 minutes (three times that per address). */
export const BOOKING_RATE_LIMIT: Window = { limit: 20, windowMs: 15 * 60_000 };
/** New accounts per address per hour, counted apart from the other sign-in calls. */
export const REGISTER_RATE_LIMIT: Window = { limit: 20, windowMs: 60 * 60_000 };

/**
 * Circle posts per member per hour (CIRCLE_LIMITS): the domain takes from `newAccount` while her
 * account is younger than `newAccountDays`, else from `regular` (after its checks: a post refused for
 * what it says costs nothing).
 */
export interface CirclePostLimit {
  regular: Limiter;
  newAccount: Limiter;
}

export interface LimitDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  /** The shared store; null: memory; undefined: the PostgreSQL table on PostgreSQL, memory on PGlite. */
  limitStore: LimitStore | null | undefined;
  /** The public forms' window (FORM_RATE_LIMIT). */
  forms: Window;
}

export function createLimits({ db, clock, config, limitStore, forms }: LimitDeps) {
  const store =
    limitStore === undefined ? (db.kind === 'postgres' ? postgresLimitStore(db) : null) : limitStore;
  const limiter = (name: string, window: Window): Limiter =>
    store
      ? new SharedLimiter(store, name, { ...window, clock, secret: config.pepper })
      : new RateLimiter({ ...window, clock });
  const perAddress = (name: string, window: Window) => rateLimit(limiter(name, window), config.trustProxy);
  const memberAndAddress = (name: string, window: Window) =>
    memberAndAddressLimit(
      {
        member: limiter(`${name}-member`, window),
        address: limiter(`${name}-address`, { ...window, limit: window.limit * 3 }),
      },
      config.trustProxy,
    );
  const booking = config.bookingRateLimit ?? BOOKING_RATE_LIMIT;
  return {
    auth: perAddress('auth', config.rateLimit),
    /** Staff sign-in's password and second-factor steps (issue 26), per address. */
    staffAuth: perAddress('staff-auth', config.rateLimit),
    alias: perAddress('alias', config.rateLimit),
    register: perAddress('register', config.registerRateLimit ?? REGISTER_RATE_LIMIT),
    coupon: perAddress('coupon', config.rateLimit),
    forms: perAddress('forms', forms),
    card: memberAndAddress('card', config.cardRateLimit ?? CARD_RATE_LIMIT),
    hold: memberAndAddress('booking-hold', booking),
    confirm: memberAndAddress('booking-confirm', booking),
    pdf: memberLimit(limiter('pdf-member', config.pdfRateLimit ?? PDF_RATE_LIMIT)),
    export: memberLimit(limiter('export-member', { limit: EXPORTS_PER_HOUR, windowMs: 60 * 60_000 })),
    circlePost: {
      regular: limiter('circle-post', { limit: CIRCLE_LIMITS.postsPerHour, windowMs: 60 * 60_000 }),
      newAccount: limiter('circle-post-new', {
        limit: CIRCLE_LIMITS.newAccountPostsPerHour,
        windowMs: 60 * 60_000,
      }),
    } satisfies CirclePostLimit,
  };
}
