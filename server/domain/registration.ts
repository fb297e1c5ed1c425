/**
 * Registration: whether an alias is free, and creating a member with her PIN and three answers
 * hashed (lib/hashing.ts), signed in at once. The input arrives checked and normalised by the
 * route's schema (routes/users-schemas.ts); the unique index on the alias key still decides races.
 * A deleted member's alias stays taken until its reservation ends (retired_aliases, issue 25).
 */
import { and, eq, gt } from 'drizzle-orm';
import type { AliasCheck } from '../../contract/account-rules.ts';
import { sqlState, UNIQUE_VIOLATION } from '../db/index.ts';
import { retiredAliases, securityAnswers, users } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { type AccountDeps, type MemberRow, sqlTime } from './accounts-members.ts';
import { openSession } from './sessions.ts';
import type { DeviceWords } from './user-agent.ts';

/** An alias that passed checkAlias: the NFKC form to show, and the key that makes it unique. */
export type CheckedAlias = Extract<AliasCheck, { ok: true }>;

export interface RegisterInput {
  alias: CheckedAlias;
  /** ASCII digits, checked against the PIN rules. */
  pin: string;
  /** Answers already normalised (normalizeAnswer) and long enough, on three different questions. */
  securityAnswers: { questionId: string; answer: string }[];
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
  avatarId: string;
  ageRange: string;
  maritalStatus: string | null;
  /** Normalised (checkEmail, checkPhone), or null when not given. */
  email: string | null;
  phone: string | null;
  language: Locale;
  /** The browser and system she signs up on, in words (user-agent.ts). */
  device?: DeviceWords;
}

export interface Registration {
  /** Whether no member holds this alias key and no deleted member's reservation covers it. */
  aliasAvailable(aliasKey: string): Promise<boolean>;
  register(input: RegisterInput): Promise<{ token: string; user: MemberRow }>;
}

const aliasTaken = () => new ApiError('ALIAS_TAKEN', { fields: { alias: 'ALIAS_TAKEN' } });

export function createRegistration({ database, hasher, clock }: AccountDeps): Registration {
  const { db } = database;

  async function aliasAvailable(aliasKey: string) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.aliasKey, aliasKey)).limit(1);
    if (row) return false;
    const [reserved] = await db
      .select({ key: retiredAliases.aliasKey })
      .from(retiredAliases)
      .where(
        and(eq(retiredAliases.aliasKey, aliasKey), gt(retiredAliases.reservedUntil, sqlTime(clock.now()))),
      )
      .limit(1);
    return !reserved;
  }

  return {
    aliasAvailable,

    async register(input) {
      // cheap early answer before four argon2 runs; the unique index still decides races
      if (!(await aliasAvailable(input.alias.key))) throw aliasTaken();
      const [pinHash, ...answerHashes] = await Promise.all([
        hasher.hash('pin', input.pin),
        ...input.securityAnswers.map((s) => hasher.hash('answer', s.answer)),
      ]);
      const now = clock.now();
      try {
        return await database.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              alias: input.alias.alias,
              aliasKey: input.alias.key,
              pinHash,
              avatarId: input.avatarId,
              country: input.country,
              ageRange: input.ageRange,
              maritalStatus: input.maritalStatus,
              email: input.email,
              phone: input.phone,
              language: input.language,
              createdAt: now,
              updatedAt: now,
            })
            .returning();
          await tx.insert(securityAnswers).values(
            input.securityAnswers.map((s, i) => ({
              userId: user.id,
              position: i + 1,
              questionId: s.questionId,
              answerHash: answerHashes[i],
            })),
          );
          return { token: await openSession(tx, user.id, clock.now(), input.device), user };
        });
      } catch (e) {
        if (sqlState(e) === UNIQUE_VIOLATION) throw aliasTaken();
        throw e;
      }
    },
  };
}
