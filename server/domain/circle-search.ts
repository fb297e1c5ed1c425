/**
 * Searching the circle's threads, Arabic-aware: the thread's title and opening post are stored
 * through the articles' normaliser (lib/search-text.ts: hamza forms, taa marbuta, alef maqsura,
 * diacritics, tatweel, Arabic-Indic digits, case) in `circle_threads.search_text`, and every word
 * of the query, normalised alike, must be found in it (as a word or the beginning or part of one:
 * "حامل" finds "الحامل"). The write side stores `circleSearchText(title, body)` on every change.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import { circleThreads } from '../db/schema.ts';
import { normaliseSearchText, queryTerms } from '../lib/search-text.ts';

/** Words of a query looked at, at most. */
const MAX_TERMS = 8;

/** What `circle_threads.search_text` holds for a thread. */
export function circleSearchText(title: string, body: string): string {
  return normaliseSearchText(`${title}\n${body}`);
}

/** The query's distinct words, normalised ([] when nothing searchable is left). */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(queryTerms(normaliseSearchText(q)))].slice(0, MAX_TERMS);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every term found in the thread's search text; undefined for no terms. */
export function searchCondition(terms: string[]): SQL | undefined {
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => sql`${circleThreads.searchText} like ${`%${escapeLike(t)}%`}`));
}
