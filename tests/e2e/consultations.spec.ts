import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules';
import { refundParts } from '../../contract/consultation-rules';
import type { Slots } from '../../contract/consultations';
import { formatMoney } from '../../src/views/courses/format';
import {
  appReady,
  expectNoAxeViolations,
  fillCard,
  registerMember,
  storeSession,
  useLanguage,
} from './support';

/**
 * Expert consultations end to end (issue 10), in English at 1280 px (the browser in Riyadh) and in
 * Arabic (RTL) at 390 px (the browser in Cairo), each with a fresh member: on an expert's page a
 * paid 30-minute video consultation more than 3 days ahead, its slot found by its day tab and time
 * (in her own zone), her details when the consultation is medical, the 10-minute hold's countdown,
 * the card paid; then My consultations from the header or the dashboard home: the booking with its
 * invoice (downloaded), cancelled with the full refund stated first and the credit note beside the
 * invoice; a second paid booking between 24 and 48 hours ahead (made through the API: any expert
 * with a slot there, the real clock) cancelled at 50 %; axe on the booking panel, each step and the
 * page. Screenshots of every step go to test-results/e2e-shots.
 */

type Locale = 'en' | 'ar';
type ExpertFile = {
  id: string;
  modes: string[];
  specialty: string;
  published?: boolean;
  en: { name: string };
  ar: { name: string };
};

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
const EXPERTS = readdirSync(`${root}server/content/experts`)
  .filter((f) => f.endsWith('.json'))
  .map((f) => readJson<ExpertFile>(`server/content/experts/${f}`))
  .filter((e) => e.published !== false && e.modes.includes('video'));

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
async function shot(page: Page, locale: Locale, name: string) {
  await page.screenshot({ path: `${SHOTS}/consultations-${locale}-${name}.png`, fullPage: true });
}

const HOUR = 3_600_000;
const CARD = {
  number: SANDBOX_TEST_CARDS.success,
  expiry: '12/30',
  cvc: '123',
  country: 'JO',
  postalCode: '11118',
};

/** The first open slot of an offer in [minHours, maxHours) from now, among the experts who offer video. */
async function findSlot(
  request: APIRequestContext,
  offer: string,
  minHours: number,
  maxHours: number,
  prefer?: (e: ExpertFile) => boolean,
) {
  const ordered = prefer ? [...EXPERTS.filter(prefer), ...EXPERTS.filter((e) => !prefer(e))] : EXPERTS;
  for (const expert of ordered) {
    const res = await request.get(`/api/p/experts/${expert.id}/slots?offer=${offer}`);
    if (!res.ok()) continue;
    const slots = (await res.json()) as Slots;
    const now = Date.now();
    const slot = slots.slots.find((s) => {
      const ahead = Date.parse(s) - now;
      return ahead >= minHours * HOUR && ahead < maxHours * HOUR;
    });
    if (slot) return { expert, slot, slots };
  }
  throw new Error(`no ${offer} slot between ${minHours} and ${maxHours} hours ahead for any expert`);
}

/** The calendar day of an instant in a zone (the panel's day tabs). */
function dayIn(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

const SCREENS = [
  { locale: 'en', width: 1280, height: 900, timeZone: 'Asia/Riyadh' },
  { locale: 'ar', width: 390, height: 844, timeZone: 'Africa/Cairo' },
] as const;

for (const { locale, width, height, timeZone } of SCREENS) {
  test.describe(`consultations (${locale}, ${width} px)`, () => {
    test.use({ timezoneId: timeZone, viewport: { width, height } });

    test(`books and pays a video consultation, sees it with its invoice, cancels it at 100 % and another at 50 % (${locale})`, async ({
      page,
      context,
      request,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      // more than 3 days ahead (the full refund), a doctor first: her details are asked
      const first = await findSlot(request, 'consult-30', 74, 24 * 27, (e) =>
        ['gynaecology', 'endocrinology', 'general-practice'].includes(e.specialty),
      );
      const name = first.expert[locale].name;

      // ------------------------------------------------------------ a visitor is asked to sign in first
      await useLanguage(context, locale);
      await page.goto(`/experts/${first.expert.id}`);
      await appReady(page);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
      const panel = page.getByTestId('booking-panel');
      await expect(panel.getByRole('heading', { name: t(locale, 'booking.title') })).toBeVisible();
      await expect(panel.getByTestId('booking-days')).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByTestId('booking-continue')).toHaveText(t(locale, 'booking.signIn.action'));
      await panel.getByTestId('booking-continue').click();
      await expect(page).toHaveURL(
        new RegExp(`/login\\?next=${encodeURIComponent(`/experts/${first.expert.id}`)}`),
      );

      // ------------------------------------------------------------ a member: offer, mode, day and time
      const member = await registerMember(request);
      await storeSession(context, baseURL!, member);
      await page.goto(`/experts/${first.expert.id}`);
      await appReady(page);
      await expect(panel.getByTestId('booking-days')).toBeVisible({ timeout: 20_000 });
      // her zone, as her language names its offset ("GMT+3", "غرينتش+2")
      const offset = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'shortOffset' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')!.value;
      await expect(panel.getByTestId('booking-zones')).toContainText(offset);
      await expectNoAxeViolations(page);
      await panel.getByTestId('booking-offer-consult-30').click();
      await panel
        .getByTestId('booking-mode')
        .getByText(t(locale, 'booking.mode.video'), { exact: true })
        .click();
      const day = panel.locator(`[data-day="${dayIn(first.slot, timeZone)}"]`);
      await day.scrollIntoViewIfNeeded();
      await day.click();
      await expect(day).toHaveAttribute('aria-selected', 'true');
      const time = panel.locator(`[data-slot="${first.slot}"]`);
      await time.click();
      await expect(time).toHaveAttribute('data-state', 'checked');
      const expectedTime = intls[locale].formatTime(first.slot, {
        hour: 'numeric',
        minute: '2-digit',
        timeZone,
      });
      await expect(time).toContainText(expectedTime);
      await panel.scrollIntoViewIfNeeded();
      await shot(page, locale, '01-choose');
      await panel.getByTestId('booking-continue').click();

      // ------------------------------------------------------------ her details (a medical consultation)
      await expect(panel.getByTestId('booking-details')).toBeVisible({ timeout: 20_000 });
      await expect(panel.getByTestId('booking-countdown')).toContainText(/^(10:00|9:\d\d)/);
      await expect(panel.getByTestId('booking-details')).toContainText(
        t(locale, 'booking.details.why.title'),
      );
      await panel.getByTestId('booking-submit').click();
      await expect(panel.getByText(t(locale, 'booking.details.error.firstName.REQUIRED'))).toBeVisible();
      await expect(panel.getByTestId('booking-first-name')).toBeFocused();
      await panel.getByTestId('booking-first-name').fill('Mariam');
      await panel.getByTestId('booking-last-name').fill('Saleh');
      const young = new Date();
      await panel.getByTestId('booking-dob').fill(`${young.getFullYear() - 16}-01-15`);
      await panel.getByTestId('booking-submit').click();
      await expect(panel.getByText(t(locale, 'booking.details.error.MUST_BE_ADULT'))).toBeVisible();
      await panel.getByTestId('booking-dob').fill('1990-04-21');
      await expectNoAxeViolations(page);
      await shot(page, locale, '02-details');
      await panel.getByTestId('booking-submit').click();

      // ------------------------------------------------------------ pay
      await expect(panel.getByTestId('booking-pay')).toBeVisible();
      const total = first.slots.price.total;
      await expect(panel.getByTestId('booking-total')).toHaveText(money(locale, total));
      await fillCard(page, locale, CARD.number);
      await expectNoAxeViolations(page);
      await shot(page, locale, '03-pay');
      await panel.getByTestId('booking-submit').click();
      const confirmed = panel.getByTestId('booking-confirmed');
      await expect(confirmed).toBeVisible({ timeout: 30_000 });
      await expect(confirmed.getByTestId('booking-invoice')).toContainText(/INV-\d{4}-\d{6}/);
      await expectNoAxeViolations(page);
      await shot(page, locale, '04-confirmed');

      // ------------------------------------------------------------ My consultations
      if (width >= 768) {
        await page.getByTestId('header-consultations').click();
      } else {
        await page.goto('/dashboard');
        await appReady(page);
        await page.getByTestId('dashboard-consultations-link').click();
      }
      await expect(page).toHaveURL(/\/dashboard\/consultations$/);
      await expect(page.getByTestId('page-title')).toHaveText(t(locale, 'consultations.title'));
      const upcoming = page.getByTestId('consultations-upcoming').getByTestId('consultation');
      await expect(upcoming).toHaveCount(1, { timeout: 20_000 });
      await expect(upcoming).toContainText(name);
      await expect(upcoming.getByTestId('consultation-what')).toContainText(t(locale, 'booking.mode.video'));
      await expect(upcoming.getByTestId('consultation-price')).toContainText(money(locale, total));
      await expect(upcoming.getByTestId('consultation-join')).toBeDisabled();
      const invoice = upcoming.getByTestId('consultation-invoice');
      await expect(invoice).toContainText(/INV-\d{4}-\d{6}/);
      const download = page.waitForEvent('download');
      await invoice.click();
      expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
      await expectNoAxeViolations(page);
      await shot(page, locale, '05-mine');

      // ------------------------------------------------------------ cancel 3+ days ahead: 100 %
      await upcoming.getByTestId('consultation-cancel').click();
      const dialog = page.getByTestId('cancel-dialog');
      await expect(dialog.getByTestId('cancel-refund')).toHaveText(
        t(locale, 'consultations.cancel.refund', { percent: 100, amount: money(locale, total) }),
        { timeout: 20_000 },
      );
      await expectNoAxeViolations(page);
      await shot(page, locale, '06-cancel-full');
      await dialog.getByTestId('cancel-confirm').click();
      await expect(dialog.getByTestId('cancel-credit-note')).toContainText(/CN-\d{4}-\d{6}/, {
        timeout: 20_000,
      });
      await dialog.getByTestId('cancel-close').click();
      await expect(dialog).toHaveCount(0);
      const cancelled = page.getByTestId('consultations-cancelled').getByTestId('consultation');
      await expect(cancelled).toHaveCount(1);
      await expect(cancelled.getByTestId('consultation-refund')).toHaveText(
        t(locale, 'consultations.refunded', { percent: 100, amount: money(locale, total) }),
      );
      await expect(cancelled.getByTestId('consultation-invoice')).toBeVisible();
      await expect(cancelled.getByTestId('consultation-credit-note')).toContainText(/CN-\d{4}-\d{6}/);
      await expect(page.getByTestId('consultations-upcoming').getByTestId('consultation')).toHaveCount(0);

      // ------------------------------------------------------------ a second, 24 to 48 hours ahead: 50 %
      const second = await findSlot(request, 'consult-30', 25, 47);
      const headers = { Authorization: `Bearer ${member.token}` };
      const pm = await request.post('/api/sandbox-pay/payment-methods', { data: CARD, headers });
      expect(pm.status(), await pm.text()).toBe(201);
      const hold = await request.post('/api/consultations/hold', {
        data: { expertId: second.expert.id, offerId: 'consult-30', mode: 'video', startsAt: second.slot },
        headers,
      });
      expect(hold.status(), await hold.text()).toBe(201);
      const held = await hold.json();
      const paid = await request.post(`/api/consultations/${held.id}/confirm`, {
        data: {
          paymentMethodId: (await pm.json()).id,
          ...(held.medical
            ? { details: { firstName: 'Mariam', lastName: 'Saleh', dateOfBirth: '1990-04-21' } }
            : {}),
        },
        headers: { ...headers, 'Idempotency-Key': randomUUID() },
      });
      expect(paid.status(), await paid.text()).toBe(201);
      await page.reload();
      await appReady(page);
      const soon = page.getByTestId('consultations-upcoming').getByTestId('consultation');
      await expect(soon).toHaveCount(1, { timeout: 20_000 });
      await soon.getByTestId('consultation-cancel').click();
      const half = refundParts(second.slots.price, 50).total;
      await expect(dialog.getByTestId('cancel-refund')).toHaveText(
        t(locale, 'consultations.cancel.refund', { percent: 50, amount: money(locale, half) }),
        { timeout: 20_000 },
      );
      await shot(page, locale, '07-cancel-half');
      await dialog.getByTestId('cancel-confirm').click();
      await expect(dialog.getByTestId('cancel-credit-note')).toContainText(/CN-\d{4}-\d{6}/, {
        timeout: 20_000,
      });
      await dialog.getByTestId('cancel-close').click();
      const both = page.getByTestId('consultations-cancelled').getByTestId('consultation');
      await expect(both).toHaveCount(2);
      await expect(both.first().getByTestId('consultation-refund')).toHaveText(
        t(locale, 'consultations.refunded', { percent: 50, amount: money(locale, half) }),
      );
      await expectNoAxeViolations(page);
      await shot(page, locale, '08-cancelled');
    });
  });
}
