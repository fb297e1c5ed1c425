/**
 * Account Settings (issue 25): the shapes of /api/users/me/* that the server answers and the app
 * reads, and the constants both sides apply (the recovery code's alphabet and grouping, the typed
 * confirmation that deletes an account, how long a deleted alias stays reserved). The request bodies'
 * fields reuse the sign-up rules of account-rules.ts (PIN, answers, email, phone) and are validated
 * by the server's zod fields in server/routes/users-schemas.ts.
 *
 * Routes (all with the member's bearer token; every answer `Cache-Control: no-store`):
 *   GET    /users/me/settings                 → AccountSettings
 *   PUT    /users/me/profile                  { avatarId, country, ageRange, maritalStatus, email, phone } → AccountProfile
 *   PUT    /users/me/preferences              { language?, discreetDocuments? } → AccountProfile
 *   POST   /users/me/pin                      { currentPin, pin, pinConfirm, signOutOthers } → PinChanged
 *   PUT    /users/me/security-answers         { currentPin, securityAnswers: [{ questionId, answer }] ×3 } → { ok: true }
 *   POST   /users/me/recovery-code            { currentPin? } → RecoveryCodeIssued (currentPin may be left out
 *                                             only within RECOVERY_CODE_SIGNUP_MINUTES of sign-up, before a first code)
 *   GET    /users/me/sessions                 → DeviceList
 *   DELETE /users/me/sessions/{sessionId}     → { ok: true } (not this device: use /users/logout)
 *   POST   /users/me/sessions/sign-out-others → { signedOut: number }
 *   GET    /users/me/export?format=json|html  → an attachment (EXPORT_FILE_NAMES), rate-limited
 *   POST   /users/me/delete                   { currentPin, confirmation } → { ok: true, cancelledConsultations: number }
 *   POST   /users/forgot-pin/verify-recovery-code { alias, code } → { resetToken } (throttled as the answers are;
 *                                             retires the code), then POST /users/forgot-pin/reset as today.
 */
import { z } from '@hono/zod-openapi';
import { AGE_RANGES, LANGUAGES, MARITAL_STATUSES } from './account-rules.ts';

export * from './account-settings-rules.ts';

// ------------------------------------------------------------------ shapes

export const AccountProfile = z
  .object({
    alias: z.string(),
    /** Printed on invoices; kept on the documents the law keeps when she deletes her account. */
    memberNumber: z.number().int(),
    avatarId: z.string(),
    country: z.string(),
    ageRange: z.enum(AGE_RANGES),
    maritalStatus: z.enum(MARITAL_STATUSES).nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    language: z.enum(LANGUAGES),
    /** Invoices and credit notes print "Online course" and a course code, with neutral file names (on by default). */
    discreetDocuments: z.boolean(),
  })
  .openapi('AccountProfile');
export type AccountProfile = z.infer<typeof AccountProfile>;

export const AccountSettings = z
  .object({
    profile: AccountProfile,
    /** Her three questions, in order (the answers are never sent back). */
    questionIds: z.array(z.string()),
    recoveryCode: z.object({ active: z.boolean(), createdAt: z.string().nullable() }),
    /** True within RECOVERY_CODE_SIGNUP_MINUTES of sign-up while she has never made a code. */
    recoveryCodeWithoutPin: z.boolean(),
  })
  .openapi('AccountSettings');
export type AccountSettings = z.infer<typeof AccountSettings>;

export const PinChanged = z
  .object({ ok: z.literal(true), signedOutOthers: z.number().int() })
  .openapi('PinChanged');
export type PinChanged = z.infer<typeof PinChanged>;

export const RecoveryCodeIssued = z
  .object({ code: z.string(), createdAt: z.string() })
  .openapi('RecoveryCodeIssued');
export type RecoveryCodeIssued = z.infer<typeof RecoveryCodeIssued>;

export const Device = z
  .object({
    /** Opaque id of the session (never its token). */
    id: z.string(),
    /** "Chrome", "Safari", "Firefox", "Samsung Internet", "Edge", "Opera" or null when unknown. */
    browser: z.string().nullable(),
    /** "Android", "iOS", "Windows", "macOS", "Linux", "ChromeOS" or null. */
    system: z.string().nullable(),
    signedInAt: z.string(),
    lastSeenAt: z.string(),
    current: z.boolean(),
  })
  .openapi('Device');
export type Device = z.infer<typeof Device>;

export const DeviceList = z.object({ devices: z.array(Device) }).openapi('DeviceList');
export type DeviceList = z.infer<typeof DeviceList>;

export const AccountDeleted = z
  .object({ ok: z.literal(true), cancelledConsultations: z.number().int() })
  .openapi('AccountDeleted');
export type AccountDeleted = z.infer<typeof AccountDeleted>;
