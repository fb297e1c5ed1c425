import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '../../contract/commerce-rules';
import type { Slots } from '../../contract/consultations';
import { signInStaff, staffAccount, staffUrl } from './staff-support';
import { appReady, expectNoAxeViolations, phoneTag, registerMember } from './support';

/**
 * The expert portal of issue 26 in Chromium, one journey per language (English at 1280 px, Arabic
 * on the phone project): a member books and pays a medical consultation with this expert through
 * the API (her first and last name and birth date sealed); the expert signs in with her passkey,
 * sees the booking with the member's alias, opens the personal details after the audit warning
 * (the names the member gave), changes her hours and saves them, and sends a profile change for
 * approval. axe on each screen; screenshots in test-results/e2e-shots.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = `${root}test-results/e2e-shots`;
mkdirSync(SHOTS, { recursive: true });
const messages = (locale: 'en' | 'ar') =>
  JSON.parse(readFileSync(`${root}lang/${locale}.json`, 'utf8')) as Record<string, string>;

const CARD = {
  number: SANDBOX_TEST_CARDS.success,
  expiry: '12/30',
  cvc: '123',
  country: 'JO',
  postalCode: '11118',
};
const DETAILS = {
  en: { firstName: 'Mariam', lastName: 'Saleh', dateOfBirth: '1990-04-21' },
  ar: { firstName: 'مريم', lastName: 'صالح', dateOfBirth: '1988-09-02' },
};

/** A member books and pays the expert's first open 30-minute consultation (medical: her details sealed). */
async function bookMedical(request: APIRequestContext, expertId: string, locale: 'en' | 'ar') {
  const member = await registerMember(request);
  const headers = { Authorization: `Bearer ${member.token}`, 'Accept-Language': locale };
  const slots = (await (
    await request.get(`/api/p/experts/${expertId}/slots?offer=consult-30`)
  ).json()) as Slots;
  expect(slots.slots.length, 'an open slot').toBeGreaterThan(0);
  const pm = await request.post('/api/sandbox-pay/payment-methods', { data: CARD, headers });
  expect(pm.status(), await pm.text()).toBe(201);
  const hold = await request.post('/api/consultations/hold', {
    data: { expertId, offerId: 'consult-30', mode: 'video', startsAt: slots.slots[0] },
    headers,
  });
  expect(hold.status(), await hold.text()).toBe(201);
  const held = await hold.json();
  expect(held.medical, 'a medical consultation').toBe(true);
  const paid = await request.post(`/api/consultations/${held.id}/confirm`, {
    data: { paymentMethodId: (await pm.json()).id, details: DETAILS[locale] },
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return { alias: member.alias, bookingId: held.id as string };
}

async function look(page: Page, locale: string, name: string) {
  await appReady(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/staff-expert-${locale}-${name}.png`, fullPage: true });
}

for (const { locale, width } of [
  { locale: 'en', width: 1280 },
  { locale: 'ar', width: 390 },
] as const) {
  test(`the expert sees a booking, opens its details, changes her hours and her profile (${locale}, ${width} px)`, {
    tag: phoneTag(width),
  }, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const m = messages(locale);
    const account = staffAccount('expert', locale);
    const booked = await bookMedical(request, account.expertId!, locale);

    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    const page = await context.newPage();
    await signInStaff(page, account);
    await page.goto(staffUrl('/staff'));

    // her day: the booking with the member's alias, medical
    const row = page.locator(`[data-booking="${booked.bookingId}"]`);
    await expect(row.getByTestId('expert-booking-alias')).toHaveText(booked.alias, { timeout: 20_000 });
    await expect(row.getByTestId('expert-booking-medical')).toHaveText(m['staff.expert.row.medical']);
    await expect(page.getByTestId('expert-day-zone')).toBeVisible();
    await look(page, locale, '1-day');

    // the sealed details: the warning first, then the names the member gave
    await row.getByTestId('expert-details').click();
    const dialog = page.getByTestId('expert-details-dialog');
    await expect(dialog).toContainText(m['staff.expert.details.recorded']);
    await look(page, locale, '2-details-warning');
    await dialog.getByTestId('expert-details-open').click();
    await expect(dialog.getByTestId('expert-details-first')).toHaveText(DETAILS[locale].firstName);
    await expect(dialog.getByTestId('expert-details-last')).toHaveText(DETAILS[locale].lastName);
    await look(page, locale, '3-details');
    await dialog.getByTestId('expert-details-close').click();
    await expect(dialog).toHaveCount(0);

    // her hours: a range on Sunday, a longer break; saved
    await page.goto(staffUrl('/staff/hours'));
    await expect(page.getByTestId('hours-bufferMinutes')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('hours-sun-add').click();
    await page.getByTestId('hours-bufferMinutes').fill('20');
    await page.getByTestId('hours-save').click();
    await expect(page.getByTestId('hours-saved')).toHaveText(m['staff.expert.hours.saved']);
    await look(page, locale, '4-hours');

    // her profile: a new title in her language, sent for approval
    await page.goto(staffUrl('/staff/profile'));
    const title = page.getByTestId(`profile-${locale}-title`);
    await expect(title).toBeVisible({ timeout: 20_000 });
    await title.fill(locale === 'en' ? 'Gynaecologist and educator' : 'طبيبة ومثقِّفة صحية');
    await page.getByTestId('profile-submit').click();
    await expect(page.getByTestId('profile-sent')).toHaveText(m['staff.expert.profile.sent']);
    await expect(page.getByTestId('profile-pending')).toBeVisible();
    await look(page, locale, '5-profile');
    await context.close();
  });
}
