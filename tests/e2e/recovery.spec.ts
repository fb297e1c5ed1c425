import { expect, type Page, test } from '@playwright/test';
import { ANSWERS, appReady, expectNoAxeViolations, registerMember, useLanguage } from './support';

/** Types a PIN into Ark PinInput boxes: focus the first box, the input moves on by itself. */
async function typePin(page: Page, testId: string, pin: string) {
  await page.getByTestId(testId).locator('input:not([type=hidden])').first().click();
  await page.keyboard.type(pin);
}

test.describe('PIN recovery', () => {
  test('recovers the PIN through the questions: the new PIN works and the old one does not', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/login');
    await appReady(page);
    await page.getByLabel('Alias').fill(member.alias);
    await page.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(page).toHaveURL(/\/forgot-pin$/);
    await expect(page.getByTestId('forgot-progress')).toHaveText('Step 1 of 3');
    await expect(page.getByLabel('Alias')).toHaveValue(member.alias);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByTestId('forgot-progress')).toHaveText('Step 2 of 3');
    const answers = page.getByRole('textbox');
    await expect(answers).toHaveCount(3);
    // empty answers are refused before the server is asked
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(page.getByText('Please answer all questions')).toBeVisible();
    // wrong answers say so, with the same fixed sentence about pauses (no count a stranger could read)
    for (let i = 0; i < 3; i++) await answers.nth(i).fill('wrong answer');
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await expect(page.getByTestId('forgot-error')).toContainText('Those answers do not match our records.');
    await expect(page.getByTestId('forgot-error')).toContainText('recovery pauses for a while');
    await expect(page.getByTestId('forgot-error')).not.toContainText('attempts left');
    // the member's honest answers, typed loosely (case and spaces do not matter)
    await answers.nth(0).fill(`  ${ANSWERS[0].answer.toUpperCase()} `);
    await answers.nth(1).fill(ANSWERS[1].answer.toLowerCase());
    await answers.nth(2).fill(ANSWERS[2].answer.replace(' ', '   '));
    await page.getByRole('button', { name: 'Check my answers' }).click();

    await expect(page.getByTestId('forgot-progress')).toHaveText('Step 3 of 3');
    await typePin(page, 'new-pin', '739164');
    await typePin(page, 'new-pin-confirm', '739164');
    await page.getByRole('button', { name: 'Reset PIN' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your PIN has been reset. Sign in with your new PIN.')).toBeVisible();
    await expect(page.getByLabel('Alias')).toHaveValue(member.alias);
    // the old PIN no longer works, the new one does
    await page.getByLabel('PIN', { exact: true }).fill(member.pin);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-error')).toContainText('That alias and PIN do not match.');
    await page.getByLabel('PIN', { exact: true }).fill('739164');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    // and the token from before the reset was ended with every other session
    const old = await request.get('/api/users/profile', {
      headers: { Authorization: `Bearer ${member.token}` },
    });
    expect(old.status()).toBe(401);
  });

  test('an unknown alias says so, in Arabic too, and Cancel returns to sign in', async ({
    page,
    context,
  }) => {
    await useLanguage(context, 'ar');
    await page.goto('/forgot-pin');
    await appReady(page);
    await page.getByLabel('الاسم المستعار').fill('nobody_by_this_name');
    await page.getByRole('button', { name: 'متابعة' }).click();
    await expect(page.getByTestId('forgot-error')).toContainText('لم يُعثر على مستخدمة بهذا الاسم المستعار');
    await page.getByTestId('forgot-cancel').click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const locale of ['en', 'ar'] as const) {
    test(`axe finds no WCAG 2.2 AA violation on each recovery step (${locale})`, async ({
      page,
      context,
      request,
    }) => {
      const member = await registerMember(request);
      await useLanguage(context, locale);
      await page.goto('/forgot-pin');
      await appReady(page);
      await expectNoAxeViolations(page);
      await page.getByRole('textbox').first().fill(member.alias);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('forgot-progress')).toContainText('2');
      await expectNoAxeViolations(page);
      const answers = page.getByRole('textbox');
      for (let i = 0; i < 3; i++) await answers.nth(i).fill(ANSWERS[i].answer);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('new-pin')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
