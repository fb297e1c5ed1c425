/**
 * Article constants shared by the server and the app (zod-free, so the app may import them as
 * values): topics, the search box's length cap and the reading-time estimate. Paging defaults are
 * the learning ones (spec §9: page 1, 10 a page).
 */
export const ARTICLE_TOPICS = [
  'periods',
  'contraception',
  'pregnancy',
  'menopause',
  'sexual-health',
  'intimate-health',
  'emotional-wellbeing',
  'body-and-health',
] as const;
export type ArticleTopic = (typeof ARTICLE_TOPICS)[number];

/** Longer searches are cut to this many characters (after trimming): a search box, not a document. */
export const ARTICLE_SEARCH_MAX = 100;

/** How many newest articles the front page shows. */
export const LATEST_ARTICLES = 3;

/**
 * Reading time: words ÷ words per minute, rounded up (at least 1). An estimate for the list, per
 * language: Arabic packs more into a word (prefixes, suffixes), so fewer words are read a minute.
 */
export const READING_WORDS_PER_MINUTE = { en: 200, ar: 160 } as const;

/** Error codes of the article endpoints (top-level `error.code`). */
export const ARTICLE_ERROR_CODES = ['ARTICLE_NOT_FOUND'] as const;

/** A search as the list keeps it: trimmed, spaces collapsed, at most ARTICLE_SEARCH_MAX characters. */
export function cleanSearch(raw: string | null | undefined): string {
  return (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, ARTICLE_SEARCH_MAX);
}
