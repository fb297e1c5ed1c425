/**
 * Creating a staff account (issue 26, `npm run staff:add`): her e-mail (lower-cased), name, roles,
 * the expert she is (required with the role expert, refused without it, and an expert that exists),
 * her language, and a one-time set-up link valid STAFF_SETUP_HOURS. For an e-mail that has an account
 * already, a new link replaces the old one (her roles, name, expert and language as given now); her
 * factors and sessions are cleared only when asked (`resetFactors`). Audited as 'staff.created'.
 */
import { eq } from 'drizzle-orm';
import { STAFF_ROLES, STAFF_SETUP_HOURS, type StaffRole } from '../../contract/staff.ts';
import type { Db } from '../db/index.ts';
import { experts, staff, staffPasskeys, staffSessions } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { newToken, tokenDigest } from '../lib/hashing.ts';
import { normalEmail } from './staff-accounts.ts';
import { writeAudit } from './staff-audit.ts';

export interface NewStaff {
  email: string;
  name: string;
  roles: StaffRole[];
  expertId: string | null;
  language: 'en' | 'ar';
  resetFactors?: boolean;
}

export interface AddedStaff {
  id: string;
  email: string;
  roles: StaffRole[];
  expertId: string | null;
  /** The set-up link's token (the link: `<PUBLIC_URL>/staff/setup/<token>`). */
  token: string;
  expiresAt: Date;
  /** false: the e-mail had an account; this is a new link for it. */
  created: boolean;
  factorsReset: boolean;
}

/** A problem with what was asked, in words for the command line; null when it can be done. */
export function newStaffProblem(s: Pick<NewStaff, 'email' | 'name' | 'roles' | 'expertId'>): string | null {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email.trim()) || s.email.length > 254)
    return '--email must be an e-mail address';
  if (!s.name.trim() || s.name.length > 120) return '--name must be 1 to 120 characters';
  if (!s.roles.length) return `--role is required (${STAFF_ROLES.join(', ')})`;
  const unknown = s.roles.find((r) => !(STAFF_ROLES as readonly string[]).includes(r));
  if (unknown) return `unknown role "${unknown}" (roles: ${STAFF_ROLES.join(', ')})`;
  if (s.roles.includes('expert') && !s.expertId) return '--expert is required with the role expert';
  if (!s.roles.includes('expert') && s.expertId) return '--expert is only for the role expert';
  return null;
}

export async function addStaff(db: Db, clock: Clock, s: NewStaff): Promise<AddedStaff> {
  const problem = newStaffProblem(s);
  if (problem) throw new Error(problem);
  if (s.expertId) {
    const [expert] = await db.select({ id: experts.id }).from(experts).where(eq(experts.id, s.expertId));
    if (!expert) throw new Error(`no expert "${s.expertId}" (see server/content/experts)`);
  }
  const email = normalEmail(s.email);
  const roles = [...new Set(s.roles)];
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_HOURS * 3_600_000);
  const values = {
    name: s.name.trim(),
    roles,
    expertId: s.expertId,
    language: s.language,
    setupTokenHash: tokenDigest(token),
    setupExpiresAt: expiresAt,
  };
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, email));
    if (s.expertId) {
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.expertId, s.expertId));
      if (taken && taken.id !== existing?.id)
        throw new Error(`expert "${s.expertId}" already has a staff account`);
    }
    let id: string;
    const factorsReset = Boolean(existing && s.resetFactors);
    if (existing) {
      id = existing.id;
      await tx
        .update(staff)
        .set({
          ...values,
          ...(factorsReset ? { totpSecret: null, totpPending: null, totpLastStep: null } : {}),
        })
        .where(eq(staff.id, id));
      if (factorsReset) {
        await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, id));
        await tx.delete(staffSessions).where(eq(staffSessions.staffId, id));
      }
    } else {
      const [row] = await tx
        .insert(staff)
        .values({ ...values, email, createdAt: now })
        .returning({ id: staff.id });
      id = row.id;
    }
    await writeAudit(tx, clock, null, {
      action: 'staff.created',
      targetType: 'staff',
      targetId: id,
      detail: { roles: roles.join(','), newLink: Boolean(existing), factorsReset },
    });
    return { id, email, roles, expertId: s.expertId, token, expiresAt, created: !existing, factorsReset };
  });
}
