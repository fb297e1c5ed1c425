/**
 * How a public page reads its address, the one way the screens and the server's render key
 * (server/page-params.ts) both read it: a page number, an articles search, the experts' filters and
 * the `next` of sign-in. Each reader lives beside its constants (so the app's chunks stay as they
 * were); this module gathers them for the server.
 */
export { cleanSearch } from './article-rules.ts';
export { type ExpertFilters, filtersFromQuery } from './experts-constants.ts';
export { pageFromQuery } from './page-number.ts';
export { safeNext } from './safe-next.ts';
