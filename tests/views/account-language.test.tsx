import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../support/browser';
import { resolves } from '../support/stub-actors';

/**
 * Her language follows her to a new device (issue 25): after a sign-in on a device where she never
 * chose a language, the app takes the one her account keeps; a choice made on this device stays.
 */
const page = appPerTest();

async function signIn(app: ReturnType<typeof page.render>) {
  const alias = await screen.findByRole('textbox', { name: /Alias|الاسم المستعار/ });
  await app.user.click(alias);
  await app.user.paste('noor');
  await app.user.click(screen.getByLabelText(/^PIN|^الرمز/));
  await app.user.paste('482913');
  await app.user.keyboard('{Enter}');
}

const member = (language: string) => resolves({ token: 'tok', user: { id: 'u1', alias: 'noor', language } });

describe('her language after a sign-in', () => {
  it('a device that never chose one takes her account language', async () => {
    const app = page.render({ path: '/login', savedLanguage: null, stubs: { login: member('ar') } });
    await signIn(app);
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'), { timeout: 5_000 });
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('a language chosen on this device stays', async () => {
    localStorage.setItem('language', 'en');
    const app = page.render({ path: '/login', stubs: { login: member('ar') } });
    await signIn(app);
    await waitFor(() => expect(window.location.pathname).not.toBe('/login'), { timeout: 5_000 });
    expect(document.documentElement.lang).toBe('en');
  });
});
