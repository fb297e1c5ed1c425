/**
 * The staff side (issue 26): accounts apart from members, with roles, a password and a second factor
 * (a passkey or an authenticator-app code), their own session cookie, and the audit log. This file
 * holds the roles, the cookie, the sign-in shapes and the table of every staff route with the roles
 * it admits (server tests walk it: route × role). The portal's, the inbox's and the admin's shapes
 * are in staff-expert.ts, staff-inbox.ts and staff-admin.ts. The app imports types and constants only.
 *
 * Sign-in (no role needed; the cookie `STAFF_COOKIE` is HttpOnly, SameSite=Strict, Path=/api/staff):
 *   GET  /staff/setup/{token}                → SetupInfo           the one-time link of `npm run staff:add`
 *   POST /staff/setup                        { token, password }  → SignInStep (stage 'enrol')
 *   POST /staff/login                        { email, password }  → SignInStep (stage 'second-factor' | 'enrol')
 *   POST /staff/login/totp                   { code }             → StaffMe
 *   POST /staff/login/passkey/options        → WebAuthn request options (PublicKeyCredentialRequestOptionsJSON)
 *   POST /staff/login/passkey                { response }         → StaffMe
 *   POST /staff/enrol/totp                   → TotpEnrolment      (a new secret and its QR code as SVG, drawn on the server)
 *   POST /staff/enrol/totp/confirm           { code }             → StaffMe
 *   POST /staff/enrol/passkey/options        → WebAuthn creation options (PublicKeyCredentialCreationOptionsJSON)
 *   POST /staff/enrol/passkey                { response }         → StaffMe
 *   GET  /staff/me                           → StaffMe            (a full session: both factors passed)
 *   PUT  /staff/me/language                  { language }         → StaffMe
 *   POST /staff/logout                       → 204
 *   GET  /staff/audit?cursor=&limit=         → AuditPage          (admin)
 *
 * A half-open session (password passed, second factor not yet) only reaches the /staff/login/*
 * and /staff/enrol/* routes; every other staff route answers 401 UNAUTHORIZED to it. A member's
 * bearer token never opens a staff route (401) and the staff cookie never opens a member's route.
 */
import { z } from '@hono/zod-openapi';

export const STAFF_ROLES = ['expert', 'moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The staff session's cookie: HttpOnly, SameSite=Strict, Secure on https, Path=/api/staff. */
export const STAFF_COOKIE = 'staffSession';
/** A staff session ends after this long without a request. */
export const STAFF_IDLE_MINUTES = 30;
/** A half-open session (password passed, no second factor yet) lasts this long. */
export const STAFF_SECOND_FACTOR_MINUTES = 10;
/** The set-up link of `npm run staff:add` works once, for this long. */
export const STAFF_SETUP_HOURS = 72;
/** A staff password: at least this many characters (and not a common one). */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;
/** Authenticator-app codes: 6 digits, 30-second steps, one step either side accepted. */
export const TOTP_DIGITS = 6;

export const SECOND_FACTORS = ['passkey', 'totp'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

// ------------------------------------------------------------------ shapes

export const StaffMe = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    roles: z.array(z.enum(STAFF_ROLES)),
    /** The expert she is (her portal's bookings and hours), or null. */
    expertId: z.string().nullable(),
    language: z.enum(['en', 'ar']),
    /** Her second factors: she may add the other one from the portal. */
    factors: z.array(z.enum(SECOND_FACTORS)),
  })
  .openapi('StaffMe');
export type StaffMe = z.infer<typeof StaffMe>;

export const SetupInfo = z
  .object({ email: z.string(), name: z.string(), language: z.enum(['en', 'ar']) })
  .openapi('StaffSetupInfo');
export type SetupInfo = z.infer<typeof SetupInfo>;

/** After the password: what she does next. 'enrol': she has no second factor yet and sets one up. */
export const SignInStep = z
  .object({
    stage: z.enum(['second-factor', 'enrol']),
    /** The factors she can use now (stage 'second-factor'). */
    factors: z.array(z.enum(SECOND_FACTORS)),
  })
  .openapi('StaffSignInStep');
export type SignInStep = z.infer<typeof SignInStep>;

export const TotpEnrolment = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    /** otpauth://totp/… */
    uri: z.string(),
    /** The QR code of `uri` as an SVG document (drawn on the server; no third party sees the secret). */
    qrSvg: z.string(),
  })
  .openapi('StaffTotpEnrolment');
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

/** What the audit log records (server/domain/staff-audit.ts writes one row per staff action). */
export const AUDIT_ACTIONS = [
  'staff.created',
  'staff.setup',
  'staff.login',
  'staff.login.failed',
  'staff.factor.added',
  'staff.logout',
  'booking.viewed',
  'booking.joined',
  'booking.details.opened',
  'booking.no-show',
  'hours.changed',
  'profile.submitted',
  'profile.approved',
  'profile.rejected',
  'expert.published',
  'expert.unpublished',
  'submission.status',
  'submission.note',
  'submission.cv.downloaded',
  'coupon.created',
  'coupon.changed',
  'order.refunded',
  'audit.read',
  'circle.queue.read',
  'circle.approved',
  'circle.removed',
  'circle.warned',
  'circle.suspended',
  'circle.expert.replied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AuditEntry = z
  .object({
    id: z.string(),
    at: z.string(),
    /** Who: her name and e-mail as they were (null for a failed sign-in to an unknown address). */
    staffName: z.string().nullable(),
    staffEmail: z.string().nullable(),
    action: z.enum(AUDIT_ACTIONS),
    /** What it was done to: 'booking', 'submission', 'expert', 'coupon', 'order', 'staff'. */
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    /** A few words of context, never personal details (no names, no birth dates, no note texts). */
    detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .openapi('AuditEntry');
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z
  .object({ items: z.array(AuditEntry), nextCursor: z.string().nullable() })
  .openapi('AuditPage');
export type AuditPage = z.infer<typeof AuditPage>;

// ------------------------------------------------------------------ the route table

/** 'signed-out': no session needed; 'half': the password passed; 'any': a full session, any role. */
export type StaffAccess = 'signed-out' | 'half' | 'any' | readonly StaffRole[];

export interface StaffRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Under /api, with {param} as in the OpenAPI document. */
  path: string;
  access: StaffAccess;
}

const EXPERT = ['expert'] as const;
const TEAM = ['moderator', 'admin'] as const;
const ADMIN = ['admin'] as const;

/**
 * Every staff route and who it admits. The server's guard takes the roles from here (a route not
 * in this table is not served), and tests/server/staff-roles.test.ts sends each route every role.
 */
export const STAFF_ROUTES = [
  { method: 'get', path: '/staff/setup/{token}', access: 'signed-out' },
  { method: 'post', path: '/staff/setup', access: 'signed-out' },
  { method: 'post', path: '/staff/login', access: 'signed-out' },
  { method: 'post', path: '/staff/login/totp', access: 'half' },
  { method: 'post', path: '/staff/login/passkey/options', access: 'half' },
  { method: 'post', path: '/staff/login/passkey', access: 'half' },
  { method: 'post', path: '/staff/enrol/totp', access: 'half' },
  { method: 'post', path: '/staff/enrol/totp/confirm', access: 'half' },
  { method: 'post', path: '/staff/enrol/passkey/options', access: 'half' },
  { method: 'post', path: '/staff/enrol/passkey', access: 'half' },
  { method: 'get', path: '/staff/me', access: 'any' },
  { method: 'put', path: '/staff/me/language', access: 'any' },
  { method: 'post', path: '/staff/logout', access: 'any' },
  { method: 'get', path: '/staff/audit', access: ADMIN },
  // the expert portal (staff-expert.ts)
  { method: 'get', path: '/staff/expert/bookings', access: EXPERT },
  { method: 'post', path: '/staff/expert/bookings/{id}/join', access: EXPERT },
  { method: 'post', path: '/staff/expert/bookings/{id}/details', access: EXPERT },
  { method: 'post', path: '/staff/expert/bookings/{id}/no-show', access: EXPERT },
  { method: 'get', path: '/staff/expert/hours', access: EXPERT },
  { method: 'put', path: '/staff/expert/hours', access: EXPERT },
  { method: 'get', path: '/staff/expert/profile', access: EXPERT },
  { method: 'put', path: '/staff/expert/profile', access: EXPERT },
  // the team inbox (staff-inbox.ts)
  { method: 'get', path: '/staff/inbox', access: TEAM },
  { method: 'get', path: '/staff/inbox/{id}', access: TEAM },
  { method: 'patch', path: '/staff/inbox/{id}', access: TEAM },
  { method: 'post', path: '/staff/inbox/{id}/notes', access: TEAM },
  { method: 'get', path: '/staff/inbox/{id}/cv', access: TEAM },
  // what admins change without a deploy (staff-admin.ts)
  { method: 'get', path: '/staff/admin/experts', access: ADMIN },
  { method: 'put', path: '/staff/admin/experts/{id}/published', access: ADMIN },
  { method: 'post', path: '/staff/admin/experts/{id}/profile/approve', access: ADMIN },
  { method: 'post', path: '/staff/admin/experts/{id}/profile/reject', access: ADMIN },
  { method: 'get', path: '/staff/admin/coupons', access: ADMIN },
  { method: 'post', path: '/staff/admin/coupons', access: ADMIN },
  { method: 'patch', path: '/staff/admin/coupons/{code}', access: ADMIN },
  { method: 'get', path: '/staff/admin/orders', access: ADMIN },
  { method: 'post', path: '/staff/admin/orders/{id}/refund', access: ADMIN },
  // the community circle (contract/circle.ts, issue 27): moderators and admins decide, experts answer
  { method: 'get', path: '/staff/circle/queue', access: TEAM },
  { method: 'post', path: '/staff/circle/posts/{id}/approve', access: TEAM },
  { method: 'post', path: '/staff/circle/posts/{id}/remove', access: TEAM },
  { method: 'post', path: '/staff/circle/posts/{id}/warn', access: TEAM },
  { method: 'post', path: '/staff/circle/posts/{id}/suspend', access: TEAM },
  { method: 'get', path: '/staff/circle/threads', access: EXPERT },
  { method: 'get', path: '/staff/circle/threads/{id}', access: EXPERT },
  { method: 'post', path: '/staff/circle/threads/{id}/replies', access: EXPERT },
] as const satisfies readonly StaffRoute[];

/** The roles (or access) of a route of the table; undefined: not a staff route. */
export function staffAccess(method: string, path: string): StaffAccess | undefined {
  return STAFF_ROUTES.find((r) => r.method === method.toLowerCase() && r.path === path)?.access;
}

/** The pages of the staff area (the app's routes, under /staff). */
export const STAFF_PAGES = {
  login: '/staff/login',
  setup: '/staff/setup/:token',
  home: '/staff',
  hours: '/staff/hours',
  profile: '/staff/profile',
  inbox: '/staff/inbox',
  inboxItem: '/staff/inbox/:id',
  experts: '/staff/admin/experts',
  coupons: '/staff/admin/coupons',
  orders: '/staff/admin/orders',
  audit: '/staff/admin/audit',
  circleQueue: '/staff/circle/queue',
  circle: '/staff/circle',
  circleThread: '/staff/circle/t/:id',
} as const;
