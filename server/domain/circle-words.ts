/**
 * The circle's watched words (issue 27): `server/content/circle/words.json` lists, in both
 * languages, words that refuse a post (`refuse`), hold it for a moderator (`hold`) and words of
 * crisis (`crisis`: self-harm, abuse) that show her the safety panel and put the post first in the
 * queue. Matched on the articles' normalised text (server/lib/search-text.ts: Arabic letter forms,
 * diacritics, digits and case folded), as whole words or whole phrases, whatever the post's language.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseSearchText, queryTerms } from '../lib/search-text.ts';

export const WORD_LISTS = ['refuse', 'hold', 'crisis'] as const;
export type WordList = (typeof WORD_LISTS)[number];

/** The file's shape: each list by language. */
export type WordsFile = Partial<Record<WordList, Partial<Record<'en' | 'ar', string[]>>>>;

/** What a text matched, per list (the words as the file spells them). */
export type WordMatches = Record<WordList, string[]>;

export const WORDS_FILE = join(fileURLToPath(import.meta.url), '../../content/circle/words.json');

/** A text as the matcher sees it: its normalised words, one space apart, with a space at each end. */
const padded = (text: string) => ` ${queryTerms(normaliseSearchText(text)).join(' ')} `;

export interface WatchedWords {
  match(text: string): WordMatches;
}

/** A matcher over `file` (tests pass their own lists). */
export function watchedWords(file: WordsFile): WatchedWords {
  const lists = WORD_LISTS.map((list) => {
    const words = [...(file[list]?.en ?? []), ...(file[list]?.ar ?? [])];
    return {
      list,
      entries: words.map((word) => ({ word, key: padded(word) })).filter((e) => e.key.trim() !== ''),
    };
  });
  return {
    match(text) {
      const hay = padded(text);
      const out: WordMatches = { refuse: [], hold: [], crisis: [] };
      for (const { list, entries } of lists)
        for (const e of entries)
          if (hay.includes(e.key) && !out[list].includes(e.word)) out[list].push(e.word);
      return out;
    },
  };
}

let cached: WatchedWords | undefined;

/** The content file's matcher, read once per process (no file: nothing is watched). */
export function contentWatchedWords(path = WORDS_FILE): WatchedWords {
  if (path !== WORDS_FILE) return watchedWords(readWords(path));
  cached ??= watchedWords(readWords(path));
  return cached;
}

function readWords(path: string): WordsFile {
  if (!existsSync(path)) return {};
  return JSON.parse(readFileSync(path, 'utf8')) as WordsFile;
}
