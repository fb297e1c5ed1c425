/**
 * Links inside lessons and articles go somewhere: the Markdown subset (markdown.ts) accepts only
 * site paths; here each one must be a public page of the site (server/site-meta.ts's PUBLIC_PAGES)
 * or a course, article or expert that the content has (`/courses/<id>`, `/articles/<id>`,
 * `/experts/<id>`), so a renamed page or a typo is caught by `npm run content:check`, not by a reader.
 */
import type { Block } from '../../contract/learning.ts';
import type { Locale } from '../lib/i18n.ts';
import { PUBLIC_PAGES } from '../site-meta.ts';

/** A body to check, with the file its problems name. */
export interface LinkedBody {
  file: string;
  body: Block[];
}

/** Published ids, by kind of detail page (an unpublished one has no page). */
export interface KnownIds {
  courses: ReadonlySet<string>;
  articles: ReadonlySet<string>;
  experts: ReadonlySet<string>;
}

const FIXED = new Set(PUBLIC_PAGES.map(([path]) => path));
const DETAIL = /^\/(courses|articles|experts)\/([^/]+)\/?$/;

/** Whether a site path (already accepted by isSitePath) names a page that exists. */
function exists(href: string, known: KnownIds): boolean {
  const path = href.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
  if (FIXED.has(path)) return true;
  const m = DETAIL.exec(path);
  return m !== null && known[m[1] as keyof KnownIds].has(m[2]);
}

/** "file: a link goes to /x, which is not a page of this site" for each link that goes nowhere. */
export function linkProblems(bodies: LinkedBody[], known: KnownIds): string[] {
  const problems: string[] = [];
  for (const { file, body } of bodies) {
    for (const block of body) {
      const runs = 'c' in block ? block.c : block.items.flat();
      for (const run of runs)
        if (run.t === 'link' && !exists(run.href, known))
          problems.push(
            `${file}: the link "${run.v}" goes to ${run.href}, which is not a page of this site (a public page such as /safeguarding, or /courses/<id>, /articles/<id>, /experts/<id> that exists)`,
          );
    }
  }
  return problems;
}

/** Lesson and article bodies as files name them. */
export function bodiesOf(
  lessons: { courseId: string; id: string; texts: Record<Locale, { body: Block[] }> }[],
  articles: { id: string; texts: Record<Locale, { body: Block[] }> }[],
): LinkedBody[] {
  const out: LinkedBody[] = [];
  for (const l of lessons)
    for (const locale of ['en', 'ar'] as const)
      out.push({
        file: `courses/${l.courseId}/lessons/NN-${l.id}.${locale}.md`,
        body: l.texts[locale].body,
      });
  for (const a of articles)
    for (const locale of ['en', 'ar'] as const)
      out.push({ file: `articles/${a.id}/${locale}.md`, body: a.texts[locale].body });
  return out;
}
