import { expect, type Page, test } from '@playwright/test';
import {
  addVirtualAuthenticator,
  enterPassword,
  nextTotpStep,
  setUpWithTotp,
  staffAccount,
  staffUrl,
  totpCode,
} from './staff-support';
import { expectNoAxeViolations, PHONE, useLanguage } from './support';

/**
 * Staff sign-in (issue 26) in Chromium: English at 1280 px, set-up from the link, a password, a
 * passkey (the virtual authenticator), the area, sign out, sign in with the passkey; Arabic on the
 * phone, set-up with an authenticator app (the secret read from the page), sign out, a wrong
 * password and a wrong code said in Arabic, then sign in with a code. axe on each screen.
 */
const WORDS = {
  en: {
    wrongPassword: 'Wrong e-mail or password.',
    wrongCode: 'That was not accepted',
    signedOut: 'You have signed out.',
  },
  ar: {
    wrongPassword: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    wrongCode: 'لم يُقبل ذلك',
    signedOut: 'لقد سجّلتِ خروجكِ.',
  },
} as const;

// a whole journey with axe at each screen, two set-ups and a wait for the next authenticator step
test.describe.configure({ timeout: 240_000 });

async function signOut(page: Page, signedOut: string) {
  await page.getByTestId('staff-sign-out').click();
  await expect(page).toHaveURL(/\/staff\/login/);
  await expect(page.getByTestId('staff-signed-out-reason')).toContainText(signedOut);
}

test('English, 1280 px: set up with a passkey, sign out, sign in with the passkey', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const account = staffAccount('signin', 'en');
  await addVirtualAuthenticator(page);

  // a signed-out visit to a staff page goes to sign in, with where she was
  await page.goto(staffUrl('/staff/inbox'));
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Finbox/, { timeout: 30_000 });

  await page.goto(staffUrl(`/staff/setup/${account.token}`));
  await expect(page.getByTestId('staff-setup-password')).toBeVisible();
  await expectNoAxeViolations(page);
  // too short and not the same: said before the server is asked
  await page.getByTestId('staff-setup-password').fill('short');
  await page.getByTestId('staff-setup-confirm').fill('other');
  await page.getByTestId('staff-setup-submit').click();
  await expect(page.getByTestId('staff-setup-password-error')).toContainText('at least 12 characters');
  await page.getByTestId('staff-setup-password').fill(account.password);
  await page.getByTestId('staff-setup-confirm').fill(account.password);
  await page.getByTestId('staff-setup-submit').click();
  await expect(page.getByTestId('staff-enrol-choose')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('staff-enrol-passkey').click();

  // in the area: a moderator's first page is the inbox; her nav has no admin pages
  await expect(page.getByTestId('staff-who')).toContainText(account.name);
  await expect(page).toHaveURL(/\/staff\/inbox$/);
  await expect(page.getByTestId('staff-nav-inbox')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('staff-nav-audit')).toHaveCount(0);
  await expectNoAxeViolations(page);
  // an admin page is not for her role
  await page.goto(staffUrl('/staff/admin/audit'));
  await expect(page.getByTestId('staff-not-here')).toBeVisible();

  await signOut(page, WORDS.en.signedOut);
  await expectNoAxeViolations(page);
  // the set-up link worked once
  await page.goto(staffUrl(`/staff/setup/${account.token}`));
  await expect(page.getByTestId('staff-setup-invalid')).toBeVisible();

  await page.goto(staffUrl('/staff/login?next=%2Fstaff%2Fadmin%2Faudit'));
  await enterPassword(page, account, 'not-her-password-at-all');
  await expect(page.getByTestId('staff-login-error')).toContainText(WORDS.en.wrongPassword);
  await enterPassword(page, account);
  await expect(page.getByTestId('staff-use-passkey')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('staff-use-passkey').click();
  // back where she was going
  await expect(page).toHaveURL(/\/staff\/admin\/audit$/);
  await expect(page.getByTestId('staff-who')).toBeVisible();
});

test('Arabic, phone: set up with an authenticator app, wrong password and code, sign in with a code', {
  tag: PHONE,
}, async ({ page, context }) => {
  await useLanguage(context, 'ar');
  const account = staffAccount('signin', 'ar');
  const secret = await setUpWithTotp(page, account);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoAxeViolations(page);
  await signOut(page, WORDS.ar.signedOut);

  await enterPassword(page, account, 'not-her-password-at-all');
  await expect(page.getByTestId('staff-login-error')).toContainText(WORDS.ar.wrongPassword);
  await expectNoAxeViolations(page);
  await enterPassword(page, account);
  await page.getByTestId('staff-use-code').click();
  // a wrong code (the one of a step long gone)
  await page.getByTestId('staff-code').fill(await totpCode(secret, -10));
  await page.getByTestId('staff-code-submit').click();
  await expect(page.getByTestId('staff-code-error')).toContainText(WORDS.ar.wrongCode);
  await expectNoAxeViolations(page);
  await nextTotpStep(page);
  await page.getByTestId('staff-code').fill(await totpCode(secret));
  await page.getByTestId('staff-code-submit').click();
  await expect(page.getByTestId('staff-who')).toContainText(account.name);
  await expectNoAxeViolations(page);
});
