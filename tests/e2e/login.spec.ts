import { expect, test } from '@playwright/test';
import { appReady, registerMember, useLanguage } from './support';

test.describe('sign in', () => {
  test('signs in with the keyboard, welcomes the member and shows the avatar and alias', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/login');
    await appReady(page);
    await page.getByLabel('Alias').fill(member.alias);
    await page.getByLabel('PIN', { exact: true }).fill(member.pin);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Login successful! Welcome back.')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    const badge = page.getByTestId('member-badge');
    await expect(badge).toHaveAccessibleName(`Your account: ${member.alias}`);
    await expect(badge.locator('img')).toHaveAttribute('src', /\/avatars\/.+\.svg$/);
    await page.goto('/');
    await expect(page.getByTestId('member-badge')).toContainText(member.alias);
  });

  test('checks the fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await appReady(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Please enter an alias.')).toBeVisible();
    await expect(page.getByText('Please enter a PIN.')).toBeVisible();
    await page.getByLabel('PIN', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Your PIN must be 6 to 12 digits.')).toBeVisible();
  });

  test('wrong PINs say the same fixed sentence, then the account is locked and the wait counts down (Arabic)', async ({
    page,
    context,
    request,
  }) => {
    const member = await registerMember(request);
    await useLanguage(context, 'ar');
    await page.goto('/login');
    await appReady(page);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByLabel('الاسم المستعار').fill(member.alias);
    const pin = page.getByLabel('الرمز السري', { exact: true });
    const submit = page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).last();
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await pin.fill('٥٥٥٦٦٦'); // Arabic-Indic digits are accepted
      await submit.click();
      const error = page.getByTestId('login-error');
      await expect(error).toContainText('حدث خطأ أثناء تسجيل الدخول');
      // no count of attempts left: a stranger could read it (the same words every time)
      await expect(error).toContainText('بعد 5 رموز سرية خاطئة متتالية');
      seen.add((await error.textContent()) ?? '');
      await expect(error).not.toContainText('تتبقّى');
    }
    expect(seen.size).toBe(1);
    await pin.fill('555666');
    await submit.click();
    await expect(page.getByTestId('login-error')).toContainText('دقيقة واحدة');
    // the wait counts down: a minute becomes seconds
    await expect(page.getByTestId('login-error')).toContainText('ثانية', { timeout: 5000 });
    // even the right PIN is refused while locked
    await pin.fill(member.pin);
    await submit.click();
    await expect(page.getByTestId('login-error')).toContainText('محاولات كثيرة جدًا');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Forgot PIN? with no alias opens "Alias Required"; with an alias it opens recovery', async ({
    page,
  }) => {
    await page.goto('/login');
    await appReady(page);
    await page.getByRole('button', { name: 'Forgot PIN?' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Alias Required' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please enter your alias first before clicking Forgot PIN?');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Alias').fill('someone_here');
    await page.getByRole('button', { name: 'Forgot PIN?' }).click();
    await expect(page).toHaveURL(/\/forgot-pin$/);
    await expect(page.getByRole('textbox').first()).toHaveValue('someone_here');
  });
});
