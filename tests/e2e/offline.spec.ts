import { expect, type Page, type Response, test } from '@playwright/test';
import { CLIENT_KEY_PATTERN, OFFLINE_DB_NAME } from '../../contract/offline';
import {
  askBeforeWorkerArriveAfter,
  assetsCached,
  deviceStorage,
  expectedSize,
  expectNothingLeft,
  findFreeCourse,
  goOffline,
  goOnline,
  installabilityInProfile,
  type Locale,
  memberAtLastLesson,
  NEUTRAL,
  neutralSite,
  type Question,
  serverCourse,
  serviceWorkerActive,
  t,
  WORDS,
} from './offline-support';
import { appReady, expectNoAxeViolations, phoneTag, storeSession, useLanguage } from './support';

/**
 * Learning without a connection (issue 28), one journey per language: English at 1280 px, Arabic on
 * the phone. A member at the last lesson of a free course (enrolled, pre-course quiz and the other
 * lessons done through the API) saves it for offline on its course page; with the network cut
 * (pages and service worker) her dashboard lists it from the device, she opens the lesson list by a
 * fresh navigation, reads the last lesson (axe), marks it done and answers the post-course quiz: both wait in the device's queue. Back
 * online, the queue is sent once: the server has the lesson done and one post-course attempt, the
 * result shows on the page and the dashboard agrees. The quick exit then leaves no offline
 * database, no member cache and no cached API answer. In English, Chromium's installability check
 * (DevTools protocol) reports no error.
 */

const SCREENS = [
  { locale: 'en', width: 1280, height: 800 },
  { locale: 'ar', width: 390, height: 844 },
] as const;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses the options of one question by clicking their labels, and checks they are chosen. */
async function answer(page: Page, locale: Locale, q: Question) {
  const box = page.getByTestId(`question-${q.id}`);
  await expect(box).toContainText(q[locale].prompt);
  for (const i of q.correct) {
    const option = q[locale].options[i];
    await box.getByText(option, { exact: true }).click();
    await expect(box.getByRole(q.multiple ? 'checkbox' : 'radio', { name: option })).toBeChecked();
  }
}

for (const { locale, width, height } of SCREENS) {
  test(`a saved course reads offline, its queue is sent once back online, and the quick exit leaves nothing (${locale}, ${width} px)`, {
    tag: phoneTag(width),
  }, async ({ page, context, request, baseURL, playwright, launchOptions }) => {
    test.setTimeout(150_000);
    const words = WORDS[locale];
    await page.setViewportSize({ width, height });
    await useLanguage(context, locale);
    const course = await findFreeCourse(request, locale);
    const member = await memberAtLastLesson(request, locale, course);
    await storeSession(context, baseURL!, member);
    const total = course.lessons.length;
    const last = course.lessons[total - 1];
    const learnPath = `/dashboard/course/${course.id}`;
    const offlineMark = page.getByTestId('offline-mark').first();

    // every quiz submission the server answered (from the page or its service worker)
    const submitted: { status: number; body: { clientKey?: string } }[] = [];
    const onResponse = (res: Response) => {
      const req = res.request();
      if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/lms/quiz/submit')
        submitted.push({ status: res.status(), body: req.postDataJSON() });
    };
    context.on('response', onResponse);

    await test.step('online: the course page shows the download size; she saves it', async () => {
      // the lesson screen's code is asked for before the service worker is there and arrives after
      const letLessonGo = await askBeforeWorkerArriveAfter(context, page, /\/assets\/LessonView-[\w-]+\.js$/);
      await page.goto(`/courses/${course.id}`);
      await appReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.title);
      await expect(page.getByTestId('offline-size')).toHaveText(
        await expectedSize(request, member, locale, course.id),
      );
      await page.getByRole('button', { name: words.save, exact: true }).click();
      await letLessonGo();
      await expect(page.getByText(words.saved, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: words.remove, exact: true })).toBeVisible();
      // the service worker is active and has cached what the page loaded before the network goes
      await serviceWorkerActive(page);
      await assetsCached(page);
      expect((await deviceStorage(page)).databases).toContain(OFFLINE_DB_NAME);
    });

    await test.step('offline: her dashboard lists the saved course; the lesson list and the last lesson open', async () => {
      await goOffline(context);
      await page.goto('/dashboard');
      await appReady(page);
      await expect(page.getByTestId('courses-from-device')).toContainText(
        t(locale, 'dashboard.courses.fromDevice.title'),
      );
      const saved = page.getByTestId('enrolled-course').filter({ hasText: course.title });
      await expect(saved).toContainText(
        t(locale, 'learning.myCourses.lessonsDone', { done: total - 1, total }),
      );
      await expect(saved.getByTestId('saved-offline')).toBeVisible();

      await page.goto(learnPath);
      await appReady(page);
      const list = page.getByTestId('lesson-list');
      await expect(list).toHaveAttribute('data-status', 'learning');
      await expect(offlineMark).toHaveText(words.offline);
      await expect(offlineMark).toHaveAttribute('role', 'status');
      await expect(list.getByTestId('lesson-row')).toHaveCount(total);
      await expect(page.getByTestId('lessons-done')).toHaveText(
        t(locale, 'learning.course.lessonsDone', { done: total - 1, total }),
      );
      await list.getByRole('link', { name: new RegExp(escapeRe(last.title)) }).click();
      await expect(page).toHaveURL(new RegExp(`${learnPath}/lesson/${last.id}$`));
      await expect(page.getByTestId('lesson').getByRole('heading', { level: 2 })).toHaveText(last.title);
      await expect(page.getByTestId('lesson-body')).toBeVisible();
      await expect(offlineMark).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('offline: she marks it done and answers the post-course quiz; both wait', async () => {
      await page.getByTestId('mark-done').click();
      // the last lesson: back to the list, every lesson done, the post-course quiz next
      await expect(page).toHaveURL(new RegExp(`${learnPath}$`));
      await expect(page.getByTestId('lesson-list')).toHaveAttribute('data-status', 'postQuiz');
      await expect(page.getByTestId('lessons-done')).toHaveText(
        t(locale, 'learning.course.lessonsDone', { done: total, total }),
      );
      await expect(page.getByTestId('sync-pending').first()).toBeVisible();
      await page
        .getByTestId('next-step')
        .getByRole('link', { name: t(locale, 'learning.course.action.postQuiz') })
        .click();
      await expect(page).toHaveURL(new RegExp(`${learnPath}/quiz/post$`));
      const post = course.quiz.post;
      await expect(page.getByTestId('quiz-form').locator('fieldset[data-question]')).toHaveCount(post.length);
      for (const q of post) await answer(page, locale, q);
      await page.getByRole('button', { name: t(locale, 'learning.quiz.submit') }).click();
      await expect(page.getByTestId('quiz-queued')).toBeVisible();
      await expect(offlineMark).toBeVisible();
      await expect(page.getByTestId('quiz-result')).toHaveCount(0);
      // nothing has reached the server yet
      const server = await serverCourse(request, member, locale, course.id);
      expect(server.progress.completedLessonIds).not.toContain(last.id);
      expect(server.quizzes.post.attempts).toBe(0);
    });

    await test.step('online again: the queue is sent once, the result shows, the dashboard agrees', async () => {
      await goOnline(context);
      const post = course.quiz.post;
      // Playwright lifts the page's offline emulation and the service worker's one after the other:
      // a send that starts in between finds no network, stays in the queue and is tried again
      // (machines/offline-setup.ts RETRY_DELAY_MS, 30 s), hence the long wait
      await expect(page.getByTestId('quiz-result')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('quiz-score')).toContainText(
        t(locale, 'learning.quiz.result.correct', { correct: post.length, total: post.length }),
      );
      await expect(page.getByTestId('quiz-queued')).toHaveCount(0);
      await expect(page.getByTestId('offline-mark')).toHaveCount(0);

      const server = await serverCourse(request, member, locale, course.id);
      expect(server.progress.completedLessonIds).toContain(last.id);
      expect(server.progress.done).toBe(total);
      expect(server.progress.status).toBe('completed');
      expect(server.quizzes.post.attempts).toBe(1);
      expect(server.quizzes.post.lastAttempt).toMatchObject({ correct: post.length, total: post.length });
      // what reached the server carried the key made on the device
      const answered = submitted.filter((s) => s.status < 300);
      expect(answered.length).toBeGreaterThan(0);
      for (const s of answered) expect(s.body.clientKey ?? '').toMatch(CLIENT_KEY_PATTERN);
      expect(new Set(answered.map((s) => s.body.clientKey)).size).toBe(1);

      await page.goto('/dashboard');
      await appReady(page);
      const enrolled = page.getByTestId('enrolled-course').filter({ hasText: course.title });
      await expect(enrolled).toBeVisible();
      await expect(page.getByTestId('courses-from-device')).toHaveCount(0);
      await expect(enrolled.getByTestId('course-status')).toHaveText(t(locale, 'learning.status.completed'));
      await expect(enrolled).toContainText(
        t(locale, 'learning.myCourses.lessonsDone', { done: total, total }),
      );
    });

    if (locale === 'en') {
      await test.step('installable: Chromium reports no installability error, its service worker in charge', async () => {
        const check = await installabilityInProfile(playwright, launchOptions, baseURL!, '/');
        expect(check.controlled).toBe(true);
        expect(check.errors).toEqual([]);
      });
    }

    await test.step('the quick exit leaves no offline copy, queue or cache of hers', async () => {
      context.off('response', onResponse);
      expect((await deviceStorage(page)).databases).toContain(OFFLINE_DB_NAME);
      await neutralSite(context);
      if (locale === 'en')
        await page.getByRole('button', { name: t(locale, 'safety.quickExit.label') }).click();
      else await page.keyboard.press('Shift+Escape');
      await expect(page).toHaveURL(NEUTRAL);
      const after = await context.newPage();
      await after.goto('/robots.txt');
      await expectNothingLeft(after);
      await after.close();
    });
  });
}
