/**
 * How a public page reads its address, the one way the screens and the server's render key
 * (server/page-params.ts) both read it: a page number, an articles search, the experts' filters and
 * the `next` of sign-in. Zod-free: the app imports it.
 */
import { ARTICLE_SEARCH_MAX } from './article-rules.ts';
import {
  CALL_MODES,
  type CallMode,
  CONSULT_LANGUAGES,
  type ConsultLanguage,
  EXPERT_SPECIALTIES,
  type ExpertSpecialty,
  oneOf,
} from './experts-constants.ts';
import { DEFAULT_PAGE } from './learning-constants.ts';

/** A page number from the address (`?page=2`): a whole number ≥ 1, anything else is the first page. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return DEFAULT_PAGE;
  const n = Number(raw);
  return n >= 1 ? n : DEFAULT_PAGE;
}

/** A search as the list keeps it: trimmed, spaces collapsed, at most ARTICLE_SEARCH_MAX characters. */
export function cleanSearch(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, ARTICLE_SEARCH_MAX);
}

export interface ExpertFilters {
  specialty: ExpertSpecialty | null;
  language: ConsultLanguage | null;
  mode: CallMode | null;
}

/** The directory's filters from the address; an unknown value is no filter. */
export function filtersFromQuery(search: string): ExpertFilters {
  const q = new URLSearchParams(search);
  return {
    specialty: oneOf(EXPERT_SPECIALTIES, q.get('specialty')),
    language: oneOf(CONSULT_LANGUAGES, q.get('language')),
    mode: oneOf(CALL_MODES, q.get('mode')),
  };
}

/**
 * Where the guard may send a member back to after sign-in: a path on this origin only (no
 * `//host`, no backslashes or control characters a browser would read as another host, no scheme).
 */
export function safeNext(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  try {
    const base = 'http://app.invalid';
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
