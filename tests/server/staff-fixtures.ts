/**
 * A staff member signed in for a server test (issue 26): an account and a 'full' session written
 * straight into the tables (the sign-in itself is staff-auth.test.ts's), and her cookie. The session
 * lasts a year unless `sessionMs` says otherwise, so a test's clock jumps do not end it.
 */
import { randomBytes } from 'node:crypto';
import { STAFF_COOKIE, type StaffRole } from '../../contract/staff.ts';
import type { Database } from '../../server/db/index.ts';
import { staff, staffSessions } from '../../server/db/schema.ts';
import type { Clock } from '../../server/lib/clock.ts';
import { tokenDigest } from '../../server/lib/hashing.ts';

export interface StaffFixture {
  roles: StaffRole[];
  name?: string;
  expertId?: string | null;
  language?: 'en' | 'ar';
  sessionMs?: number;
}

export interface SignedInStaff {
  id: string;
  name: string;
  token: string;
  cookie: string;
  headers: { cookie: string };
}

export async function staffSignedIn(
  db: Database,
  clock: Clock,
  { roles, name, expertId = null, language = 'en', sessionMs = 365 * 86_400_000 }: StaffFixture,
): Promise<SignedInStaff> {
  const now = clock.now();
  const tag = randomBytes(5).toString('hex');
  const staffName = name ?? `Staff ${tag}`;
  const [row] = await db.db
    .insert(staff)
    .values({ email: `${tag}@team.example`, name: staffName, roles, expertId, language, createdAt: now })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await db.db.insert(staffSessions).values({
    tokenHash: tokenDigest(token),
    staffId: row.id,
    stage: 'full',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + sessionMs),
  });
  const cookie = `${STAFF_COOKIE}=${token}`;
  return { id: row.id, name: staffName, token, cookie, headers: { cookie } };
}
