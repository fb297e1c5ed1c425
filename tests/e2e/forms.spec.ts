import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { appReady, chooseOption, expectNoAxeViolations, PHONE, useLanguage } from './support';

/**
 * The public forms in Chromium (issue 9): the contact form refused empty then sent (English,
 * 1280 px), the expert application with a real PDF (Arabic, 390 px) and an anonymous report of a
 * concern; axe on each page, with the problems shown and after sending.
 */
const CV = join(import.meta.dirname, '../fixtures/cv.pdf');

test.describe('public forms', () => {
  test('contact, English at 1280 px: an empty submit names each problem, then the message is sent', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/contact');
    await appReady(page);
    const form = page.getByTestId('form-contact');
    await expect(form).toBeVisible();
    await expect(page.getByLabel('How can we reply?')).toHaveAccessibleDescription(
      /Leave it empty to stay anonymous/,
    );

    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('form-problems')).toHaveText(/2 fields need your attention/);
    const subject = page.getByLabel('Subject');
    await expect(subject).toBeFocused();
    await expect(subject).toHaveAttribute('aria-invalid', 'true');
    await expect(subject).toHaveAccessibleDescription('Please write what your message is about.');
    await expect(page.getByLabel('Your message')).toHaveAccessibleDescription(/Please write your message\./);
    await expectNoAxeViolations(page);

    await subject.fill('Hi');
    await page.getByLabel('Your message').fill('Where can I find the course on menopause?');
    await expect(subject).toHaveAccessibleDescription('Please write at least 3 characters.');
    await subject.fill('A question about a course');
    await expect(subject).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('How can we reply?').fill('not a way to reach me');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByLabel('How can we reply?')).toBeFocused();
    await expect(page.getByLabel('How can we reply?')).toHaveAccessibleDescription(
      /Please enter an e-mail address/,
    );
    await page.getByLabel('How can we reply?').fill('');

    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms/contact') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).status()).toBe(201);
    const done = page.getByTestId('form-sent');
    await expect(done).toBeFocused();
    await expect(done).toContainText('Thank you, your message has been sent');
    await expectNoAxeViolations(page);
  });

  test('expert application, Arabic at 390 px: a real PDF CV, checked, sent and confirmed', {
    tag: PHONE,
  }, async ({ page, context }) => {
    await useLanguage(context, 'ar');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/experts/apply');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'اترك أثرًا' })).toBeVisible();
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const form = page.getByTestId('form-expert-application');
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page.getByTestId('form-problems')).toContainText('بحاجة إلى مراجعة');
    await expect(page.getByLabel('الاسم الكامل')).toBeFocused();
    await expect(page.getByTestId('error-cv')).toHaveText('يُرجى إرفاق السيرة الذاتية بصيغة PDF.');
    await expectNoAxeViolations(page);

    await page.getByLabel('الاسم الكامل').fill('د. هناء صالح');
    await page.getByLabel('البريد الإلكتروني').fill('hana@example.org');
    await chooseOption(page, form.getByTestId('field-profession'), 'قابلة');
    await page.getByLabel('التخصص').fill('رعاية الحوامل');
    await form.getByText('العربية والإنجليزية').click();
    await page.getByLabel('سنوات الممارسة').fill('12');
    await page.getByLabel('الترخيص أو رقم القيد المهني').fill('JMC-12345');
    await page
      .getByLabel('لماذا تودّ العمل مع أمينة؟')
      .fill('أعمل قابلةً منذ اثني عشر عامًا، وأودّ أن أساعد النساء على فهم أجسادهن قبل الحمل وأثناءه وبعده.');
    await form.locator('input[type="file"]').setInputFiles(CV);
    await expect(page.getByTestId('cv-file')).toContainText('cv.pdf');
    await expect(page.getByTestId('error-cv')).toHaveCount(0);

    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms/expert-application') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(response.request().headers()['accept-language']).toBe('ar');
    const done = page.getByTestId('form-sent');
    await expect(done).toBeFocused();
    await expect(done).toContainText('شكرًا لك، أُرسل طلبك');
    await expectNoAxeViolations(page);
  });

  test('report a concern anonymously: only what it is about and what happened', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/report-a-concern');
    await appReady(page);
    const form = page.getByTestId('form-concern');
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);
    await chooseOption(page, form.getByTestId('field-topic'), "An expert's behaviour");
    await page
      .getByLabel('What happened?')
      .fill('The expert made jokes about my question during the video consultation.');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/forms/concern') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send report' }).click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const body = response.request().postDataJSON();
    expect(body).toMatchObject({ topic: 'expert', when: '', replyTo: '' });
    expect(body).not.toHaveProperty('website');
    await expect(page.getByTestId('form-sent')).toContainText('Thank you for telling us');
    await expectNoAxeViolations(page);
  });
});
