/**
 * What every post she sends (or edits) goes through before it is stored (issue 27):
 *
 * 1. her standing: the circle's rules accepted once (else CIRCLE_RULES_REQUIRED), not suspended
 *    (CIRCLE_SUSPENDED);
 * 2. plain text: line breaks normalised (CRLF and CR → LF, at most one blank line in a row), other
 *    control and invisible format characters dropped, ends trimmed; a title is one line. Nothing
 *    that is merely text is refused, and nothing is turned into HTML (the client renders text nodes);
 * 3. lengths (CIRCLE_LIMITS) → 400 VALIDATION_ERROR with field codes (TEXT_TOO_SHORT, TEXT_TOO_LONG);
 * 4. personal details (contract/circle-privacy.ts, both languages and all digit forms)
 *    → 422 CIRCLE_PERSONAL_DETAILS with the kinds found;
 * 5. watched words (circle-words.ts): `refuse` → 422 CIRCLE_WORDS_REFUSED; `hold` and `crisis` are
 *    returned for the caller to hold the post.
 */
import { eq } from 'drizzle-orm';
import { CIRCLE_LIMITS, type PersonalDetailKind, type QueueReason } from '../../contract/circle.ts';
import { findPersonalDetails } from '../../contract/circle-privacy.ts';
import type { FieldCode } from '../../contract/errors.ts';
import type { Db, Tx } from '../db/index.ts';
import { circleMembers } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import type { WatchedWords } from './circle-words.ts';

/** Control characters but the line feed and the tab; format characters but ZWJ/ZWNJ (Arabic, emoji). */
const CONTROL = /[\p{Cc}]/gu;
const FORMAT = /(?![\u200c\u200d])\p{Cf}/gu;

/** A post's body as stored: plain text, LF line breaks, no more than one blank line in a row. */
export function plainBody(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[^\S\n]*\n/g, '\n') // spaces before a break
    .replace(/(?!\n)\p{Cc}/gu, '')
    .replace(FORMAT, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A thread's title: one line, single spaces. */
export function plainTitle(text: string): string {
  return text.normalize('NFC').replace(CONTROL, ' ').replace(FORMAT, '').replace(/\s+/g, ' ').trim();
}

/** Counted as she sees them (code points, so an emoji or an Arabic letter is one). */
const length = (s: string) => [...s].length;

function lengthCode(s: string, min: number, max: number): FieldCode | undefined {
  if (length(s) < min) return 'TEXT_TOO_SHORT';
  if (length(s) > max) return 'TEXT_TOO_LONG';
  return undefined;
}

export interface PostText {
  /** The opening post's title; undefined for a reply. */
  title?: string;
  body: string;
  opening: boolean;
}

export interface CheckedPost {
  title?: string;
  body: string;
  /** Why the post waits for a moderator ('watched-word', 'crisis'); empty: it may go out. */
  reasons: QueueReason[];
  /** The watched words it matched (hold and crisis), for the moderator. */
  words: string[];
  crisis: boolean;
}

/** Steps 2–5 on what she wrote (her standing is `checkStanding`'s). */
export function checkPostText(input: PostText, words: WatchedWords): CheckedPost {
  const body = plainBody(input.body);
  const title = input.opening && input.title !== undefined ? plainTitle(input.title) : undefined;
  const fields: Record<string, FieldCode | undefined> = {
    body: lengthCode(
      body,
      CIRCLE_LIMITS.bodyMin,
      input.opening ? CIRCLE_LIMITS.threadBodyMax : CIRCLE_LIMITS.replyMax,
    ),
  };
  if (title !== undefined) fields.title = lengthCode(title, CIRCLE_LIMITS.titleMin, CIRCLE_LIMITS.titleMax);
  if (Object.values(fields).some(Boolean)) throw new ApiError('VALIDATION_ERROR', { fields });

  const text = title === undefined ? body : `${title}\n${body}`;
  const found = [...new Set(findPersonalDetails(text).map((d) => d.kind))] as PersonalDetailKind[];
  if (found.length > 0) throw new ApiError('CIRCLE_PERSONAL_DETAILS', { found });

  const matched = words.match(text);
  if (matched.refuse.length > 0) throw new ApiError('CIRCLE_WORDS_REFUSED');
  const reasons: QueueReason[] = [];
  if (matched.crisis.length > 0) reasons.push('crisis');
  if (matched.hold.length > 0) reasons.push('watched-word');
  return {
    ...(title !== undefined ? { title } : {}),
    body,
    reasons,
    words: [...matched.crisis, ...matched.hold],
    crisis: matched.crisis.length > 0,
  };
}

export type CircleMember = typeof circleMembers.$inferSelect;

/**
 * Step 1: her row in the circle, the rules accepted and not suspended; `lock`: locked for the
 * caller's transaction (her approved posts are counted from it).
 */
export async function checkStanding(
  q: Tx | Db,
  userId: string,
  now: Date,
  lock = true,
): Promise<CircleMember> {
  const query = q.select().from(circleMembers).where(eq(circleMembers.userId, userId));
  const [member] = lock ? await query.for('update') : await query;
  if (!member?.rulesAcceptedAt) throw new ApiError('CIRCLE_RULES_REQUIRED');
  if (member.suspendedUntil && member.suspendedUntil > now) throw new ApiError('CIRCLE_SUSPENDED');
  return member;
}
