import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { expect, type Page, test } from '@playwright/test';
import { formatMoney } from '../../src/views/courses/format';
import {
  appReady,
  chooseOption,
  expectNoAxeViolations,
  PHONE_PROFILE,
  phoneTag,
  useLanguage,
} from './support';

/**
 * The experts directory end to end (issue 9), in English at 1280 px and in Arabic (RTL) at 390 px:
 * /experts lists the published experts of the content files; filtering by specialty (Ark Select)
 * and by video calls (Ark SegmentGroup) narrows the cards and is kept in the address (reload,
 * Back); an expert's page shows her qualifications and consultations with their prices, the free
 * discovery call and the booking panel, and links to her course; axe on both pages.
 */

type Locale = 'en' | 'ar';
interface ExpertFile {
  id: string;
  order: number;
  published: boolean;
  specialty: string;
  modes: string[];
  offers: { id: string; kind: string; minutes: number; price: number }[];
  en: { name: string; title: string; qualifications: string[] };
  ar: { name: string; title: string; qualifications: string[] };
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
const experts = readdirSync(`${root}server/content/experts`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readJson<ExpertFile>(`server/content/experts/${f}`))
  .filter((e) => e.published)
  .sort((a, b) => a.order - b.order);
const course = readJson<{ expert: string; en: { title: string }; ar: { title: string } }>(
  'server/content/courses/menopause-care/course.json',
);

const intls = {
  en: createIntl({ locale: 'en', messages: readJson<Record<string, string>>('lang/en.json') }),
  ar: createIntl({ locale: 'ar', messages: readJson<Record<string, string>>('lang/ar.json') }),
};
function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}
const money = (locale: Locale, cents: number) => formatMoney(intls[locale], cents);
const fromPrice = (e: ExpertFile) => Math.min(...e.offers.filter((o) => o.price > 0).map((o) => o.price));

async function expectCards(page: Page, locale: Locale, list: ExpertFile[]) {
  const cards = page.getByTestId('experts-list').getByTestId('expert-card');
  await expect(cards).toHaveCount(list.length);
  for (const [i, e] of list.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('link', { name: e[locale].name })).toHaveAttribute(
      'href',
      `/experts/${e.id}`,
    );
    await expect(card.getByTestId('from-price')).toContainText(money(locale, fromPrice(e)));
  }
}

for (const { locale, width, height } of [
  { locale: 'en' as const, width: 1280, height: 900 },
  { locale: 'ar' as const, width: 390, height: 844 },
]) {
  test(`experts directory and a profile (${locale}, ${width} px)`, { tag: phoneTag(width) }, async ({
    browser,
    baseURL,
  }) => {
    const phone = phoneTag(width).length > 0 ? PHONE_PROFILE : {};
    const context = await browser.newContext({ ...phone, baseURL, viewport: { width, height } });
    await useLanguage(context, locale);
    const page = await context.newPage();

    // the directory: every published expert, in display order
    await page.goto('/experts');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: t(locale, 'experts.title') })).toBeVisible();
    expect(experts.length).toBeGreaterThanOrEqual(8);
    await expectCards(page, locale, experts);
    await expect(page).toHaveTitle(new RegExp(t(locale, 'experts.meta.title')));
    await expect(page.getByRole('link', { name: t(locale, 'experts.apply.action') })).toHaveAttribute(
      'href',
      '/experts/apply',
    );
    await expectNoAxeViolations(page);

    // by specialty: Ark Select
    await chooseOption(page, page.getByTestId('filter-specialty'), t(locale, 'experts.specialty.psychology'));
    await expect(page).toHaveURL(/\/experts\?specialty=psychology$/);
    const psychologists = experts.filter((e) => e.specialty === 'psychology');
    expect(psychologists.length).toBeGreaterThanOrEqual(2);
    await expectCards(page, locale, psychologists);

    // and by video: Ark SegmentGroup; the address keeps both, a reload too
    await page
      .getByTestId('filter-mode')
      .getByText(t(locale, 'experts.filters.mode.video'), { exact: true })
      .click();
    await expect(page).toHaveURL(/\/experts\?specialty=psychology&mode=video$/);
    await expectCards(
      page,
      locale,
      psychologists.filter((e) => e.modes.includes('video')),
    );
    await page.reload();
    await appReady(page);
    await expect(page.getByTestId('filter-specialty')).toContainText(
      t(locale, 'experts.specialty.psychology'),
    );
    await expect(
      page.getByTestId('filter-mode').getByRole('radio', { name: t(locale, 'experts.filters.mode.video') }),
    ).toBeChecked();

    // video alone (Any specialty), then Back to psychology and video
    await chooseOption(
      page,
      page.getByTestId('filter-specialty'),
      t(locale, 'experts.filters.specialty.all'),
    );
    await expect(page).toHaveURL(/\/experts\?mode=video$/);
    const video = experts.filter((e) => e.modes.includes('video'));
    expect(video.length).toBeLessThan(experts.length);
    await expectCards(page, locale, video);
    await page.goBack();
    await expect(page).toHaveURL(/specialty=psychology&mode=video$/);
    await expectCards(
      page,
      locale,
      psychologists.filter((e) => e.modes.includes('video')),
    );

    // a combination no one matches, and Clear filters
    const nobody = experts.some((e) => e.specialty === 'nutrition' && e.modes.includes('voice'));
    expect(nobody).toBe(false);
    await page.goto('/experts?specialty=nutrition&mode=voice');
    await appReady(page);
    const empty = page.getByTestId('experts-empty');
    await expect(empty.getByRole('heading', { name: t(locale, 'experts.empty.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await empty.getByRole('button', { name: t(locale, 'experts.filters.clear') }).click();
    await expect(page).toHaveURL(/\/experts$/);
    await expectCards(page, locale, experts);

    // her page: open the menopause course's consultant from her card
    const expert = experts.find((e) => e.id === course.expert)!;
    await page.getByRole('link', { name: expert[locale].name }).click();
    await expect(page).toHaveURL(new RegExp(`/experts/${expert.id}$`));
    const profile = page.getByTestId('expert-profile');
    await expect(profile.getByRole('heading', { level: 1, name: expert[locale].name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(expert[locale].name));
    for (const q of expert[locale].qualifications)
      await expect(profile.getByTestId('expert-qualifications')).toContainText(q);
    await expect(profile.getByTestId('offer-discovery-15')).toContainText(
      t(locale, 'experts.profile.offer.free'),
    );
    for (const offer of expert.offers.filter((o) => o.price > 0))
      await expect(profile.getByTestId(`offer-${offer.id}`)).toContainText(money(locale, offer.price));
    // booking (issue 10): the panel (tests/e2e/consultations.spec.ts books through it)
    await expect(profile.getByTestId('booking-panel')).toContainText(t(locale, 'booking.title'));
    await expect(profile.getByRole('link', { name: course[locale].title })).toHaveAttribute(
      'href',
      '/courses/menopause-care',
    );
    await expectNoAxeViolations(page);

    // back to the directory; an unknown expert is a not-found page
    await page
      .getByRole('link', { name: t(locale, 'experts.profile.back') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/experts$/);
    await page.goto('/experts/nobody-here');
    await appReady(page);
    await expect(
      page.getByRole('heading', { level: 1, name: t(locale, 'experts.profile.notFound.title') }),
    ).toBeVisible();

    await context.close();
  });
}

test('the course page links its related consultant to her page, and the home page shows our experts', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await useLanguage(context, 'en');
  const page = await context.newPage();
  const expert = experts.find((e) => e.id === course.expert)!;
  await page.goto('/courses/menopause-care');
  await appReady(page);
  await page.getByRole('tab', { name: t('en', 'learning.course.tabs.expert') }).click();
  await page.getByTestId('expert-profile-link').click();
  await expect(page).toHaveURL(new RegExp(`/experts/${expert.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: expert.en.name })).toBeVisible();

  await page.goto('/');
  await appReady(page);
  const featured = page.getByTestId('featured-experts');
  await expect(featured.getByRole('heading', { name: t('en', 'experts.featured.title') })).toBeVisible();
  const cards = featured.getByTestId('expert-card');
  await expect(cards).toHaveCount(4);
  await expect(cards.first().getByRole('link', { name: experts[0].en.name })).toBeVisible();
  await featured.getByRole('link', { name: t('en', 'experts.featured.all') }).click();
  await expect(page).toHaveURL(/\/experts$/);
  await context.close();
});
