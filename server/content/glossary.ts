/**
 * One Arabic vocabulary (issue 24, item 2): `glossary.json` beside the content names one term per
 * concept, the phrases it replaces, and a few fixed interface strings; this module finds every
 * refused phrase in the Arabic of lessons, articles, course/quiz/expert files and lang/ar.json, and
 * says where, what was found and what to write instead. `npm run content:check` runs it.
 *
 * Matching (documented for educators in glossary.json's "about"): whole words, without tashkeel and
 * tatweel, أ/إ/آ read as ا; the first word of a phrase may carry و/ف then ب/ك/ل (ل + ال → لل);
 * `word*` matches every word beginning with `word`; `allow` phrases around a match excuse it; `near`
 * refuses a term only when one of its words is within NEAR_WORDS words, in the same sentence.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const Phrases = z.array(z.string().min(1)).min(1);
const Term = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  concept: z.string().min(1),
  preferred: z.string().min(1),
  refuse: Phrases,
  allow: Phrases.optional(),
  near: Phrases.optional(),
  scope: z.enum(['content', 'interface']).optional(),
  note: z.string().min(1),
});
export const GlossaryFile = z.strictObject({
  about: z.array(z.string()),
  terms: z.array(Term),
  expertTitles: z.strictObject({
    about: z.string(),
    titles: z.array(z.strictObject({ en: z.string().min(1), ar: z.string().min(1) })),
  }),
  interface: z.strictObject({
    fixed: z.strictObject({ about: z.string(), keys: z.record(z.string(), z.string()) }),
    distinct: z.strictObject({ about: z.string(), pairs: z.array(z.tuple([z.string(), z.string()])) }),
    feminineKasra: z.strictObject({
      about: z.string(),
      exceptKeys: z.array(z.string()),
      notSuffix: z.array(z.string()),
    }),
  }),
});
export type Glossary = z.infer<typeof GlossaryFile>;
export type GlossaryTerm = z.infer<typeof Term>;

export const GLOSSARY_FILE = 'glossary.json';
/** The glossary beside this module: used for a content folder that has none of its own. */
const DEFAULT_GLOSSARY = fileURLToPath(new URL(`./${GLOSSARY_FILE}`, import.meta.url));

/** A piece of Arabic to check: where it is (file, then "line N" or a JSON path / key) and its text. */
export interface ArabicText {
  file: string;
  where: string;
  text: string;
  kind: 'content' | 'interface';
}

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

export interface Finding {
  term: GlossaryTerm;
  /** The words as written in the text. */
  found: string;
}

/** Every first word a term refuses (most texts hold none, and are passed over at once). */
const starts = new WeakMap<GlossaryTerm[], Phrase>();
function refusedStarts(terms: GlossaryTerm[]): Phrase {
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
export function findRefused(terms: GlossaryTerm[], text: string, kind: ArabicText['kind']): Finding[] {
  const toks = tokens(text);
  const { first, firstPrefixes } = refusedStarts(terms);
  if (!toks.some((t) => first.has(t.word) || firstPrefixes.some((f) => t.word.startsWith(f)))) return [];
  const findings: Finding[] = [];
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

/** Every problem in these texts, as "file: where: found «…» → use «…» (concept)". */
export function glossaryProblems(glossary: Glossary, texts: ArabicText[]): string[] {
  const problems: string[] = [];
  const kasra = glossary.interface.feminineKasra;
  for (const t of texts) {
    for (const f of findRefused(glossary.terms, t.text, t.kind))
      problems.push(`${t.file}: ${t.where}: «${f.found}» → «${f.term.preferred}» (${f.term.concept})`);
    if (t.kind === 'interface' && !kasra.exceptKeys.some((k) => t.where.startsWith(k))) {
      for (const w of bareFeminineSuffixes(t.text, kasra.notSuffix))
        problems.push(
          `${t.file}: ${t.where}: «${w}» → «${w.replace(/[\u064B-\u065F]+$/, '')}\u0650» (the feminine suffix carries its kasra: كِ)`,
        );
    }
  }
  return problems;
}

/** The fixed and distinct interface strings (glossary.interface) in lang/ar.json's entries. */
export function interfaceProblems(
  glossary: Glossary,
  file: string,
  strings: Record<string, string>,
): string[] {
  const problems: string[] = [];
  for (const [key, want] of Object.entries(glossary.interface.fixed.keys)) {
    if (!(key in strings)) problems.push(`${file}: ${key}: missing (the glossary fixes it as «${want}»)`);
    else if (strings[key] !== want) problems.push(`${file}: ${key}: «${strings[key]}» → «${want}»`);
  }
  for (const [a, b] of glossary.interface.distinct.pairs) {
    if (a in strings && strings[a] === strings[b])
      problems.push(
        `${file}: ${a} and ${b} are both «${strings[a]}»: links to different pages need different names`,
      );
  }
  return problems;
}

/** Each expert's Arabic title is the glossary's for her English title. */
export function expertTitleProblems(
  glossary: Glossary,
  file: string,
  expert: { en?: { title?: unknown }; ar?: { title?: unknown } },
): string[] {
  const en = expert.en?.title;
  const ar = expert.ar?.title;
  if (typeof en !== 'string' || typeof ar !== 'string') return [];
  const pair = glossary.expertTitles.titles.find((t) => t.en === en);
  if (!pair)
    return [`${file}: en.title "${en}" is not in ${GLOSSARY_FILE} (expertTitles): add it with its Arabic`];
  return pair.ar === ar ? [] : [`${file}: ar.title: «${ar}» → «${pair.ar}» (${en})`];
}

/** Strings under every "ar" object of a JSON value, with their paths. */
function arabicStrings(value: unknown, path: string[] = [], inAr = false): [string, string][] {
  if (typeof value === 'string') return inAr ? [[path.join('.'), value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => arabicStrings(v, [...path, String(i)], inAr));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => arabicStrings(v, [...path, k], inAr || k === 'ar'));
  return [];
}

const visible = (name: string) => !name.startsWith('.');
const listDir = (path: string) =>
  existsSync(path) && statSync(path).isDirectory() ? readdirSync(path).filter(visible).sort() : [];

/**
 * Reads the glossary in `dir` (or, when it has none, the one beside this module) and checks the
 * content there and, when given, the interface strings (lang/ar.json); every problem as
 * "file: where: …". A malformed glossary is a problem too.
 */
export function checkGlossary(dir: string, langAr?: { path: string; name: string }): string[] {
  const problems: string[] = [];
  const rel = (p: string) => relative(dir, p);
  let glossary: Glossary;
  try {
    const own = join(dir, GLOSSARY_FILE);
    const path = existsSync(own) ? own : DEFAULT_GLOSSARY;
    const parsed = GlossaryFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (!parsed.success)
      return parsed.error.issues.map((i) => `${GLOSSARY_FILE}: ${i.path.join('.')}: ${i.message}`);
    glossary = parsed.data;
  } catch (e) {
    return [`${GLOSSARY_FILE}: ${(e as Error).message}`];
  }
  const texts: ArabicText[] = [];
  const markdown = (path: string) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        texts.push({ file: rel(path), where: `line ${i + 1}`, text: line, kind: 'content' });
      });
  const json = (path: string): unknown => {
    try {
      const value = JSON.parse(readFileSync(path, 'utf8'));
      for (const [where, text] of arabicStrings(value))
        texts.push({ file: rel(path), where, text, kind: 'content' });
      return value;
    } catch {
      return undefined; // the loader reports files that are not JSON
    }
  };
  for (const name of listDir(join(dir, 'experts'))) {
    const path = join(dir, 'experts', name);
    const expert = json(path);
    if (expert && typeof expert === 'object')
      problems.push(...expertTitleProblems(glossary, rel(path), expert));
  }
  for (const course of listDir(join(dir, 'courses'))) {
    const base = join(dir, 'courses', course);
    for (const name of ['course.json', 'quiz.json']) if (existsSync(join(base, name))) json(join(base, name));
    for (const name of listDir(join(base, 'lessons')))
      if (name.endsWith('.ar.md')) markdown(join(base, 'lessons', name));
  }
  for (const article of listDir(join(dir, 'articles'))) {
    const base = join(dir, 'articles', article);
    if (existsSync(join(base, 'article.json'))) json(join(base, 'article.json'));
    if (existsSync(join(base, 'ar.md'))) markdown(join(base, 'ar.md'));
  }
  if (langAr) {
    const strings = JSON.parse(readFileSync(langAr.path, 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(strings))
      if (typeof text === 'string') texts.push({ file: langAr.name, where: key, text, kind: 'interface' });
    problems.push(...interfaceProblems(glossary, langAr.name, strings));
  }
  return [...problems, ...glossaryProblems(glossary, texts)];
}
