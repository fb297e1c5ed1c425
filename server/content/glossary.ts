/**
 * One Arabic vocabulary (issue 24, item 2): `glossary.json` beside the content names one term per
 * concept, the phrases it replaces, and a few fixed interface strings; this module finds every
 * refused phrase in the Arabic of lessons, articles, course/quiz/expert files and lang/ar.json, and
 * says where, what was found and what to write instead. `npm run content:check` runs it.
 *
 * Matching (documented for educators in glossary.json's "about") is glossary-match.ts's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bareFeminineSuffixes, findRefused, type TextKind } from './glossary-match.ts';

export {
  bareFeminineSuffixes,
  type Finding,
  findRefused,
  NEAR_WORDS,
  normalise,
} from './glossary-match.ts';

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
  kind: TextKind;
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
