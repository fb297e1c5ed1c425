/**
 * Discreet documents (issue 25, item 5): with her `discreetDocuments` setting (on by default) an
 * invoice or credit note names no course and no expert. Each line reads "Online course C-…" or
 * "Online consultation S-…" in the document's language, with a code derived stably from what was
 * bought (the course's id; the expert's id and the offer's), so the same course always has the
 * same code and she, or the team, can tell the lines apart without the file saying what they are.
 */
import { createHash } from 'node:crypto';
import { type Locale, message } from '../lib/i18n.ts';

/** Crockford's base 32: no I, L, O or U, so a code reads back one way. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 6;

function code(prefix: string, source: string): string {
  const digest = createHash('sha256').update(source).digest();
  let out = '';
  // 6 × 5 bits from the first 4 bytes (30 of their 32 bits)
  const n = digest.readUInt32BE(0);
  for (let i = 0; i < CODE_LENGTH; i++) out += BASE32[(n >>> (i * 5)) & 31];
  return `${prefix}-${out}`;
}

/** A course's code: `C-` and six characters, the same for the course on every document. */
export const courseCode = (courseId: string): string => code('C', `course:${courseId}`);

/** A consultation offer's code: `S-` and six characters, from the expert and the offer. */
export const consultationCode = (expertId: string, offerId: string): string =>
  code('S', `consultation:${expertId}:${offerId}`);

/** The neutral line of a course: "Online course C-7KQ4MX". */
export const discreetCourseLine = (locale: Locale, courseId: string): string =>
  message(locale, 'server.pdf.discreet.course', { code: courseCode(courseId) });

/** The neutral line of a consultation: "Online consultation S-3FQ9TA". */
export const discreetConsultationLine = (locale: Locale, expertId: string, offerId: string): string =>
  message(locale, 'server.pdf.discreet.consultation', { code: consultationCode(expertId, offerId) });
