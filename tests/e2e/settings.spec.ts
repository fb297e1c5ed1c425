import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createIntl } from '@formatjs/intl';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  DELETE_CONFIRMATION,
  EXPORT_FILE_NAMES,
  RECOVERY_CODE_FILE_NAME,
} from '../../contract/account-settings-rules';
import {
  appReady,
  chooseOption,
  expectNoAxeViolations,
  phoneTag,
  typeAndChoose,
  uniqueAlias,
  useLanguage,
} from './support';

/**
 * Account Settings end to end (issue 25), one journey per language: in English at 1280 px and in
 * Arabic on a 390 px phone, a member signs up and makes her recovery code at the end of it, changes
 * her PIN in Account Settings, signs out, gets back in with her recovery code at /forgot-pin (the
 * code is spent: a second use is refused), sets a new PIN, downloads her data (the JSON read back:
 * her alias), deletes her account and cannot sign in again. axe is clean on the settings page, and
 * her sections are photographed (test-results/e2e-shots/settings-<locale>-*.png).
 */
type Locale = 'en' | 'ar';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readJson = <T>(path: string): T => JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as T;
const intls = {
  en: createIntl({ locale: 'en', messages: readJson<Record<string, string>>('lang/en.json') }),
  ar: createIntl({ locale: 'ar', messages: readJson<Record<string, string>>('lang/ar.json') }),
};
function t(locale: Locale, id: string, values?: Record<string, string | number>): string {
  if (!(id in intls[locale].messages)) throw new Error(`no message ${id} in ${locale}`);
  return intls[locale].formatMessage({ id }, values);
}

const SHOTS = fileURLToPath(new URL('../../test-results/e2e-shots', import.meta.url));
const DOWNLOADS = fileURLToPath(new URL('../../test-results/e2e-downloads', import.meta.url));
mkdirSync(SHOTS, { recursive: true });
mkdirSync(DOWNLOADS, { recursive: true });
async function shot(target: Locator, locale: Locale, name: string) {
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: `${SHOTS}/settings-${locale}-${name}.png` });
}

const COUNTRY = { en: 'Jordan', ar: 'الأردن' } as const;
const PINS = { first: '604817', changed: '739164', recovered: '851937' };

/** Types a PIN into Ark PinInput boxes: focus the first box, the input moves on by itself. */
async function typePin(page: Page, group: Locator, pin: string) {
  await group.locator('input:not([type=hidden])').first().click();
  await page.keyboard.type(pin);
}

const step = (page: Page, name: string) => page.getByTestId(`signup-step-${name}`);

/** The six steps of sign-up, then the welcome: a recovery code made there, kept, and she goes in. */
async function signUp(page: Page, locale: Locale, alias: string): Promise<string> {
  const next = (name: string) =>
    step(page, name)
      .getByRole('button', { name: t(locale, 'common.next') })
      .click();
  await page.goto('/signup');
  await appReady(page);
  await step(page, 'alias')
    .getByRole('textbox', { name: t(locale, 'auth.alias.label') })
    .fill(alias);
  await expect(page.getByTestId('alias-status')).toContainText(
    t(locale, 'signup.alias.available', { alias }),
  );
  await next('alias');
  await expect(step(page, 'pin')).toBeVisible();
  await typePin(page, page.getByTestId('pin'), PINS.first);
  await typePin(page, page.getByTestId('pin-confirm'), PINS.first);
  await next('pin');
  await expect(step(page, 'security')).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await chooseOption(page, page.getByTestId(`question-${i}-trigger`), i);
    await page
      .getByTestId(`question-${i}`)
      .getByRole('textbox')
      .fill(`answer ${i + 1}`);
  }
  await next('security');
  await expect(step(page, 'profile')).toBeVisible();
  await typeAndChoose(page, page.getByTestId('country-input'), COUNTRY[locale]);
  await chooseOption(page, page.getByTestId('age-range-trigger'), 1);
  await next('profile');
  await expect(step(page, 'avatar')).toBeVisible();
  await page.getByTestId('avatar-grid').getByRole('radio').nth(1).check({ force: true });
  await next('avatar');
  await expect(step(page, 'confirm')).toBeVisible();
  // the boxes themselves (the terms' label holds a link that opens a new tab)
  for (const box of ['confirm-adult', 'confirm-terms']) {
    await page.getByTestId(box).locator('[data-part="control"]').click();
    await expect(page.getByTestId(box).getByRole('checkbox')).toBeChecked();
  }
  await page.getByRole('button', { name: t(locale, 'signup.confirm.submit') }).click();

  // the welcome: her recovery code, made without her PIN so soon after joining
  const welcome = page.getByTestId('signup-welcome');
  await expect(welcome.getByRole('heading', { name: t(locale, 'signup.welcome.title') })).toBeVisible();
  await welcome.getByRole('button', { name: t(locale, 'settings.recovery.create') }).click();
  const shown = welcome.getByTestId('recovery-code');
  await expect(shown).toBeVisible();
  const code = ((await shown.textContent()) ?? '').trim();
  expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTVWXY]{4}(-[34679ACDEFGHJKMNPQRTVWXY]{4}){3}$/);
  await expect(shown).toHaveAttribute('dir', 'ltr');
  await expectNoAxeViolations(page);
  await shot(welcome, locale, 'signup-welcome-code');
  // the plain text file, under its neutral name, in her language
  const downloading = page.waitForEvent('download');
  await welcome.getByRole('button', { name: t(locale, 'settings.recovery.download') }).click();
  const note = await downloading;
  expect(note.suggestedFilename()).toBe(RECOVERY_CODE_FILE_NAME);
  const notePath = `${DOWNLOADS}/settings-${locale}-${RECOVERY_CODE_FILE_NAME}`;
  await note.saveAs(notePath);
  const noteText = readFileSync(notePath, 'utf8');
  expect(noteText).toContain(code);
  expect(noteText).toContain(locale === 'en' ? 'Keep it private.' : 'احتفظي به لنفسكِ.');
  await welcome.getByRole('button', { name: t(locale, 'settings.recovery.writtenDown') }).click();
  await expect(welcome.getByTestId('recovery-code')).toHaveCount(0);
  await page.getByTestId('signup-enter').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return code;
}

async function openSettings(page: Page, locale: Locale, width: number) {
  const name = t(locale, 'dashboard.sidebar.settings');
  if (width >= 1024) {
    await page.getByTestId('sidebar').getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('button', { name: t(locale, 'dashboard.header.openMenu') }).click();
    const drawer = page.getByRole('dialog', { name: t(locale, 'dashboard.header.menu') });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name, exact: true }).click();
    await expect(drawer).toBeHidden();
  }
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByTestId('settings-delete')).toBeVisible();
}

async function signIn(page: Page, locale: Locale, alias: string, pin: string) {
  await page.getByLabel(t(locale, 'auth.alias.label')).fill(alias);
  await page.getByLabel(t(locale, 'auth.pin.label'), { exact: true }).fill(pin);
  await page
    .getByRole('button', { name: t(locale, 'login.submit'), exact: true })
    .last()
    .click();
}

for (const [locale, width] of [
  ['en', 1280],
  ['ar', 390],
] as const) {
  test(`Account Settings in ${locale} at ${width} px: recovery code from sign-up, PIN changed, recovered with the code, data downloaded, account deleted`, {
    tag: phoneTag(width),
  }, async ({ page, context }) => {
    test.setTimeout(240_000);
    if (width >= 640) await page.setViewportSize({ width, height: 900 });
    await useLanguage(context, locale);
    const alias = uniqueAlias(`set${locale}`);

    // ------------------------------------------------------------ sign-up, with the recovery code
    const code = await signUp(page, locale, alias);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // ------------------------------------------------------------ settings: axe, her code, a new PIN
    await openSettings(page, locale, width);
    await expectNoAxeViolations(page);
    const recovery = page.getByTestId('settings-recovery');
    await expect(recovery.getByTestId('recovery-status')).toContainText(
      t(locale, 'settings.recovery.active').replace(/[.。]$/, ''),
    );
    await shot(recovery, locale, 'recovery');
    await shot(page.getByTestId('settings-export'), locale, 'export');
    await shot(page.getByTestId('settings-delete'), locale, 'delete');
    // a new code would retire this one: the warning shows with the PIN it asks (then she keeps hers)
    await recovery.getByRole('button', { name: t(locale, 'settings.recovery.replace') }).click();
    await expect(recovery).toContainText(t(locale, 'settings.recovery.replaceWarning'));
    await shot(recovery, locale, 'recovery-replace');
    await recovery.getByRole('button', { name: t(locale, 'common.cancel') }).click();

    const pinSection = page.getByTestId('settings-pin');
    await pinSection.getByTestId('current-pin-input').fill(PINS.first);
    await typePin(page, pinSection.getByTestId('settings-new-pin'), PINS.changed);
    await typePin(page, pinSection.getByTestId('settings-new-pin-confirm'), PINS.changed);
    await pinSection.getByTestId('pin-save').click();
    await expect(pinSection.getByTestId('pin-changed')).toBeVisible();

    // ------------------------------------------------------------ signed out, back in with the code
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/forgot-pin');
    await appReady(page);
    await page.getByLabel(t(locale, 'auth.alias.label')).fill(alias);
    await page.getByTestId('forgot-use-code').click();
    const codeField = page.getByLabel(t(locale, 'forgot.code.label'));
    await expect(codeField).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page.locator('main'), locale, 'forgot-code');
    // as she may copy it from her note: lower case, spaces
    await codeField.fill(code.toLowerCase().replaceAll('-', ' '));
    await page.keyboard.press('Enter');
    await expect(page.getByText(t(locale, 'forgot.newPin.introCode'))).toBeVisible();
    await typePin(page, page.getByTestId('new-pin'), PINS.recovered);
    await typePin(page, page.getByTestId('new-pin-confirm'), PINS.recovered);
    await page.getByRole('button', { name: t(locale, 'forgot.newPin.submit') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(t(locale, 'login.pinRecovered'))).toBeVisible();

    // the code is spent: used again, it is refused
    await page.goto('/forgot-pin');
    await appReady(page);
    await page.getByLabel(t(locale, 'auth.alias.label')).fill(alias);
    await page.getByTestId('forgot-use-code').click();
    await page.getByLabel(t(locale, 'forgot.code.label')).fill(code);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('forgot-error')).toContainText(t(locale, 'forgot.code.wrong'));
    await page.getByTestId('forgot-cancel').click();
    await expect(page).toHaveURL(/\/login$/);

    // the PIN changed in settings no longer works; the recovered one does
    await signIn(page, locale, alias, PINS.changed);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await signIn(page, locale, alias, PINS.recovered);
    await expect(page).toHaveURL(/\/dashboard$/);

    // ------------------------------------------------------------ her data, as JSON, read back
    await openSettings(page, locale, width);
    const exportSection = page.getByTestId('settings-export');
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await exportSection.getByTestId('export-json').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(EXPORT_FILE_NAMES.json);
    const file = `${DOWNLOADS}/settings-${locale}-${EXPORT_FILE_NAMES.json}`;
    await download.saveAs(file);
    const data = JSON.parse(readFileSync(file, 'utf8'));
    expect(data.profile.alias).toBe(alias);
    await expect(exportSection).toContainText(t(locale, 'settings.export.saved'));

    // ------------------------------------------------------------ deleting her account
    const deleteSection = page.getByTestId('settings-delete');
    await deleteSection.getByTestId('delete-open').click();
    const dialog = page.getByTestId('delete-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveAccessibleName(
      t(locale, 'settings.delete.dialogTitle'),
    );
    await expectNoAxeViolations(page);
    await shot(dialog, locale, 'delete-dialog');
    // the word typed wrong is refused before the server is asked
    await dialog.getByTestId('delete-pin-input').fill(PINS.recovered);
    await dialog.getByTestId('delete-confirmation-input').fill('nope');
    await dialog.getByTestId('delete-confirm').click();
    await expect(dialog).toContainText(
      t(locale, 'settings.delete.mismatch', { word: DELETE_CONFIRMATION[locale] }),
    );
    await dialog.getByTestId('delete-confirmation-input').fill(DELETE_CONFIRMATION[locale]);
    await dialog.getByTestId('delete-confirm').click();

    // the device cleared as at sign-out, the home page and its notice
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(t(locale, 'settings.delete.done'))).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.map((c) => c.name)).not.toContain('authToken');
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);

    // and she cannot sign in again
    await page.goto('/login');
    await appReady(page);
    await signIn(page, locale, alias, PINS.recovered);
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
}
