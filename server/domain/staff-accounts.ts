/**
 * Staff accounts (issue 26): who she is (StaffMe), her set-up link, and the password step of signing
 * in. The password is argon2id through the members' hasher (peppered); an unknown address, an account
 * not set up yet or a disabled one answer exactly as a wrong password does (INVALID_CREDENTIALS), after
 * the same work (a dummy hash check and the counting statement). Wrong passwords count towards the
 * lockout (staff-throttle.ts) and are written to the audit log with her id when the address is hers.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { SecondFactor, SetupInfo, SignInStep, StaffMe } from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { staff, staffPasskeys } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Hasher } from '../lib/hashing.ts';
import { tokenDigest } from '../lib/hashing.ts';
import { type StaffContext, staffPerson } from '../lib/staff-guard.ts';
import { writeAudit } from './staff-audit.ts';
import { passwordProblem } from './staff-password.ts';
import { openStaffSession } from './staff-sessions.ts';
import type { StaffThrottle } from './staff-throttle.ts';

/** The hasher's purpose for staff passwords: keyed apart from members' PINs, answers and codes. */
const PASSWORD = 'staff-password' as const;

export type StaffRow = typeof staff.$inferSelect;

export interface StaffAccountDeps {
  db: Db;
  clock: Clock;
  hasher: Hasher;
  throttle: StaffThrottle;
}

export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Her second factors, in the contract's order. */
export async function factorsOf(db: Db, row: Pick<StaffRow, 'id' | 'totpSecret'>): Promise<SecondFactor[]> {
  const keys = await db
    .select({ id: staffPasskeys.id })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, row.id))
    .limit(1);
  const factors: SecondFactor[] = [];
  if (keys.length) factors.push('passkey');
  if (row.totpSecret) factors.push('totp');
  return factors;
}

export async function staffRow(db: Db, id: string): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  if (!row || row.disabledAt) throw new ApiError('UNAUTHORIZED');
  return row;
}

export async function staffMe(db: Db, id: string): Promise<StaffMe> {
  const row = await staffRow(db, id);
  return { ...staffPerson(row), factors: await factorsOf(db, row) };
}

const stepOf = (factors: SecondFactor[]): SignInStep =>
  factors.length ? { stage: 'second-factor', factors } : { stage: 'enrol', factors: [] };

/** Enrolling a factor: from a full session, or from a half one while she has none (else a password alone could add one). */
export async function assertMayEnrol(db: Db, who: StaffContext): Promise<StaffRow> {
  const row = await staffRow(db, who.id);
  if (who.stage === 'half' && (await factorsOf(db, row)).length) throw new ApiError('SECOND_FACTOR_REQUIRED');
  return row;
}

export function createStaffAccounts({ db, clock, hasher, throttle }: StaffAccountDeps) {
  /** The live set-up link's account, or STAFF_SETUP_INVALID (410). */
  async function byLink(token: string): Promise<StaffRow> {
    const [row] = await db
      .select()
      .from(staff)
      .where(
        and(
          eq(staff.setupTokenHash, tokenDigest(token)),
          gt(staff.setupExpiresAt, clock.now()),
          isNull(staff.disabledAt),
        ),
      );
    if (!row) throw new ApiError('STAFF_SETUP_INVALID');
    return row;
  }

  return {
    async setupInfo(token: string): Promise<SetupInfo> {
      const row = await byLink(token);
      return { email: row.email, name: row.name, language: row.language === 'ar' ? 'ar' : 'en' };
    },

    /** Her password from the link: the link stops working, a half session opens. */
    async setup(
      token: string,
      password: string,
      requestId?: string,
    ): Promise<{ token: string; step: SignInStep }> {
      const row = await byLink(token);
      const problem = passwordProblem(password, row.email);
      if (problem) throw new ApiError('VALIDATION_ERROR', { fields: { password: problem } });
      const passwordHash = await hasher.hash(PASSWORD, password);
      const factors = await factorsOf(db, row);
      const session = await db.transaction(async (tx) => {
        const used = await tx
          .update(staff)
          .set({
            passwordHash,
            setupTokenHash: null,
            setupExpiresAt: null,
            failedAttempts: 0,
            lockedUntil: null,
          })
          .where(and(eq(staff.id, row.id), eq(staff.setupTokenHash, tokenDigest(token))))
          .returning({ id: staff.id });
        if (!used.length) throw new ApiError('STAFF_SETUP_INVALID');
        await writeAudit(tx, clock, row, {
          action: 'staff.setup',
          targetType: 'staff',
          targetId: row.id,
          requestId,
        });
        return openStaffSession(tx, clock, row.id, 'half');
      });
      return { token: session, step: stepOf(factors) };
    },

    /** The password step: a half session, and what she does next. */
    async login(
      email: string,
      password: string,
      requestId?: string,
    ): Promise<{ token: string; step: SignInStep }> {
      const [row] = await db
        .select()
        .from(staff)
        .where(eq(staff.email, normalEmail(email)));
      if (!row?.passwordHash || row.disabledAt) {
        await throttle.reserveNothing();
        await hasher.dummyVerify();
        await writeAudit(db, clock, row && !row.disabledAt ? row : null, {
          action: 'staff.login.failed',
          requestId,
          detail: { step: 'password' },
        });
        throw new ApiError('INVALID_CREDENTIALS');
      }
      return throttle.oneAtATime(row.id, async () => {
        const attempt = await throttle.reserve(row.id, row.lockedUntil);
        if (!(await hasher.verify(PASSWORD, row.passwordHash as string, password))) {
          await writeAudit(db, clock, row, {
            action: 'staff.login.failed',
            targetType: 'staff',
            targetId: row.id,
            requestId,
            detail: { step: 'password' },
          });
          throw throttle.failure('INVALID_CREDENTIALS', attempt);
        }
        await throttle.refund(row.id);
        const token = await openStaffSession(db, clock, row.id, 'half');
        return { token, step: stepOf(await factorsOf(db, row)) };
      });
    },

    async setLanguage(id: string, language: 'en' | 'ar'): Promise<StaffMe> {
      await db.update(staff).set({ language }).where(eq(staff.id, id));
      return staffMe(db, id);
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

/** Her passkeys, for the WebAuthn ceremonies. */
export function passkeysOf(db: Db, staffId: string) {
  return db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.staffId, staffId))
    .orderBy(asc(staffPasskeys.createdAt));
}
