import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { expect, type Page, test } from '@playwright/test';
import { appReady, expectNoAxeViolations, useLanguage } from './support';

/**
 * The articles end to end on the real server and content: the list, paging with Back, a search
 * that finds an article (in Arabic, through a spelling variant), the article itself with its
 * note and related courses, a search that finds nothing and suggests courses, and the front
 * page's latest articles; in English at 1280 px and in Arabic (RTL) at 390 px, with axe.
 */
type Locale = 'en' | 'ar';
type Meta = {
  id: string;
  published: boolean;
  publishedOn: string;
  en: { title: string };
  ar: { title: string };
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
const ARTICLES = readdirSync(`${root}server/content/articles`)
  .map((id) => readJson<Meta>(`server/content/articles/${id}/article.json`))
  .filter((a) => a.published)
  .sort((a, b) => b.publishedOn.localeCompare(a.publishedOn) || a.id.localeCompare(b.id));
const byId = (id: string) => ARTICLES.find((a) => a.id === id)!;
const course = (id: string) =>
  readJson<{ en: { title: string }; ar: { title: string } }>(`server/content/courses/${id}/course.json`);

const intls = {
  en: createIntl({ locale: 'en', messages: readJson<Record<string, string>>('lang/en.json') }),
  ar: createIntl({ locale: 'ar', messages: readJson<Record<string, string>>('lang/ar.json') }),
};
function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}

const SHOTS = fileURLToPath(new URL('../../test-results/e2e-shots', import.meta.url));
async function shot(page: Page, locale: Locale, name: string) {
  await page.screenshot({ path: `${SHOTS}/articles-${locale}-${name}.png`, fullPage: true });
}

const cards = (page: Page) => page.getByTestId('articles-list').getByTestId('article-card');
const searchBox = (page: Page, l: Locale) =>
  page.getByRole('searchbox', { name: t(l, 'articles.search.label') });

for (const [locale, width, height] of [
  ['en', 1280, 900],
  ['ar', 390, 844],
] as const) {
  test.describe(`articles in ${locale === 'en' ? 'English' : 'Arabic'} at ${width} px`, () => {
    test.beforeEach(async ({ page, context }) => {
      await page.setViewportSize({ width, height });
      await useLanguage(context, locale);
    });

    test('the list pages in the address, a search with a spelling variant finds the article, which opens', async ({
      page,
    }) => {
      await page.goto('/articles');
      await appReady(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      await expect(
        page.getByRole('heading', { level: 1, name: t(locale, 'articles.list.title') }),
      ).toBeVisible();
      await expect(cards(page)).toHaveCount(10);
      await expect(cards(page).first().getByRole('link')).toHaveText(ARTICLES[0][locale].title);
      await expect(page.getByTestId('articles-status')).toHaveText(
        t(locale, 'articles.list.count', { count: ARTICLES.length }),
      );
      await expect(page.getByText(t(locale, 'learning.disclaimer'))).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(t(locale, 'articles.meta.title')));
      await expectNoAxeViolations(page);
      await shot(page, locale, 'list');

      // paging: page 2 in the address, Back to page 1
      const pager = page.getByRole('navigation', { name: t(locale, 'articles.list.pages') });
      await pager.getByRole('button', { name: t(locale, 'learning.catalogue.pages.next') }).click();
      await expect(page).toHaveURL(/\/articles\?page=2$/);
      await expect(cards(page)).toHaveCount(ARTICLES.length - 10);
      await expect(cards(page).first().getByRole('link')).toHaveText(ARTICLES[10][locale].title);
      await page.goBack();
      await expect(page).toHaveURL(/\/articles$/);
      await expect(cards(page).first().getByRole('link')).toHaveText(ARTICLES[0][locale].title);

      // a search typed with another spelling (ه for ة) or in another case finds the article
      const [words, wanted] =
        locale === 'ar'
          ? ['التهاب المسالك البوليه', 'urinary-tract-infections']
          : ['Emergency CONTRACEPTION', 'emergency-contraception'];
      await searchBox(page, locale).fill(words);
      await expect(page).toHaveURL(
        new RegExp(`search=${encodeURIComponent(words).replace(/%20/g, '(\\+|%20)')}`),
      );
      await expect(cards(page).first().getByRole('link')).toHaveText(byId(wanted)[locale].title);
      await expect(page.getByTestId('articles-status')).toContainText(words);
      await shot(page, locale, 'search');

      // the result page can be shared: opening its address shows the same search
      await page.reload();
      await appReady(page);
      await expect(searchBox(page, locale)).toHaveValue(words);
      await expect(cards(page).first().getByRole('link')).toHaveText(byId(wanted)[locale].title);

      await cards(page).first().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/articles/${wanted}$`));
      const article = page.getByTestId('article');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText(byId(wanted)[locale].title);
      await expect(article.getByText(t(locale, 'learning.disclaimer'))).toBeVisible();
      await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page).toHaveTitle(
        new RegExp(byId(wanted)[locale].title.slice(0, 20).replace(/[?()]/g, '.')),
      );
      const related = article.getByTestId('article-related');
      const relatedIds = readJson<{ relatedCourses: string[] }>(
        `server/content/articles/${wanted}/article.json`,
      ).relatedCourses;
      await expect(related.getByRole('link')).toHaveCount(relatedIds.length);
      await expect(related.getByRole('link').first()).toHaveAttribute('href', `/courses/${relatedIds[0]}`);
      await expect(related.getByRole('link').first()).toContainText(course(relatedIds[0])[locale].title);
      // readable on a phone: the text never runs wider than the screen, nor than ~75 characters
      const bodyBox = await page.getByTestId('lesson-body').boundingBox();
      expect(bodyBox!.width).toBeLessThanOrEqual(Math.min(width, 760));
      await expectNoAxeViolations(page);
      await shot(page, locale, 'article');

      // Back returns to the search results
      await page.goBack();
      await expect(searchBox(page, locale)).toHaveValue(words);
      await expect(cards(page).first().getByRole('link')).toHaveText(byId(wanted)[locale].title);
    });

    test('a search that finds nothing says so and suggests courses; an unknown article is a 404 page', async ({
      page,
    }) => {
      await page.goto('/articles');
      await appReady(page);
      const words = locale === 'ar' ? 'زرافة طائرة' : 'xylophone quartz';
      await searchBox(page, locale).fill(words);
      await searchBox(page, locale).press('Enter');
      const none = page.getByTestId('articles-no-results');
      await expect(
        none.getByRole('heading', { name: t(locale, 'articles.noResults.title', { search: words }) }),
      ).toBeVisible();
      await expect(page.getByTestId('articles-status')).toHaveText(
        t(locale, 'articles.noResults.title', { search: words }),
      );
      const suggestion = none.getByRole('link', { name: course('menstrual-cycle')[locale].title });
      await expect(suggestion).toHaveAttribute('href', '/courses/menstrual-cycle');
      await expectNoAxeViolations(page);
      await shot(page, locale, 'no-results');
      await suggestion.click();
      await expect(page).toHaveURL(/\/courses\/menstrual-cycle$/);

      await page.goto('/articles/no-such-article');
      await appReady(page);
      const gone = page.getByTestId('article-not-found');
      await expect(
        gone.getByRole('heading', { level: 1, name: t(locale, 'articles.article.notFound.title') }),
      ).toBeVisible();
      await gone.getByRole('link', { name: t(locale, 'articles.article.back') }).click();
      await expect(page).toHaveURL(/\/articles$/);
      await expect(cards(page)).toHaveCount(10);
    });

    test('the front page shows the three newest articles', async ({ page }) => {
      await page.goto('/');
      await appReady(page);
      const latest = page.getByTestId('latest-articles');
      await expect(
        latest.getByRole('heading', { level: 2, name: t(locale, 'articles.latest.title') }),
      ).toBeVisible();
      await expect(latest.getByTestId('article-card')).toHaveCount(3);
      for (const [i, a] of ARTICLES.slice(0, 3).entries())
        await expect(latest.getByTestId('article-card').nth(i).getByRole('link')).toHaveText(a[locale].title);
      await latest.getByRole('link', { name: t(locale, 'articles.latest.all') }).click();
      await expect(page).toHaveURL(/\/articles$/);
    });
  });
}
