/**
 * Content rules shared by the server and the app (zod-free, so the app may import them as values):
 * the bodies a course or an article may name as its sources, the review dates' rules, and which
 * link targets the Markdown subset accepts (server/content/README.md). The server refuses anything
 * else when it reads the files; the app checks a link again before it renders one.
 */

/** Bodies whose published guidance a page may cite (`sources[].org`); named in both languages by `content.review.org.<org>`. */
export const SOURCE_ORGS = [
  'WHO',
  'NICE',
  'FSRH',
  'RCOG',
  'ACOG',
  'NHS',
  'CDC',
  'BMS',
  'ESHRE',
  'UNFPA',
  'UNICEF',
  'IPPF',
  'FIGO',
  'ICM',
] as const;
export type SourceOrg = (typeof SOURCE_ORGS)[number];

/** 1 to this many sources a page. */
export const MAX_SOURCES = 5;
/** The next review is planned at most this many years after the last one. */
export const MAX_REVIEW_YEARS = 3;

/** A calendar day written `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDay(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
}

/** A page's review is overdue when its next review day is before today (both `YYYY-MM-DD`). */
export const reviewOverdue = (nextReview: string, today: string): boolean => nextReview < today;

/** The same day `years` later (`YYYY-MM-DD`; 29 February → 1 March). */
export function addYears(day: string, years: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

/** One path segment: letters, digits and `-._~` (never `.` or `..` alone). */
const SEGMENT = '[A-Za-z0-9_~-][A-Za-z0-9._~-]*|\\.[A-Za-z0-9_~-][A-Za-z0-9._~-]*';
const SITE_PATH = new RegExp(
  `^/(?:(?:${SEGMENT})(?:/(?:${SEGMENT}))*/?)?(?:\\?[A-Za-z0-9._~=&%-]*)?(?:#[A-Za-z0-9._~-]*)?$`,
);

/**
 * A link the Markdown subset accepts: a path of this site, starting with one `/` (`/safeguarding`,
 * `/articles/<id>`, `/courses/<id>#about`). Never another site or scheme (`https:`, `javascript:`,
 * `//host`, `/\host`), never `.`/`..` segments, spaces, quotes or other characters a browser could
 * read another way. At most 200 characters.
 */
export function isSitePath(href: string): boolean {
  return href.length <= 200 && SITE_PATH.test(href);
}
