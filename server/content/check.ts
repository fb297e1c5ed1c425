/**
 * `npm run content:check`: the loader's checks without a server or database. Prints a summary, or
 * every problem as "file: problem" and exits 1.
 */
import { fileURLToPath } from 'node:url';
import { effectivePrice } from '../../contract/learning-constants.ts';
import { checkGlossary } from './glossary.ts';
import { CONTENT_DIR, ContentError, readContent } from './loader.ts';
import { checkQuizBalance } from './quiz-balance.ts';

const dir = process.argv[2] ?? CONTENT_DIR;
/** Cents as dollars for this summary, with integer arithmetic only. */
const dollars = (cents: number) => `$${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const started = performance.now();
// issue 24: one Arabic vocabulary (glossary.json, on the content and lang/ar.json) and balanced quizzes
const LANG_AR = fileURLToPath(new URL('../../lang/ar.json', import.meta.url));
const balance = checkQuizBalance(dir);
const vocabulary = checkGlossary(dir, { path: LANG_AR, name: 'lang/ar.json' });
try {
  const content = readContent(dir);
  const ms = Math.round(performance.now() - started);
  const ok = balance.problems.length + vocabulary.length === 0;
  console.log(`content ${ok ? 'ok' : 'read'} (${ms} ms): version ${content.version}`);
  console.log(`  ${content.experts.length} experts:`);
  for (const e of [...content.experts].sort((a, b) => a.position - b.position)) {
    const offers = e.offers
      .map((o) => `${o.minutes} min ${o.price === 0 ? 'free' : dollars(o.price)}`)
      .join(', ');
    console.log(
      `    ${e.position}. ${e.id}${e.published ? '' : ' (unpublished)'}: ${e.specialty}, ${e.languages.join('/')}, ${e.modes.join('/')}, ${offers}`,
    );
  }
  console.log(`  ${content.courses.length} courses:`);
  for (const c of [...content.courses].sort((a, b) => a.position - b.position)) {
    const lessons = content.lessons.filter((l) => l.courseId === c.id);
    const minutes = lessons.reduce((n, l) => n + l.texts.en.minutes, 0);
    const pre = content.questions.filter((q) => q.courseId === c.id && q.kind === 'pre').length;
    const post = content.questions.filter((q) => q.courseId === c.id && q.kind === 'post').length;
    const price = effectivePrice({ price: c.price, sale_price: c.salePrice });
    console.log(
      `    ${c.position}. ${c.id}${c.published ? '' : ' (unpublished)'}: ${price === 0 ? 'free' : `${dollars(price)}${c.salePrice !== null ? ` (sale, was ${dollars(c.price)})` : ''}`}, ${c.level}, ${lessons.length} lessons (${minutes} min), quiz ${pre} pre + ${post} post, expert ${c.expertId}`,
    );
  }
  console.log(`  ${content.coupons.length} promo codes:`);
  for (const c of content.coupons) {
    const off = c.kind === 'percent' ? `${c.value} %` : dollars(c.value);
    const scope = c.courseIds ? c.courseIds.join(', ') : 'every course';
    const window = [
      c.startsAt ? `from ${c.startsAt.toISOString()}` : '',
      c.endsAt ? `until ${c.endsAt.toISOString()} (exclusive)` : '',
    ]
      .filter(Boolean)
      .join(' ');
    const limits = [
      c.maxRedemptions ? `${c.maxRedemptions} uses in all` : '',
      c.perMemberLimit ? `${c.perMemberLimit} per member` : '',
    ]
      .filter(Boolean)
      .join(', ');
    console.log(
      `    ${c.code}: ${off} off ${scope}${window ? `, ${window}` : ''}${limits ? `, ${limits}` : ''}`,
    );
  }
  console.log(`  ${content.articles.length} articles:`);
  for (const a of [...content.articles].sort((x, y) => y.publishedOn.localeCompare(x.publishedOn))) {
    const related = a.relatedCourses.length ? `, related ${a.relatedCourses.join(', ')}` : '';
    console.log(
      `    ${a.publishedOn} ${a.id}${a.published ? '' : ' (unpublished)'}: ${a.topic}, ${a.texts.en.minutes} min en / ${a.texts.ar.minutes} min ar${related}`,
    );
  }
  const reviewed = [...content.courses, ...content.articles].filter((p) => p.published);
  const due = reviewed.map((p) => p.nextReview).sort();
  const sources = reviewed.reduce((n, p) => n + p.sources.length, 0);
  console.log(
    `  reviews: ${reviewed.length} published courses and articles name ${sources} sources; the first next review is on ${due[0] ?? '-'}`,
  );
  console.log(`  ${content.availability.length} experts' availability (consultations):`);
  for (const a of content.availability) {
    const days = Object.entries(a.weekly)
      .map(([d, ranges]) => `${d} ${ranges.map((r) => r.join('–')).join(', ')}`)
      .join('; ');
    console.log(
      `    ${a.expertId}: ${a.timeZone}, ${days}; ${a.exceptions.length} exception(s), buffer ${a.bufferMinutes} min, notice ${a.noticeMinutes / 60} h, ${a.horizonDays} days ahead${a.email ? `, mail ${a.email}` : ''}`,
    );
  }
  console.log(
    `  ${content.circleSpaces.length} circle spaces: ${content.circleSpaces.map((s) => s.id).join(', ')}`,
  );
  for (const line of balance.lines) console.log(line);
  if (!ok) throw new ContentError([]);
} catch (e) {
  if (e instanceof ContentError) {
    const problems = [...e.problems, ...balance.problems, ...vocabulary];
    if (e.problems.length > 0) for (const line of balance.lines) console.log(line);
    console.error(`content has ${problems.length} problem(s) in ${dir}:`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  throw e;
}
