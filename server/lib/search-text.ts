/**
 * The one normaliser for search (articles): applied to the stored search columns when the content
 * is loaded and to every query, so both sides meet whatever the spelling variant. It
 * - folds compatibility forms (NFKC: Arabic presentation forms, full-width Latin) and Latin case;
 * - strips Arabic diacritics (tashkeel, the dagger alef, Quranic marks) and tatweel (ـ);
 * - folds أ إ آ ٱ → ا, ى → ي, ة → ه, ؤ → و, ئ → ي (and the Persian ی → ي);
 * - writes Arabic-Indic and Persian digits as ASCII digits;
 * - drops control characters, bidi marks and zero-width characters; collapses spaces.
 *
 * PostgreSQL's `arabic` and `english` text-search configurations and pg_trgm do none of that.
 */
const DIACRITICS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
/** Control characters (tabs, line breaks, NUL…) part words; format characters (bidi marks, zero widths) vanish. */
const CONTROL = /\p{Cc}/gu;
const FORMAT = /\p{Cf}/gu;
const LETTERS: Record<string, string> = {
  أ: 'ا',
  إ: 'ا',
  آ: 'ا',
  ٱ: 'ا',
  ى: 'ي',
  ی: 'ي',
  ة: 'ه',
  ؤ: 'و',
  ئ: 'ي',
};
const FOLDED = /[أإآٱىیةؤئ]/g;
const DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

export function normaliseSearchText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(CONTROL, ' ')
    .replace(FORMAT, '')
    .replace(DIACRITICS, '')
    .replace(FOLDED, (ch) => LETTERS[ch])
    .replace(DIGITS, (d) => String((d.codePointAt(0)! - 0x0660) % (0x06f0 - 0x0660)))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Normalised text as the text-search stemmers take it: a word-final ه goes back to ة, the ending
 * the Snowball Arabic stemmer strips (so دورة, الدوره and دورات all meet at دور). Applied to the
 * stored columns and the query alike; a word that really ends in ه is changed on both sides.
 */
export function stemmerForm(normalised: string): string {
  return normalised.replace(/ه(?=$|[^\p{L}\p{M}\p{N}])/gu, 'ة');
}

/** The words of normalised text: runs of letters and digits. */
export function queryTerms(normalised: string): string[] {
  return normalised.split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
}

/** The words the near-word match looks at (stored in `article_words`): three letters or more. */
export function searchWords(normalised: string): string[] {
  return queryTerms(normalised).filter((w) => [...w].length >= 3);
}
