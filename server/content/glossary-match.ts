/**
 * How the glossary's phrases are found in Arabic text (glossary.ts checks the content with it): whole
 * words, without tashkeel and tatweel, أ/إ/آ read as ا; the first word of a phrase may carry و/ف then
 * ب/ك/ل (ل + ال → لل); `word*` matches every word beginning with `word`; `allow` phrases around a
 * match excuse it; `near` refuses a term only when one of its words is within NEAR_WORDS words, in
 * the same sentence.
 */

/** What matching needs of a glossary term (glossary.ts GlossaryTerm). */
export interface MatchTerm {
  refuse: string[];
  allow?: string[];
  near?: string[];
  scope?: TextKind;
}
/** Content (lessons, articles, course files) or the interface's strings (lang/ar.json). */
export type TextKind = 'content' | 'interface';

const TASHKEEL = /[\u064B-\u065F\u0670\u0640]/g;
/** Arabic letters with their marks (not digits or punctuation). */
const WORD = /[\u0621-\u063A\u0641-\u064A\u0671-\u06D3\u064B-\u065F\u0670\u0640]+/g;
export const normalise = (word: string) => word.replace(TASHKEEL, '').replace(/[أإآٱ]/g, 'ا');

interface Token {
  word: string;
  start: number;
  end: number;
}
function tokens(text: string): Token[] {
  return [...text.matchAll(WORD)].map((m) => ({
    word: normalise(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** The forms a phrase's first word may take with its proclitics (و/ف, then ب/ك/ل; ل + ال → لل). */
function withClitics(word: string): string[] {
  const forms: string[] = [];
  for (const c1 of ['', 'و', 'ف'])
    for (const c2 of ['', 'ب', 'ك', 'ل'])
      forms.push(c2 === 'ل' && word.startsWith('ال') ? `${c1}ل${word.slice(1)}` : `${c1}${c2}${word}`);
  return forms;
}
const wordMatches = (text: string, pattern: string) =>
  pattern.endsWith('*') ? text.startsWith(pattern.slice(0, -1)) : text === pattern;

interface Span {
  from: number;
  to: number;
}
interface Phrase {
  words: string[];
  /** The first word's forms with its proclitics (exact words), or their beginnings (`word*`). */
  first: Set<string>;
  firstPrefixes: string[];
}
const compiled = new Map<string, Phrase>();
function compile(phrase: string): Phrase {
  let c = compiled.get(phrase);
  if (!c) {
    const words = phrase.split(/\s+/).filter(Boolean).map(normalise);
    const forms = withClitics(words[0]);
    c = words[0].endsWith('*')
      ? { words, first: new Set(), firstPrefixes: forms.map((f) => f.slice(0, -1)) }
      : { words, first: new Set(forms), firstPrefixes: [] };
    compiled.set(phrase, c);
  }
  return c;
}

/** Where `phrase` occurs in the tokens, as token index ranges [from, to). */
function find(text: string, toks: Token[], phrase: string): Span[] {
  const { words, first, firstPrefixes } = compile(phrase);
  const spans: Span[] = [];
  for (let i = 0; i + words.length <= toks.length; i++) {
    const w = toks[i].word;
    if (!first.has(w) && !firstPrefixes.some((f) => w.startsWith(f))) continue;
    let ok = true;
    for (let k = 1; k < words.length && ok; k++) {
      const gap = text.slice(toks[i + k - 1].end, toks[i + k].start);
      ok = /^[\s*_]+$/.test(gap) && wordMatches(toks[i + k].word, words[k]);
    }
    if (ok) spans.push({ from: i, to: i + words.length });
  }
  return spans;
}

/** How close a `near` word must be (in words, within the sentence). */
export const NEAR_WORDS = 6;
const SENTENCE_END = /[.!?؟؛:\n]/;
/** The sentence (token range) holding token i. */
function sentence(text: string, toks: Token[], i: number): Span {
  let from = i;
  while (from > 0 && !SENTENCE_END.test(text.slice(toks[from - 1].end, toks[from].start))) from--;
  let to = i + 1;
  while (to < toks.length && !SENTENCE_END.test(text.slice(toks[to - 1].end, toks[to].start))) to++;
  return { from, to };
}

export interface Finding<T extends MatchTerm = MatchTerm> {
  term: T;
  /** The words as written in the text. */
  found: string;
}

/** Every first word a term refuses (most texts hold none, and are passed over at once). */
const starts = new WeakMap<MatchTerm[], Phrase>();
function refusedStarts(terms: MatchTerm[]): Phrase {
  let c = starts.get(terms);
  if (!c) {
    const phrases = terms.flatMap((t) => t.refuse.map(compile));
    c = {
      words: [],
      first: new Set(phrases.flatMap((p) => [...p.first])),
      firstPrefixes: phrases.flatMap((p) => p.firstPrefixes),
    };
    starts.set(terms, c);
  }
  return c;
}

/** The glossary's refused phrases found in one text. */
export function findRefused<T extends MatchTerm>(terms: T[], text: string, kind: TextKind): Finding<T>[] {
  const toks = tokens(text);
  const { first, firstPrefixes } = refusedStarts(terms);
  if (!toks.some((t) => first.has(t.word) || firstPrefixes.some((f) => t.word.startsWith(f)))) return [];
  const findings: Finding<T>[] = [];
  for (const term of terms) {
    if (term.scope && term.scope !== kind) continue;
    let spans = term.refuse.flatMap((p) => find(text, toks, p));
    if (spans.length === 0) continue;
    const allowed = (term.allow ?? []).flatMap((p) => find(text, toks, p));
    spans = spans.filter((s) => !allowed.some((a) => a.from <= s.from && s.to <= a.to));
    const near = term.near?.flatMap((p) => find(text, toks, p));
    if (near) {
      spans = spans.filter((s) => {
        const { from, to } = sentence(text, toks, s.from);
        const lo = Math.max(from, s.from - NEAR_WORDS);
        const hi = Math.min(to, s.to + NEAR_WORDS);
        return near.some((n) => n.from >= lo && n.to <= hi);
      });
    }
    // one finding per place: the longest refused phrase there
    spans = spans.filter(
      (s) => !spans.some((o) => o !== s && o.from <= s.from && s.to <= o.to && o.to - o.from > s.to - s.from),
    );
    const seen = new Set<string>();
    for (const s of spans) {
      const key = `${s.from}:${s.to}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push({ term, found: text.slice(toks[s.from].start, toks[s.to - 1].end) });
    }
  }
  return findings;
}

const exceptionSets = new WeakMap<string[], Set<string>>();
/** Words of an interface string ending in the second-person ك written without its kasra. */
export function bareFeminineSuffixes(text: string, notSuffix: string[]): string[] {
  const exceptions =
    exceptionSets.get(notSuffix) ?? new Set(notSuffix.flatMap((w) => withClitics(normalise(w))));
  exceptionSets.set(notSuffix, exceptions);
  return [...text.matchAll(WORD)]
    .map((m) => m[0].replace(/\u0640/g, ''))
    .filter((w) => !/\u0643\u0650$/.test(w) && normalise(w).endsWith('\u0643'))
    .filter((w) => normalise(w).length >= 2 && !exceptions.has(normalise(w)));
}
