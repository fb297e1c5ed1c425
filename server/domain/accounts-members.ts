/**
 * The member record as the account modules share it: the row, its look-up by alias key, the
 * profile columns and the view the API returns; what every account module is made with; and two
 * small helpers they all use (a time as SQL, the shape of a bearer or reset token).
 */
import { eq, sql } from 'drizzle-orm';
import type { AgeRange, MaritalStatus } from '../../contract/account-rules.ts';
import type { Database, Db } from '../db/index.ts';
import { users } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import type { Clock } from '../lib/clock.ts';
import type { Hasher } from '../lib/hashing.ts';
import type { Locale } from '../lib/i18n.ts';

/** What every account module is made with (accounts.ts createAccounts passes them on). */
export interface AccountDeps {
  database: Database;
  hasher: Hasher;
  clock: Clock;
}

export type MemberRow = typeof users.$inferSelect;

/** The columns a profile needs (what userView reads). */
export type ProfileRow = Pick<
  MemberRow,
  'id' | 'alias' | 'avatarId' | 'country' | 'ageRange' | 'maritalStatus' | 'language' | 'createdAt'
>;

export interface UserView {
  id: string;
  alias: string;
  avatar: { id: string; url: string; label: string } | null;
  country: string;
  ageRange: AgeRange;
  maritalStatus: MaritalStatus | null;
  language: Locale;
  createdAt: string;
}

export function userView(u: ProfileRow, locale: Locale): UserView {
  return {
    id: u.id,
    alias: u.alias,
    avatar: avatarView(u.avatarId, locale),
    country: u.country,
    ageRange: u.ageRange as UserView['ageRange'],
    maritalStatus: u.maritalStatus as UserView['maritalStatus'],
    language: u.language as Locale,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The member with this alias key (contract/account-rules.ts lookupKey), if any. */
export async function findMember(db: Db, aliasKey: string | null): Promise<MemberRow | undefined> {
  if (aliasKey === null) return undefined;
  const [u] = await db.select().from(users).where(eq(users.aliasKey, aliasKey)).limit(1);
  return u;
}

/** A point in time as a SQL timestamptz (the injected clock's, not the database's). */
export const sqlTime = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Whether a string can be a token of ours (lib/hashing.ts newToken: 43 base64url characters). */
export const isTokenShaped = (s: string) => /^[A-Za-z0-9_-]{43}$/.test(s);
