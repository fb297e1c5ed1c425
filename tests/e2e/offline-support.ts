/**
 * What offline.spec.ts (issue 28) needs beside ./support: the app's messages formatted as react-intl
 * does, a member brought through the API to the last lesson of a free course, the member API as
 * she sees it, the network cut and restored, and what the device keeps (IndexedDB, Cache Storage).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserType,
  expect,
  type LaunchOptions,
  type Page,
} from '@playwright/test';
import type { MemberCourseDetail } from '../../contract/learning';
import { MEMBER_CACHE_PREFIX, OFFLINE_DB_NAME } from '../../contract/offline';
import { courseDownloadBytes } from '../../machines/offline-rules';
import { registerMember } from './support';

export type Locale = 'en' | 'ar';
export type Member = Awaited<ReturnType<typeof registerMember>>;
export type Question = {
  id: string;
  multiple: boolean;
  correct: number[];
  en: { prompt: string; options: string[] };
  ar: { prompt: string; options: string[] };
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;

/** The app's own bundles, formatted the way react-intl formats them. */
const intls = {
  en: createIntl({ locale: 'en', messages: readJson<Record<string, string>>('lang/en.json') }),
  ar: createIntl({ locale: 'ar', messages: readJson<Record<string, string>>('lang/ar.json') }),
};
export function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}

/** The names the offline screens show (fixed with helpers D and E for this test). */
export const WORDS = {
  en: {
    save: 'Save for offline',
    saved: 'Saved on this device',
    remove: 'Remove from this device',
    offline: 'Offline',
  },
  ar: {
    save: 'احفظي الدورة للقراءة دون اتصال',
    saved: 'محفوظة على هذا الجهاز',
    remove: 'احذفيها من هذا الجهاز',
    offline: 'دون اتصال',
  },
} as const;

export const headers = (token: string, locale: Locale) => ({
  Authorization: `Bearer ${token}`,
  'Accept-Language': locale,
});

type Lesson = { id: string; title: string; position: number };
export type FreeCourse = {
  id: string;
  title: string;
  lessons: Lesson[];
  quiz: { pre: Question[]; post: Question[] };
};

/** A free course of the catalogue (not the one learning.spec.ts walks through), in her language. */
export async function findFreeCourse(request: APIRequestContext, locale: Locale): Promise<FreeCourse> {
  const list = await request.get('/api/lms/courses/all?limit=50', { headers: { 'Accept-Language': locale } });
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { items: { id: string; price: number }[] }).items;
  const free = items.filter((c) => c.price === 0).map((c) => c.id);
  const id = free.find((c) => c !== 'menstrual-cycle') ?? free[0];
  expect(id, 'a free course in the catalogue').toBeTruthy();
  const res = await request.get(`/api/p/lms/get-course-by-id/${id}`, {
    headers: { 'Accept-Language': locale },
  });
  expect(res.status()).toBe(200);
  const course = (await res.json()) as { id: string; title: string; lessons: Lesson[] };
  const lessons = course.lessons.sort((a, b) => a.position - b.position);
  expect(lessons.length).toBeGreaterThan(1);
  const quiz = readJson<FreeCourse['quiz']>(`server/content/courses/${id}/quiz.json`);
  return { id, title: course.title, lessons, quiz };
}

/**
 * A new member, enrolled in the course, her pre-course quiz taken and every lesson but the last
 * done, all through the API: offline she has one lesson left to read and mark done, and then the
 * post-course quiz (which the server takes only after the pre quiz and every lesson).
 */
export async function memberAtLastLesson(request: APIRequestContext, locale: Locale, course: FreeCourse) {
  const member = await registerMember(request);
  const h = headers(member.token, locale);
  const enrol = await request.post('/api/articles/enroll-free-course', {
    headers: h,
    data: { courseId: course.id },
  });
  expect(enrol.status(), await enrol.text()).toBe(201);
  const pre = await request.post('/api/lms/quiz/submit', {
    headers: h,
    data: {
      courseId: course.id,
      kind: 'pre',
      answers: course.quiz.pre.map((q) => ({ questionId: q.id, choices: q.correct })),
    },
  });
  expect(pre.status(), await pre.text()).toBe(201);
  for (const lesson of course.lessons.slice(0, -1)) {
    const done = await request.post('/api/lms/lesson/complete', {
      headers: h,
      data: { courseId: course.id, lessonId: lesson.id },
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  return member;
}

/** Her course as the server keeps it: progress and the post-course quiz's attempts. */
export async function serverCourse(
  request: APIRequestContext,
  member: Member,
  locale: Locale,
  courseId: string,
) {
  const res = await request.get(`/api/lms/get-course-by-id/${courseId}/${member.user.id}`, {
    headers: headers(member.token, locale),
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    progress: { completedLessonIds: string[]; done: number; total: number; status: string };
    quizzes: { post: { attempts: number; lastAttempt: { correct: number; total: number } | null } };
  };
}

/**
 * The download size the course page shows before she saves: her course as the server sends it
 * (what the page holds), weighed as the offline rules weigh a copy, in kB (MB from a million bytes).
 */
export async function expectedSize(
  request: APIRequestContext,
  member: Member,
  locale: Locale,
  courseId: string,
) {
  const res = await request.get(`/api/lms/get-course-by-id/${courseId}/${member.user.id}`, {
    headers: headers(member.token, locale),
  });
  expect(res.status()).toBe(200);
  const bytes = courseDownloadBytes((await res.json()) as MemberCourseDetail);
  const mega = bytes >= 1_000_000;
  const size = intls[locale].formatNumber(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  });
  return t(locale, 'learning.course.offline.size', { size });
}

/** The network cut for the pages and the service worker alike (Playwright 1.65 applies it to both). */
export const goOffline = (context: BrowserContext) => context.setOffline(true);
export const goOnline = (context: BrowserContext) => context.setOffline(false);

/** Waits until a service worker is active for the page (its precache installed, `activated`). */
export async function serviceWorkerActive(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? null))
    .toBe('activated');
}

/**
 * Makes the page ask for these files before its service worker is there and get them after the
 * worker has taken it over (as when she saves a course while the worker installs on a slow phone):
 * the worker's script waits until the page has asked for one of the files, and the files wait until
 * the worker is in charge. Set before the page is opened; the returned function lets them go.
 */
export async function askBeforeWorkerArriveAfter(context: BrowserContext, page: Page, files: RegExp) {
  let asked!: () => void;
  const filesAsked = new Promise<void>((resolve) => {
    asked = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let workerScriptHeld = false;
  await context.route(/\/sw\.js$/, async (route) => {
    workerScriptHeld = true;
    await filesAsked;
    await route.continue();
  });
  await page.route(files, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  return async () => {
    await filesAsked;
    await expect
      .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 15_000 })
      .toBe(true);
    expect(workerScriptHeld, "the worker's script waited for the page").toBe(true);
    release();
    await context.unroute(/\/sw\.js$/);
    await page.unroute(files);
  };
}

/**
 * Waits until every hashed file the page has loaded (/assets/: the shell, and the learning screens
 * the course page fetched when she saved) is in Cache Storage, where the service worker answers it
 * from with no network. (The worker caches what loaded before it was there on a message: going
 * offline before it has done so would cut those requests.)
 */
export async function assetsCached(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const urls = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name, location.href))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
            .map((u) => u.pathname);
          const missing: string[] = [];
          for (const url of new Set(urls)) if (!(await caches.match(url))) missing.push(url);
          return missing;
        }),
      { timeout: 15_000 },
    )
    .toEqual([]);
}

/** What this origin keeps on the device: IndexedDB names, Cache Storage names, /api/ URLs cached. */
export async function deviceStorage(page: Page) {
  return page.evaluate(async () => {
    const databases = (await indexedDB.databases()).map((d) => d.name ?? '');
    const cacheNames = await caches.keys();
    const apiUrls: string[] = [];
    for (const name of cacheNames) {
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        if (new URL(req.url).pathname.startsWith('/api/')) apiUrls.push(`${name}: ${req.url}`);
      }
    }
    return { databases, cacheNames, apiUrls };
  });
}

/** Nothing of hers on the device: no offline database, no member cache, no cached API answer. */
export async function expectNothingLeft(page: Page) {
  await expect
    .poll(async () => {
      const s = await deviceStorage(page);
      return {
        offlineDb: s.databases.includes(OFFLINE_DB_NAME),
        memberCaches: s.cacheNames.filter((n) => n.startsWith(MEMBER_CACHE_PREFIX)),
        apiUrls: s.apiUrls,
      };
    })
    .toEqual({ offlineDb: false, memberCaches: [], apiUrls: [] });
}

/** Chromium's own installability check (DevTools protocol): the list of its errors. */
export async function installabilityErrors(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string; errorArguments: { name: string; value: string }[] }[];
    };
    return installabilityErrors.map(
      (e) => `${e.errorId}${e.errorArguments.map((a) => ` ${a.name}=${a.value}`).join('')}`,
    );
  } finally {
    await cdp.detach();
  }
}

/**
 * Whether Chromium would install the app from `path`, asked in a profile of its own on disk: the
 * test's contexts are incognito ones, where Chromium answers `in-incognito` whatever the app does.
 * The page is opened, its service worker waited for (active, and in charge of the page after a
 * reload), then the check runs.
 */
export async function installabilityInProfile(
  playwright: { chromium: BrowserType },
  launchOptions: LaunchOptions,
  baseURL: string,
  path: string,
) {
  const dir = mkdtempSync(join(tmpdir(), 'amina-install-'));
  const context = await playwright.chromium.launchPersistentContext(dir, {
    ...launchOptions,
    baseURL,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(path);
    await serviceWorkerActive(page);
    await page.reload();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    return { controlled, errors: await installabilityErrors(context, page) };
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Answers the quick exit's neutral site (serve.mjs: a name no network resolves), as safety.spec does. */
export async function neutralSite(context: BrowserContext) {
  await context.route('https://neutral.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Weather</title><h1>Weather today</h1></html>',
    }),
  );
}
export const NEUTRAL = 'https://neutral.example/weather';
