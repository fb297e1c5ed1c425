/**
 * Her profile texts in the portal (issue 26): what the public profile shows now (experts.texts) and
 * her change waiting for an admin (expert_profile_drafts: pending, or the last one refused with its
 * reason). A change is checked in both languages (each text given, within PROFILE_TEXT_LIMITS,
 * plain text: no HTML) and replaces an older pending or refused draft; an admin approves it (S3's
 * admin routes), which copies it to experts.texts. Qualifications are one per line in the draft, as
 * the public profile lists them one by one.
 */
import { eq } from 'drizzle-orm';
import type { FieldCode } from '../../contract/errors.ts';
import { textLength } from '../../contract/forms-rules.ts';
import { LOCALES, type Locale } from '../../contract/locale.ts';
import {
  type ExpertProfileTexts,
  PROFILE_TEXT_LIMITS,
  type ProfileTextsBody,
} from '../../contract/staff-expert.ts';
import type { Database, Db, Tx } from '../db/index.ts';
import { type ExpertTexts, expertProfileDrafts, experts } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { ExpertActor } from './expert-portal.ts';
import { writeAudit } from './staff-audit.ts';

const FIELDS = ['title', 'bio', 'qualifications'] as const;
/** A tag, a comment or a declaration: `<b>`, `</p>`, `<!--`, `<?xml`. A lone "<" (3 < 5) is text. */
const MARKUP = /<[a-zA-Z/!?]/;

/** Every problem of a body, by dotted path (`en.title`); empty when it can be stored. */
export function profileProblems(body: ProfileTextsBody): Record<string, FieldCode> {
  const fields: Record<string, FieldCode> = {};
  for (const locale of LOCALES)
    for (const field of FIELDS) {
      const value = body[locale][field];
      const n = textLength(value);
      let problem: FieldCode | null = null;
      if (n === 0) problem = 'REQUIRED';
      else if (n > PROFILE_TEXT_LIMITS[field]) problem = 'TEXT_TOO_LONG';
      else if (MARKUP.test(value) || (field === 'title' && /[\r\n]/.test(value.trim()))) problem = 'INVALID';
      if (problem) fields[`${locale}.${field}`] = problem;
    }
  return fields;
}

/** The texts as stored: each trimmed, qualifications one per line without blank lines. */
function tidy(body: ProfileTextsBody): ProfileTextsBody {
  const one = (t: ProfileTextsBody['en']) => ({
    title: t.title.trim(),
    bio: t.bio.trim(),
    qualifications: t.qualifications
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n'),
  });
  return { en: one(body.en), ar: one(body.ar) };
}

const liveOf = (t: ExpertTexts) => ({
  title: t.title,
  bio: t.bio,
  qualifications: t.qualifications.join('\n'),
});

async function textsOf(q: Db | Tx, expertId: string): Promise<ExpertProfileTexts> {
  const [row] = await q
    .select({ texts: experts.texts, draft: expertProfileDrafts })
    .from(experts)
    .leftJoin(expertProfileDrafts, eq(expertProfileDrafts.expertId, experts.id))
    .where(eq(experts.id, expertId));
  if (!row) throw new ApiError('NOT_FOUND');
  const t = row.texts as Record<Locale, ExpertTexts>;
  const d = row.draft;
  return {
    name: { en: t.en.name, ar: t.ar.name },
    live: { en: liveOf(t.en), ar: liveOf(t.ar) },
    draft: d
      ? {
          texts: d.texts,
          status: d.status === 'rejected' ? 'rejected' : 'pending',
          submittedAt: d.submittedAt.toISOString(),
          reason: d.reason,
        }
      : null,
  };
}

export function createExpertProfile({ database, clock }: { database: Database; clock: Clock }) {
  const { db } = database;
  return {
    get: (expertId: string) => textsOf(db, expertId),

    async put(who: ExpertActor, body: ProfileTextsBody): Promise<ExpertProfileTexts> {
      const fields = profileProblems(body);
      if (Object.keys(fields).length > 0) throw new ApiError('VALIDATION_ERROR', { fields });
      const texts = tidy(body);
      return db.transaction(async (tx) => {
        const now = clock.now();
        const draft = {
          texts,
          status: 'pending',
          submittedAt: now,
          reviewedAt: null,
          reviewedBy: null,
          reason: null,
        };
        await tx
          .insert(expertProfileDrafts)
          .values({ expertId: who.expertId, ...draft })
          .onConflictDoUpdate({ target: expertProfileDrafts.expertId, set: draft });
        await writeAudit(tx, clock, who, {
          action: 'profile.submitted',
          targetType: 'expert',
          targetId: who.expertId,
        });
        return textsOf(tx, who.expertId);
      });
    },
  };
}
export type ExpertProfilePart = ReturnType<typeof createExpertProfile>;
