/**
 * Admins and the experts (issue 26, contract/staff-admin.ts): every expert, published or not, with
 * her live texts and a pending draft; publish or unpublish her; approve a draft (her title, bio and
 * qualifications in both languages go live, her name stays) or refuse it with a reason. Each action
 * writes the audit log in its own transaction and marks the experts row (publishedSetAt,
 * textsApprovedAt) so the content loader keeps the decision from then on.
 *
 * The public directory, profiles, course pages and sitemap read experts through caches keyed by the
 * stored content version (experts.ts, learning-catalogue.ts): an action here moves that version in
 * the same transaction (`touchContentVersion`), so every process shows the change on its next
 * request; this process's catalogue snapshot is dropped at once.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AdminExpert, AdminExperts } from '../../contract/staff-admin.ts';
import { REJECT_REASON_MAX } from '../../contract/staff-admin.ts';
import type { ProfileTextsBody } from '../../contract/staff-expert.ts';
import type { Database, Tx } from '../db/index.ts';
import { type ExpertTexts, expertProfileDrafts, experts, staff } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import { type StaffActor, staffText } from './admin-common.ts';
import type { CatalogueCache } from './learning-catalogue.ts';
import { writeAudit } from './staff-audit.ts';

type ExpertRow = typeof experts.$inferSelect;
type DraftRow = typeof expertProfileDrafts.$inferSelect;

/** Her qualifications as one text, a line each (the portal's and the admin's form). */
export const qualificationsText = (list: readonly string[]): string => list.join('\n');
/** A qualifications text back to the list the experts row keeps: a line each, blank lines dropped. */
export const qualificationsList = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** What the public profile shows now, in the portal's shape. */
export function liveTexts(texts: Record<Locale, ExpertTexts>): ProfileTextsBody {
  const one = (t: ExpertTexts) => ({
    title: t.title,
    bio: t.bio,
    qualifications: qualificationsText(t.qualifications),
  });
  return { en: one(texts.en), ar: one(texts.ar) };
}

/**
 * Moves the stored content version (its file part kept, a random mark after '+'): every cache keyed
 * by it (the experts directory, the catalogue) reads the tables again, in every process. The loader
 * then stores the files once at its next start and keeps what staff changed.
 */
export async function touchContentVersion(tx: Pick<Tx, 'execute'>): Promise<void> {
  const mark = randomBytes(6).toString('hex');
  await tx.execute(
    sql`update content_state set version = split_part(version, '+', 1) || '+staff-' || ${mark} where id = 1`,
  );
}

function adminExpert(
  e: ExpertRow,
  draft: DraftRow | undefined,
  hasAccount: boolean,
  locale: Locale,
): AdminExpert {
  return {
    id: e.id,
    name: e.texts[locale].name,
    title: e.texts[locale].title,
    published: e.published,
    hasAccount,
    pendingTexts: draft?.status === 'pending' ? draft.texts : null,
    live: liveTexts(e.texts),
  };
}

export function createAdminExperts({
  database,
  clock,
  catalogue,
}: {
  database: Database;
  clock: Clock;
  catalogue: CatalogueCache;
}) {
  const { db } = database;

  async function one(q: Pick<Tx, 'select'>, id: string, locale: Locale): Promise<AdminExpert> {
    const [e] = await q.select().from(experts).where(eq(experts.id, id));
    if (!e) throw new ApiError('NOT_FOUND');
    const [draft] = await q.select().from(expertProfileDrafts).where(eq(expertProfileDrafts.expertId, id));
    const [account] = await q.select({ id: staff.id }).from(staff).where(eq(staff.expertId, id));
    return adminExpert(e, draft, account !== undefined, locale);
  }

  /** Runs an action on one expert (locked) in a transaction, then drops this process's catalogue snapshot. */
  async function act(id: string, locale: Locale, fn: (tx: Tx, e: ExpertRow) => Promise<void>) {
    const result = await database.transaction(async (tx) => {
      const [e] = await tx.select().from(experts).where(eq(experts.id, id)).for('update');
      if (!e) throw new ApiError('NOT_FOUND');
      await fn(tx, e);
      await touchContentVersion(tx);
      return one(tx, id, locale);
    });
    catalogue.invalidate();
    return result;
  }

  /** Her pending draft, locked, or 409 NO_PENDING_PROFILE. */
  async function pending(tx: Tx, id: string): Promise<DraftRow> {
    const [draft] = await tx
      .select()
      .from(expertProfileDrafts)
      .where(eq(expertProfileDrafts.expertId, id))
      .for('update');
    if (draft?.status !== 'pending') throw new ApiError('NO_PENDING_PROFILE');
    return draft;
  }

  return {
    async list(locale: Locale): Promise<AdminExperts> {
      const [rows, drafts, accounts] = await Promise.all([
        db.select().from(experts).orderBy(asc(experts.position), asc(experts.id)),
        db.select().from(expertProfileDrafts),
        db.select({ expertId: staff.expertId }).from(staff).where(isNotNull(staff.expertId)),
      ]);
      const draftOf = new Map(drafts.map((d) => [d.expertId, d]));
      const linked = new Set(accounts.map((a) => a.expertId));
      return { items: rows.map((e) => adminExpert(e, draftOf.get(e.id), linked.has(e.id), locale)) };
    },

    setPublished(who: StaffActor, id: string, published: boolean, locale: Locale): Promise<AdminExpert> {
      return act(id, locale, async (tx, e) => {
        await tx.update(experts).set({ published, publishedSetAt: clock.now() }).where(eq(experts.id, id));
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: published ? 'expert.published' : 'expert.unpublished',
          targetType: 'expert',
          targetId: id,
          detail: { was: e.published },
        });
      });
    },

    approve(who: StaffActor, id: string, locale: Locale): Promise<AdminExpert> {
      return act(id, locale, async (tx, e) => {
        const draft = await pending(tx, id);
        const texts = (l: Locale): ExpertTexts => ({
          name: e.texts[l].name,
          title: draft.texts[l].title.trim(),
          bio: draft.texts[l].bio.trim(),
          qualifications: qualificationsList(draft.texts[l].qualifications),
        });
        await tx
          .update(experts)
          .set({ texts: { en: texts('en'), ar: texts('ar') }, textsApprovedAt: clock.now() })
          .where(eq(experts.id, id));
        await tx.delete(expertProfileDrafts).where(eq(expertProfileDrafts.expertId, id));
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'profile.approved',
          targetType: 'expert',
          targetId: id,
        });
      });
    },

    async reject(who: StaffActor, id: string, reason: string, locale: Locale): Promise<AdminExpert> {
      const text = staffText(reason, 'reason', REJECT_REASON_MAX);
      const result = await database.transaction(async (tx) => {
        const [e] = await tx.select({ id: experts.id }).from(experts).where(eq(experts.id, id));
        if (!e) throw new ApiError('NOT_FOUND');
        await pending(tx, id);
        await tx
          .update(expertProfileDrafts)
          .set({ status: 'rejected', reason: text, reviewedAt: clock.now(), reviewedBy: who.id })
          .where(eq(expertProfileDrafts.expertId, id));
        // the reason's length only: the expert reads it in her portal, the log needs none of it
        await writeAudit(tx, clock, who, {
          requestId: who.requestId,
          action: 'profile.rejected',
          targetType: 'expert',
          targetId: id,
          detail: { reasonLength: Array.from(text).length },
        });
        return one(tx, id, locale);
      });
      return result;
    },
  };
}
export type AdminExpertsDomain = ReturnType<typeof createAdminExperts>;
