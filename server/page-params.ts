/**
 * Which query parameters each public page reads (issue 20, finding 9): the one table the server
 * keys its renders on (server/ssr.ts). A page is rendered for its path and the values its screen
 * reads, normalised by the screen's own functions, and nothing else: `?utm_source=…`, `?x=random`
 * or `?search=%20a%20` find the render of the same page (`?lang=` chooses the language, which is
 * part of the key by itself). The render is made for that normalised address too, so the HTML is
 * exactly what the screen shows for the address the visitor asked for, and hydrates.
 *
 * A screen that starts reading a parameter must add it here, or every address would get the page
 * as if the parameter were absent (tests/server/ssr.test.ts checks which views read the address).
 */
import { cleanSearch, filtersFromQuery, pageFromQuery, safeNext } from '../contract/page-query.ts';

/**
 * A page's parameters from the address: each normalised value (null: absent or the default, left
 * out), or false when the address cannot be rendered on the server (the plain shell: the browser
 * renders it).
 */
type Reader = (query: URLSearchParams) => Record<string, string | null> | false;

/** The longest `next` kept: a page of the site, not a place to put anything else. */
export const NEXT_MAX = 512;

/** `?page=`: a whole number ≥ 1; the first page is the page without it. */
const page = (raw: string | null): string | null => {
  const n = pageFromQuery(raw);
  return n > 1 ? String(n) : null;
};

/** `?next=` of the sign-in and sign-up pages: where she goes afterwards (the link between them carries it). */
const next: Reader = (q) => {
  const value = safeNext(q.get('next'));
  if (value && value.length > NEXT_MAX) return false;
  return { next: value };
};

/** Path (as wouter matches it: case-insensitive, one trailing slash allowed) → what its screen reads. */
export const PAGE_PARAMS: Readonly<Record<string, Reader>> = {
  // src/views/articles/ArticlesView.tsx: the search and the page
  '/articles': (q) => ({ search: cleanSearch(q.get('search')) || null, page: page(q.get('page')) }),
  // src/views/courses/CatalogueView.tsx: the page
  '/courses': (q) => ({ page: page(q.get('page')) }),
  // src/views/experts/ExpertsView.tsx: the filters, unknown values ignored
  '/experts': (q) => ({ ...filtersFromQuery(q.toString()) }),
  // src/views/login/LoginView.tsx, src/views/signup/SignupView.tsx: where she goes afterwards
  '/login': next,
  '/signup': next,
};

/**
 * The address a page is rendered (and kept) for: its path and, in the table's order, the values
 * its screen reads; null when it is not rendered on the server.
 */
export function renderAddress(url: URL): string | null {
  const route = url.pathname.toLowerCase().replace(/(?<=.)\/$/, '');
  const reader = Object.hasOwn(PAGE_PARAMS, route) ? PAGE_PARAMS[route] : undefined;
  if (!reader) return url.pathname;
  const values = reader(url.searchParams);
  if (values === false) return null;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null) query.set(name, value);
  const search = query.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
