import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/views/courses/format';
import {
  appReady,
  expectNoAxeViolations,
  PHONE_PROFILE,
  phoneTag,
  registerMember,
  storeSession,
  uniqueAlias,
  useLanguage,
} from './support';

/**
 * The learning journey end to end (catalogue → course page → free enrolment → pre-course quiz →
 * lessons → post-course quiz → completion and review → the three dashboard learning pages), in
 * English at 1280 px and in Arabic (RTL) at 390 px, with axe on every screen; then a second member
 * reads the review without the author's alias, and paid courses go to the header's cart.
 */

type Locale = 'en' | 'ar';
type Question = {
  id: string;
  multiple: boolean;
  correct: number[];
  en: { prompt: string; options: string[] };
  ar: { prompt: string; options: string[] };
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;

const FREE_COURSE = 'menstrual-cycle';
const freeCourse = readJson<{ id: string; price: number; en: { title: string }; ar: { title: string } }>(
  `server/content/courses/${FREE_COURSE}/course.json`,
);
const quiz = readJson<{ pre: Question[]; post: Question[] }>(
  `server/content/courses/${FREE_COURSE}/quiz.json`,
);
const PAID = ['menopause-care', 'pcos-basics'].map((id) =>
  readJson<{
    id: string;
    price: number;
    sale_price: number | null;
    en: { title: string };
    ar: { title: string };
  }>(`server/content/courses/${id}/course.json`),
);

/** The app's own bundles, formatted the way react-intl formats them (ICU plurals, numbers). */
const intls = {
  en: createIntl({ locale: 'en', messages: readJson<Record<string, string>>('lang/en.json') }),
  ar: createIntl({ locale: 'ar', messages: readJson<Record<string, string>>('lang/ar.json') }),
};
function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}
const money = (locale: Locale, cents: number) => formatMoney(intls[locale], cents);

const SHOTS = fileURLToPath(new URL('../../test-results/e2e-shots', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
/** A full-page picture of the screen, from its top (sticky headers are drawn where they belong). */
async function shot(page: Page, locale: Locale, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/learning-${locale}-${name}.png`, fullPage: true });
}

/**
 * The pre-course quiz is answered with some deliberately wrong choices: the first and the fourth
 * right, the rest wrong. The post-course quiz is answered all right.
 */
const PRE_RIGHT = new Set(['pre-cycle-length', 'pre-washing-during-period']);
const wrongChoice = (q: Question) => {
  const wrong = q.en.options.map((_, i) => i).filter((i) => !q.correct.includes(i));
  return [wrong[0]];
};
const preChoice = (q: Question) => (PRE_RIGHT.has(q.id) ? q.correct : wrongChoice(q));
const PRE_CORRECT = quiz.pre.filter((q) => PRE_RIGHT.has(q.id)).length;

/** Chooses the options of one question by clicking their labels, and checks they are chosen. */
async function answer(page: Page, locale: Locale, q: Question, choices: number[]) {
  const box = page.getByTestId(`question-${q.id}`);
  await expect(box).toContainText(q[locale].prompt);
  for (const i of choices) {
    const option = q[locale].options[i];
    await box.getByText(option, { exact: true }).click();
    await expect(box.getByRole(q.multiple ? 'checkbox' : 'radio', { name: option })).toBeChecked();
  }
}

async function lessonsOf(request: APIRequestContext, locale: Locale) {
  const res = await request.get(`/api/p/lms/get-course-by-id/${FREE_COURSE}`, {
    headers: { 'Accept-Language': locale },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { lessons: { id: string; title: string; position: number }[] };
  return body.lessons.sort((a, b) => a.position - b.position);
}

/** Opens a dashboard page the way she would: the sidebar at desktop width, the Menu drawer on a phone. */
async function openDashboardPage(page: Page, locale: Locale, id: string, width: number) {
  const name = t(locale, id);
  if (width >= 1024) {
    await page.getByTestId('sidebar').getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('button', { name: t(locale, 'dashboard.header.openMenu') }).click();
    const drawer = page.getByRole('dialog', { name: t(locale, 'dashboard.header.menu') });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name, exact: true }).click();
    await expect(drawer).toBeHidden();
  }
  await expect(page.getByTestId('page-title')).toHaveText(name);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const tab = (page: Page, locale: Locale, id: string) =>
  page.getByRole('tab', { name: t(locale, `learning.course.tabs.${id}`) });

async function openTab(page: Page, locale: Locale, id: string, panel: Locator) {
  await tab(page, locale, id).click();
  await expect(tab(page, locale, id)).toHaveAttribute('aria-selected', 'true');
  await expect(panel).toBeVisible();
}

const SCREENS = [
  { locale: 'en', width: 1280, height: 800 },
  { locale: 'ar', width: 390, height: 844 },
] as const;

for (const { locale, width, height } of SCREENS) {
  const title = freeCourse[locale].title;
  const coursePath = `/courses/${FREE_COURSE}`;
  const learnPath = `/dashboard/course/${FREE_COURSE}`;

  const phone = phoneTag(width).length > 0 ? PHONE_PROFILE : {};

  test.describe
    .serial(`learning in ${locale === 'en' ? 'English' : 'Arabic'} at ${width} px`, {
      tag: phoneTag(width),
    }, () => {
      let member: Awaited<ReturnType<typeof registerMember>>;
      const reviewText =
        locale === 'en'
          ? `Clear and kind, I finally understand my cycle. (${uniqueAlias('note')})`
          : `دورة واضحة ولطيفة، فهمت دورتي أخيرًا. (${uniqueAlias('note')})`;
      const RATING = 4;

      test.beforeEach(async ({ page, context }) => {
        await page.setViewportSize({ width, height });
        await useLanguage(context, locale);
      });

      test('a new member browses the catalogue, enrols for free and takes the pre-course quiz', async ({
        page,
        context,
        request,
        baseURL,
      }) => {
        expect(freeCourse.price).toBe(0);
        member = await registerMember(request);
        await storeSession(context, baseURL!, member);

        // the catalogue
        await page.goto('/courses');
        await appReady(page);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          t(locale, 'learning.catalogue.title'),
        );
        const card = page.getByTestId('course-card').filter({ hasText: title });
        await expect(card).toHaveCount(1);
        await expect(card.getByTestId('price-free')).toBeVisible();
        await expectNoAxeViolations(page);
        await shot(page, locale, '01-catalogue');

        // the course page, every tab
        await card.getByRole('link', { name: title }).click();
        await expect(page).toHaveURL(new RegExp(`${coursePath}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        const primary = page.getByTestId('primary-action');
        await expect(primary).toHaveText(t(locale, 'learning.course.action.enrolFree'));
        await expect(page.getByTestId('panel-about')).toBeVisible();
        await expectNoAxeViolations(page);
        await shot(page, locale, '02-course-about');

        const content = page.getByTestId('panel-content');
        await openTab(page, locale, 'content', content);
        await expect(content.getByTestId('content-lesson')).toHaveCount(4);
        await expect(
          content.getByRole('img', { name: t(locale, 'learning.course.content.locked') }),
        ).toHaveCount(4);
        await expectNoAxeViolations(page);

        // reviews: empty for the first run of the first language, a list once a member has reviewed
        await openTab(
          page,
          locale,
          'reviews',
          page.getByTestId('reviews').or(page.getByTestId('reviews-empty')),
        );
        await expectNoAxeViolations(page);

        await openTab(page, locale, 'expert', page.getByTestId('panel-expert'));
        await expectNoAxeViolations(page);
        await openTab(page, locale, 'about', page.getByTestId('panel-about'));

        // free enrolment: the toast, then one primary action, the pre-course quiz
        await primary.click();
        await expect(page.getByText(t(locale, 'learning.course.enrolled'))).toBeVisible();
        await expect(primary).toHaveText(t(locale, 'learning.course.action.preQuiz'));
        await expect(page.getByTestId('course-page')).toHaveAttribute('data-status', 'preQuiz');
        await shot(page, locale, '03-course-enrolled');

        // the pre-course quiz
        await primary.click();
        await expect(page).toHaveURL(new RegExp(`${learnPath}/quiz/pre$`));
        await expect(page.getByTestId('page-title')).toHaveText(t(locale, 'dashboard.title.quiz'));
        await expect(page.getByRole('heading', { name: t(locale, 'learning.quiz.title.pre') })).toBeVisible();
        const form = page.getByTestId('quiz-form');
        await expect(form.locator('fieldset[data-question]')).toHaveCount(quiz.pre.length);
        await expectNoAxeViolations(page);

        // every question but the last, then submit: "Please answer all questions"
        const last = quiz.pre[quiz.pre.length - 1];
        for (const q of quiz.pre.slice(0, -1)) await answer(page, locale, q, preChoice(q));
        await expect(page.getByTestId('quiz-progress-text')).toHaveText(
          t(locale, 'learning.quiz.progress', { answered: quiz.pre.length - 1, total: quiz.pre.length }),
        );
        await page.getByRole('button', { name: t(locale, 'learning.quiz.submit') }).click();
        const incomplete = page.getByTestId('quiz-incomplete');
        await expect(incomplete).toContainText(t(locale, 'learning.quiz.incomplete'));
        await expect(incomplete).toContainText(t(locale, 'learning.quiz.incompleteCount', { count: 1 }));
        const unanswered = page.getByTestId(`question-${last.id}`);
        await expect(unanswered).toHaveAttribute('data-invalid', 'true');
        await expect(unanswered).toContainText(t(locale, 'learning.quiz.needsAnswer'));
        // focus goes to the first unanswered question
        await expect(unanswered.locator('input').first()).toBeFocused();
        await expect(page.getByTestId('quiz-result')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await shot(page, locale, '04-pre-quiz-incomplete');

        await answer(page, locale, last, preChoice(last));
        // answered: the question is no longer marked and nothing is counted as missing
        // (the "Please answer all questions" title itself stays until the next submission)
        await expect(unanswered).not.toHaveAttribute('data-invalid', /.*/);
        await expect(unanswered).not.toContainText(t(locale, 'learning.quiz.needsAnswer'));
        await expect(incomplete).not.toContainText(t(locale, 'learning.quiz.incompleteCount', { count: 1 }));
        await page.getByRole('button', { name: t(locale, 'learning.quiz.submit') }).click();
        const result = page.getByTestId('quiz-result');
        await expect(result).toBeVisible();
        await expect(page.getByText(t(locale, 'learning.quiz.submitted'))).toBeVisible();
        await expect(page.getByTestId('quiz-score')).toContainText(
          t(locale, 'learning.quiz.result.correct', { correct: PRE_CORRECT, total: quiz.pre.length }),
        );
        for (const q of quiz.pre) {
          await expect(result.getByTestId(`feedback-${q.id}`).locator('[data-correct]')).toHaveAttribute(
            'data-correct',
            String(PRE_RIGHT.has(q.id)),
          );
        }
        await expectNoAxeViolations(page);
        await shot(page, locale, '05-pre-quiz-result');

        await page.getByRole('link', { name: t(locale, 'learning.quiz.startLessons') }).click();
        await expect(page).toHaveURL(new RegExp(`${learnPath}$`));
        await expect(page.getByTestId('lesson-list')).toHaveAttribute('data-status', 'learning');
      });

      test('she works through the lessons: next, previous, mark done until all are done', async ({
        page,
        context,
        request,
        baseURL,
      }) => {
        await storeSession(context, baseURL!, member);
        const lessons = await lessonsOf(request, locale);
        expect(lessons).toHaveLength(4);

        await page.goto(learnPath);
        await appReady(page);
        const list = page.getByTestId('lesson-list');
        await expect(list).toHaveAttribute('data-status', 'learning');
        await expect(page.getByTestId('page-title')).toHaveText(title);
        await expect(page.getByTestId('lessons-done')).toHaveText(
          t(locale, 'learning.course.lessonsDone', { done: 0, total: 4 }),
        );
        await expect(list.getByTestId('lesson-row')).toHaveCount(4);
        await expectNoAxeViolations(page);
        await shot(page, locale, '06-lessons');

        // the first lesson
        await page.getByTestId('continue').click();
        const lesson = page.getByTestId('lesson');
        const lessonTitle = lesson.getByRole('heading', { level: 2 });
        await expect(page).toHaveURL(new RegExp(`${learnPath}/lesson/${lessons[0].id}$`));
        await expect(lessonTitle).toHaveText(lessons[0].title);
        await expect(lessonTitle).toBeFocused();
        await expect(lesson).toContainText(t(locale, 'learning.learn.position', { n: 1, total: 4 }));
        await expect(lesson.getByTestId('disclaimer')).toHaveText(t(locale, 'learning.disclaimer'));
        await expectNoAxeViolations(page);
        await shot(page, locale, '07-lesson-1');

        // next and previous, without marking anything
        const nav = page.getByRole('navigation', { name: t(locale, 'learning.learn.lessonNav') });
        await nav.getByRole('link', { name: new RegExp(escapeRe(t(locale, 'learning.learn.next'))) }).click();
        await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[1].id}$`));
        await expect(lessonTitle).toHaveText(lessons[1].title);
        await nav.getByRole('link', { name: new RegExp(escapeRe(t(locale, 'learning.learn.prev'))) }).click();
        await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[0].id}$`));
        await expect(lessonTitle).toHaveText(lessons[0].title);
        await expect(
          nav.getByRole('link', { name: new RegExp(escapeRe(t(locale, 'learning.learn.prev'))) }),
        ).toHaveCount(0);

        // mark each done: she moves on to the next, and from the last back to the list
        for (const [i, l] of lessons.entries()) {
          await expect(lessonTitle).toHaveText(l.title);
          await page.getByTestId('mark-done').click();
          if (i < lessons.length - 1) {
            await expect(page).toHaveURL(new RegExp(`/lesson/${lessons[i + 1].id}$`));
          }
        }
        await expect(page).toHaveURL(new RegExp(`${learnPath}$`));
        await expect(list).toHaveAttribute('data-status', 'postQuiz');
        await expect(page.getByTestId('lessons-done')).toHaveText(
          t(locale, 'learning.course.lessonsDone', { done: 4, total: 4 }),
        );
        await expect(list.locator('[data-testid="lesson-row"][data-done]')).toHaveCount(4);
        await expect(list.getByRole('img', { name: t(locale, 'learning.course.content.done') })).toHaveCount(
          4,
        );
        await expect(page.getByTestId('next-step')).toContainText(t(locale, 'learning.learn.postQuiz.title'));

        // a done lesson says so and offers no "mark done"
        await list.getByRole('link', { name: new RegExp(escapeRe(lessons[0].title)) }).click();
        await expect(lessonTitle).toHaveText(lessons[0].title);
        await expect(lesson).toContainText(t(locale, 'learning.course.content.done'));
        await expect(page.getByTestId('mark-done')).toHaveCount(0);
      });

      test('she takes the post-course quiz, sees her gain in plain words and leaves a review', async ({
        page,
        context,
        baseURL,
      }) => {
        await storeSession(context, baseURL!, member);
        await page.goto(learnPath);
        await appReady(page);
        await expect(page.getByTestId('lesson-list')).toHaveAttribute('data-status', 'postQuiz');
        await page
          .getByTestId('next-step')
          .getByRole('link', { name: t(locale, 'learning.course.action.postQuiz') })
          .click();
        await expect(page).toHaveURL(new RegExp(`${learnPath}/quiz/post$`));
        await expect(
          page.getByRole('heading', { name: t(locale, 'learning.quiz.title.post') }),
        ).toBeVisible();
        await expect(page.getByTestId('quiz-form').locator('fieldset[data-question]')).toHaveCount(
          quiz.post.length,
        );

        for (const q of quiz.post) await answer(page, locale, q, q.correct);
        await expect(page.getByTestId('quiz-progress-text')).toHaveText(
          t(locale, 'learning.quiz.progress', { answered: quiz.post.length, total: quiz.post.length }),
        );
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: t(locale, 'learning.quiz.submit') }).click();
        await expect(page.getByTestId('quiz-result')).toBeVisible();
        await expect(page.getByTestId('quiz-score')).toContainText(
          t(locale, 'learning.quiz.result.correct', { correct: quiz.post.length, total: quiz.post.length }),
        );
        await expect(page.getByTestId('quiz-result').locator('[data-correct="false"]')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await shot(page, locale, '08-post-quiz-result');

        // the completion screen: the gain, in plain words and the real numbers
        await page.getByRole('link', { name: t(locale, 'learning.quiz.seeResults') }).click();
        await expect(page).toHaveURL(new RegExp(`${learnPath}/complete$`));
        await expect(page.getByTestId('completion')).toBeVisible();
        await expect(page.getByRole('heading', { name: t(locale, 'learning.complete.title') })).toBeVisible();
        const gain = quiz.post.length - PRE_CORRECT;
        expect(PRE_CORRECT).toBe(2);
        expect(quiz.pre.length).toBe(5);
        expect(quiz.post.length).toBe(5);
        await expect(page.getByTestId('gain-sentence')).toHaveText(
          locale === 'en'
            ? 'You answered 2 of 5 before and 5 of 5 now'
            : 'أجبتِ إجابة صحيحة عن 2 من 5 أسئلة في البداية، وعن 5 من 5 أسئلة الآن',
        );
        await expect(page.getByTestId('gain-change')).toHaveText(
          locale === 'en'
            ? 'That is 3 more correct answers than at the start.'
            : t(locale, 'learning.complete.gain.up', { count: gain }),
        );
        await expectNoAxeViolations(page);

        // the review: no rating is refused, then the Ark RatingGroup by click and keyboard, and words
        const form = page.getByTestId('review-form');
        const stars = form.getByRole('radiogroup');
        await expect(stars).toBeVisible();
        await form.getByTestId('review-save').click();
        await expect(form.getByTestId('rating-error')).toHaveText(
          t(locale, 'learning.errors.RATING_REQUIRED'),
        );
        const star = (n: number) =>
          form.getByRole('radio', { name: t(locale, 'learning.complete.feedback.starLabel', { count: n }) });
        await expect(star(1)).toBeVisible();
        // a click chooses
        await star(2).click();
        await expect(star(2)).toHaveAttribute('aria-checked', 'true');
        await expect(star(2)).toBeFocused();
        // the keyboard (once the pointer has left the stars): End, then one star back with the
        // arrow that points backwards in the reading direction (mirrored in Arabic)
        await page.mouse.move(0, 0);
        await page.keyboard.press('End');
        await expect(star(5)).toHaveAttribute('aria-checked', 'true');
        await page.keyboard.press(locale === 'ar' ? 'ArrowRight' : 'ArrowLeft');
        await expect(star(RATING)).toHaveAttribute('aria-checked', 'true');
        await expect(star(RATING)).toBeFocused();
        await expect(form.getByRole('radio', { checked: true })).toHaveCount(1);
        await form.getByTestId('review-text').fill(reviewText);
        await expect(form.getByTestId('review-counter')).toContainText(String(reviewText.length));
        await form.getByTestId('review-save').click();
        await expect(form.getByTestId('review-saved')).toHaveText(
          t(locale, 'learning.complete.feedback.saved'),
        );
        await expect(form.getByTestId('rating-error')).toHaveCount(0);
        await expectNoAxeViolations(page);
        await shot(page, locale, '09-completion-reviewed');
      });

      test('Enrolled Courses, My Test Scores and Ratings & Reviews show the course, the scores and the review', async ({
        page,
        context,
        baseURL,
      }) => {
        await storeSession(context, baseURL!, member);
        await page.goto('/dashboard');
        await appReady(page);

        // Enrolled Courses: completed, every lesson done
        await expect(page.getByTestId('page-title')).toHaveText(t(locale, 'dashboard.title.default'));
        const enrolled = page.getByTestId('enrolled-course').filter({ hasText: title });
        await expect(enrolled).toHaveCount(1);
        await expect(enrolled.getByTestId('course-status')).toHaveText(
          t(locale, 'learning.status.completed'),
        );
        await expect(enrolled).toContainText(
          t(locale, 'learning.myCourses.lessonsDone', { done: 4, total: 4 }),
        );
        await expect(
          enrolled.getByRole('link', { name: t(locale, 'learning.myCourses.results') }),
        ).toHaveAttribute('href', `${learnPath}/complete`);
        await expectNoAxeViolations(page);
        await shot(page, locale, '10-enrolled-courses');

        // My Test Scores: before, after and the change
        await openDashboardPage(page, locale, 'dashboard.sidebar.testScores', width);
        const scores = page.getByTestId('course-scores').filter({ hasText: title });
        await expect(scores).toHaveCount(1);
        const cells = scores.locator('dl > div');
        await expect(cells.nth(0)).toContainText(t(locale, 'learning.scores.pre'));
        await expect(cells.nth(0)).toContainText(
          t(locale, 'learning.scores.correct', { correct: PRE_CORRECT, total: quiz.pre.length }),
        );
        await expect(cells.nth(1)).toContainText(t(locale, 'learning.scores.post'));
        await expect(cells.nth(1)).toContainText(
          t(locale, 'learning.scores.correct', { correct: quiz.post.length, total: quiz.post.length }),
        );
        const gain = quiz.post.length - PRE_CORRECT;
        await expect(scores.getByTestId('score-gain')).toContainText(
          intls[locale].formatNumber(gain, { signDisplay: 'exceptZero' }),
        );
        await expect(scores.getByTestId('score-gain')).toContainText(
          t(locale, 'learning.scores.gainQuestions', { count: gain }),
        );
        await expect(scores.getByTestId('score-sentence')).toHaveText(
          t(locale, 'learning.scores.sentence.both', {
            pre: PRE_CORRECT,
            preTotal: quiz.pre.length,
            post: quiz.post.length,
            postTotal: quiz.post.length,
          }),
        );
        await expectNoAxeViolations(page);
        await shot(page, locale, '11-test-scores');

        // Ratings & Reviews: her review, with its stars
        await openDashboardPage(page, locale, 'dashboard.sidebar.ratings', width);
        const review = page.getByTestId('my-review').filter({ hasText: title });
        await expect(review).toHaveCount(1);
        await expect(review.getByTestId('review-text')).toHaveText(reviewText);
        await expect(
          review.getByRole('img', { name: t(locale, 'learning.reviews.stars', { rating: RATING }) }),
        ).toBeVisible();
        await expect(
          review.getByRole('button', { name: t(locale, 'learning.reviews.editOf', { course: title }) }),
        ).toBeVisible();
        // KNOWN APP BUG (reported, not fixed here: src/ is someone else's): the "Edit review" button's
        await expectNoAxeViolations(page);
        await shot(page, locale, '12-ratings');
      });

      test("another member reads the review on the course's Reviews tab, never the author's alias", async ({
        browser,
        request,
        baseURL,
      }) => {
        // a second member, in a browser context of her own
        const other = await registerMember(request);
        const context = await browser.newContext({ ...phone, baseURL, viewport: { width, height } });
        await useLanguage(context, locale);
        await storeSession(context, baseURL!, other);
        try {
          const page = await context.newPage();
          await page.goto(coursePath);
          await appReady(page);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
          await openTab(page, locale, 'reviews', page.getByTestId('reviews'));
          const review = page.getByTestId('review').filter({ hasText: reviewText });
          await expect(review).toHaveCount(1);
          await expect(
            review.getByRole('img', {
              name: t(locale, 'learning.course.reviews.rating', { rating: RATING }),
            }),
          ).toBeVisible();
          await expect(page.getByTestId('member-badge')).toContainText(other.alias);
          // her own alias is on the page (the header): the author's is nowhere
          expect(await page.content()).not.toContain(member.alias);
          await expect(page.locator('body')).not.toContainText(member.alias);
          await expectNoAxeViolations(page);
          await shot(page, locale, '13-reviews-tab-other-member');
          // nor in what the public reviews API sends
          const api = await request.get(`/api/feedback/course/${FREE_COURSE}/reviews`);
          expect(api.status()).toBe(200);
          const body = await api.text();
          expect(body).toContain(reviewText.slice(0, 20));
          expect(body).not.toContain(member.alias);
          expect(body).not.toContain(member.user.id);
        } finally {
          await context.close();
        }
      });
    });

  test(`a paid course goes to the cart and the header badge counts it (${locale}, ${width} px)`, {
    tag: phoneTag(width),
  }, async ({ page, context, request, baseURL }) => {
    await page.setViewportSize({ width, height });
    await useLanguage(context, locale);
    // English: a visitor; Arabic: a signed-in member
    if (locale === 'ar') await storeSession(context, baseURL!, await registerMember(request));
    for (const course of PAID) expect(course.price).toBeGreaterThan(0);

    await page.goto(`/courses/${PAID[0].id}`);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAID[0][locale].title);
    const badge = page.getByTestId('cart-badge');
    await expect(badge).toHaveCount(0);
    const primary = page.getByTestId('primary-action');
    await expect(primary).toHaveText(t(locale, 'learning.course.action.addToCart'));
    await primary.click();
    const first = PAID[0].sale_price ?? PAID[0].price;
    await expect(badge).toHaveAttribute(
      'aria-label',
      t(locale, 'site.header.cart', { count: 1, total: money(locale, first) }),
    );
    await expect(badge.locator('a > span[aria-hidden="true"]')).toHaveText('1');
    await expect(primary).toHaveText(t(locale, 'learning.course.action.inCart'));
    await expect(
      page.getByRole('button', { name: t(locale, 'learning.course.action.addToCart') }),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, locale, '14-cart-one');

    // a second paid course from the catalogue raises the count and the total
    await page.getByRole('link', { name: t(locale, 'learning.course.back') }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await page
      .getByTestId('course-card')
      .filter({ hasText: PAID[1][locale].title })
      .getByRole('link', { name: PAID[1][locale].title })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAID[1][locale].title);
    await expect(badge.locator('a > span[aria-hidden="true"]')).toHaveText('1');
    await page.getByTestId('primary-action').click();
    const second = PAID[1].sale_price ?? PAID[1].price;
    await expect(badge).toHaveAttribute(
      'aria-label',
      t(locale, 'site.header.cart', { count: 2, total: money(locale, first + second) }),
    );
    await expect(badge.locator('a > span[aria-hidden="true"]')).toHaveText('2');
    // the header, with the cart and the sign-in (or her avatar), fits the screen: no sideways scrolling
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await scrollWidth()).toBeLessThanOrEqual(width);
    await page.setViewportSize({ width: 320, height });
    await expect(badge).toBeVisible();
    expect(await scrollWidth()).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width, height });

    if (locale === 'en') {
      // a visitor who asks to enrol in a free course is sent to sign in, and back afterwards
      await page.goto(`/courses/${FREE_COURSE}`);
      await appReady(page);
      await expect(page.getByText(t(locale, 'learning.course.action.signInHint'))).toBeVisible();
      await page.getByTestId('primary-action').click();
      await expect(page).toHaveURL(
        new RegExp(`/login\\?next=${encodeURIComponent(`/courses/${FREE_COURSE}`)}$`),
      );
    }
  });
}
