/**
 * `npm run content:check`: the loader's checks without a server or database. Prints a summary, or
 * every problem as "file: problem" and exits 1.
 */
import { effectivePrice } from '../../contract/learning-constants.ts';
import { CONTENT_DIR, ContentError, readContent } from './loader.ts';

const dir = process.argv[2] ?? CONTENT_DIR;
/** Cents as dollars for this summary, with integer arithmetic only. */
const dollars = (cents: number) => `$${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const started = performance.now();
try {
  const content = readContent(dir);
  const ms = Math.round(performance.now() - started);
  console.log(`content ok (${ms} ms): version ${content.version}`);
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
  console.log(`  ${content.availability.length} experts' availability (consultations):`);
  for (const a of content.availability) {
    const days = Object.entries(a.weekly)
      .map(([d, ranges]) => `${d} ${ranges.map((r) => r.join('–')).join(', ')}`)
      .join('; ');
    console.log(
      `    ${a.expertId}: ${a.timeZone}, ${days}; ${a.exceptions.length} exception(s), buffer ${a.bufferMinutes} min, notice ${a.noticeMinutes / 60} h, ${a.horizonDays} days ahead${a.email ? `, mail ${a.email}` : ''}`,
    );
  }
} catch (e) {
  if (e instanceof ContentError) {
    console.error(`content has ${e.problems.length} problem(s) in ${dir}:`);
    for (const p of e.problems) console.error(`  ${p}`);
    process.exit(1);
  }
  throw e;
}
