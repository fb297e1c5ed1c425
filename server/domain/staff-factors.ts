/**
 * The second factor (issue 26): enrolling and using an authenticator app (staff-totp.ts) or a passkey
 * (WebAuthn, @simplewebauthn/server). Passing one, at sign-in or by enrolling the first one from a half
 * session, opens a full session under a new token (staff-sessions.ts) and resets the lockout's count;
 * a wrong code or passkey counts towards it. Every factor added and every sign-in is audited.
 *
 * Passkeys: the relying party is the hostname of PUBLIC_URL; a response is accepted from an origin on
 * that hostname (https, or http on localhost), any port. User verification is preferred, not required.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { SecondFactor, StaffMe, TotpEnrolment } from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { staff, staffPasskeys } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { StaffContext } from '../lib/staff-guard.ts';
import { assertMayEnrol, passkeysOf, staffMe, staffRow } from './staff-accounts.ts';
import { writeAudit } from './staff-audit.ts';
import { promoteStaffSession, putChallenge, takeChallenge } from './staff-sessions.ts';
import type { StaffThrottle } from './staff-throttle.ts';
import { codeStep, newEnrolment, openSecret, sealSecret, totpKey } from './staff-totp.ts';

export interface FactorDeps {
  db: Db;
  clock: Clock;
  pepper: string;
  /** PUBLIC_URL: its hostname is the passkeys' relying party. */
  publicUrl: string;
  throttle: StaffThrottle;
}

/** Who acts, with the request's id for her audit rows (X-Request-Id). */
export type Actor = StaffContext & { requestId?: string };

/** What a passkey ceremony's response looks like to us (its fields are checked by the library). */
export type PasskeyResponse = Record<string, unknown> & { id: string };

/** The origin in a response's client data when its hostname is ours (https, or localhost); else null. */
export function acceptedOrigin(response: PasskeyResponse, rpID: string): string | null {
  try {
    const inner = response.response as { clientDataJSON?: unknown };
    if (typeof inner?.clientDataJSON !== 'string') return null;
    const { origin } = JSON.parse(Buffer.from(inner.clientDataJSON, 'base64url').toString('utf8'));
    const url = new URL(origin);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
    return secure && url.hostname === rpID && url.origin === origin ? origin : null;
  } catch {
    return null;
  }
}

export function createStaffFactors({ db, clock, pepper, publicUrl, throttle }: FactorDeps) {
  const key = totpKey(pepper);
  const rpID = new URL(publicUrl).hostname;

  /** The factor passed: the count starts again, a full session opens under a new token, audited. */
  async function passed(who: Actor, factor: SecondFactor): Promise<{ token: string; me: StaffMe }> {
    await throttle.succeeded(who.id);
    const token = await promoteStaffSession(db, clock, who.tokenHash, who.id);
    await writeAudit(db, clock, who, {
      action: 'staff.login',
      targetType: 'staff',
      targetId: who.id,
      requestId: who.requestId,
      detail: { factor },
    });
    return { token, me: await staffMe(db, who.id) };
  }

  /** A factor added: audited; from a half session (her first factor) it also signs her in. */
  async function added(who: Actor, factor: SecondFactor) {
    await writeAudit(db, clock, who, {
      action: 'staff.factor.added',
      targetType: 'staff',
      targetId: who.id,
      requestId: who.requestId,
      detail: { factor },
    });
    if (who.stage === 'half') return passed(who, factor);
    return { token: null, me: await staffMe(db, who.id) };
  }

  /** Runs one second-factor check under the lockout: `check` says whether it passed. */
  async function attempt(who: Actor, factor: SecondFactor, check: () => Promise<boolean>) {
    return throttle.oneAtATime(who.id, async () => {
      const row = await staffRow(db, who.id);
      const counted = await throttle.reserve(row.id, row.lockedUntil);
      if (await check()) return passed(who, factor);
      await writeAudit(db, clock, who, {
        action: 'staff.login.failed',
        targetType: 'staff',
        targetId: who.id,
        requestId: who.requestId,
        detail: { step: factor },
      });
      throw throttle.failure('SECOND_FACTOR_INVALID', counted);
    });
  }

  /** A code's step, accepted once: the row moves to it only if no other request took it or a later one. */
  async function takeStep(staffId: string, step: number): Promise<boolean> {
    const moved = await db
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    return moved.length === 1;
  }

  return {
    rpID,

    async totpEnrol(who: Actor): Promise<TotpEnrolment> {
      const row = await assertMayEnrol(db, who);
      const enrolment = await newEnrolment(row.email);
      await db
        .update(staff)
        .set({ totpPending: sealSecret(key, row.id, enrolment.secret) })
        .where(eq(staff.id, row.id));
      return enrolment;
    },

    async totpConfirm(who: Actor, code: string) {
      const row = await assertMayEnrol(db, who);
      if (!row.totpPending) throw new ApiError('SECOND_FACTOR_INVALID');
      const pending = row.totpPending;
      const secret = openSecret(key, row.id, pending);
      return throttle.oneAtATime(who.id, async () => {
        const counted = await throttle.reserve(row.id, (await staffRow(db, row.id)).lockedUntil);
        const step = await codeStep(secret, code, clock.now(), null);
        if (step === null) throw throttle.failure('SECOND_FACTOR_INVALID', counted);
        const confirmed = await db
          .update(staff)
          .set({ totpSecret: pending, totpPending: null, totpLastStep: step })
          .where(and(eq(staff.id, row.id), eq(staff.totpPending, pending)))
          .returning({ id: staff.id });
        if (!confirmed.length) throw new ApiError('SECOND_FACTOR_INVALID');
        await throttle.succeeded(row.id);
        return added(who, 'totp');
      });
    },

    async totpLogin(who: Actor, code: string) {
      return attempt(who, 'totp', async () => {
        const row = await staffRow(db, who.id);
        if (!row.totpSecret) return false;
        const step = await codeStep(
          openSecret(key, row.id, row.totpSecret),
          code,
          clock.now(),
          row.totpLastStep,
        );
        return step !== null && (await takeStep(row.id, step));
      });
    },

    async passkeyEnrolOptions(who: Actor) {
      const row = await assertMayEnrol(db, who);
      const existing = await passkeysOf(db, row.id);
      const options = await generateRegistrationOptions({
        rpName: 'Amina Health',
        rpID,
        userName: row.email,
        userDisplayName: row.name,
        userID: new TextEncoder().encode(row.id),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.id, transports: k.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await putChallenge(db, who.tokenHash, options.challenge);
      return options;
    },

    async passkeyEnrol(who: Actor, response: PasskeyResponse) {
      const row = await assertMayEnrol(db, who);
      const challenge = await takeChallenge(db, who.tokenHash);
      const origin = acceptedOrigin(response, rpID);
      if (!challenge || !origin) throw new ApiError('SECOND_FACTOR_INVALID');
      let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
      try {
        const result = await verifyRegistrationResponse({
          // biome-ignore lint/suspicious/noExplicitAny: the library checks the response's shape
          response: response as any,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: false,
        });
        info = result.verified ? result.registrationInfo : undefined;
      } catch {
        info = undefined;
      }
      if (!info) throw new ApiError('SECOND_FACTOR_INVALID');
      const inner = response.response as { transports?: unknown };
      const transports = Array.isArray(inner.transports)
        ? inner.transports.filter((t): t is string => typeof t === 'string').slice(0, 8)
        : [];
      const inserted = await db
        .insert(staffPasskeys)
        .values({
          id: info.credential.id,
          staffId: row.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ id: staffPasskeys.id });
      if (!inserted.length) throw new ApiError('SECOND_FACTOR_INVALID');
      return added(who, 'passkey');
    },

    async passkeyLoginOptions(who: Actor) {
      const keys = await passkeysOf(db, who.id);
      if (!keys.length) throw new ApiError('SECOND_FACTOR_INVALID');
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
        userVerification: 'preferred',
      });
      await putChallenge(db, who.tokenHash, options.challenge);
      return options;
    },

    async passkeyLogin(who: Actor, response: PasskeyResponse) {
      return attempt(who, 'passkey', async () => {
        const challenge = await takeChallenge(db, who.tokenHash);
        const origin = acceptedOrigin(response, rpID);
        const [passkey] = await db
          .select()
          .from(staffPasskeys)
          .where(and(eq(staffPasskeys.id, response.id), eq(staffPasskeys.staffId, who.id)));
        if (!challenge || !origin || !passkey) return false;
        try {
          const { verified, authenticationInfo } = await verifyAuthenticationResponse({
            // biome-ignore lint/suspicious/noExplicitAny: the library checks the response's shape
            response: response as any,
            expectedChallenge: challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            credential: {
              id: passkey.id,
              publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
              counter: passkey.counter,
              transports: passkey.transports,
            },
            requireUserVerification: false,
          });
          if (!verified) return false;
          await db
            .update(staffPasskeys)
            .set({ counter: authenticationInfo.newCounter, lastUsedAt: clock.now() })
            .where(eq(staffPasskeys.id, passkey.id));
          return true;
        } catch {
          return false;
        }
      });
    },
  };
}

export type StaffFactors = ReturnType<typeof createStaffFactors>;
