/**
 * The "test payments" ribbon (issue 20): while payments go to the embedded sandbox, the server
 * writes it at the top of every page's shell (server/site-meta.ts), outside the app's root, in both
 * languages; index.html's inline style shows the one of `<html lang>`. So it is there before any
 * script runs, costs the app nothing, and turns with the app's own language switch.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import { JSDOM } from 'jsdom';
import { afterEach, describe, expect, it } from 'vitest';
import { createSiteMeta } from '../../server/site-meta';
import { appPerTest } from '../support/browser';

const INDEX = readFileSync(join(fileURLToPath(import.meta.url), '../../../index.html'), 'utf8');
const WORDS = {
  en: 'Test payments: no real card is charged',
  ar: 'مدفوعات تجريبية: لن يُخصم أي مبلغ حقيقي من بطاقتكِ',
};

const site = (testPayments: boolean) =>
  createSiteMeta({
    config: { publicUrl: 'https://amina.example', quickExitUrl: 'https://neutral.example', testPayments },
  });

/** What a visitor's browser shows of the ribbon in this window: the texts not hidden by the style. */
function shown(win: Window): string[] {
  const ribbon = win.document.querySelector('[data-testid="test-payments"]');
  if (!ribbon) return [];
  return [...ribbon.children]
    .filter((part) => win.getComputedStyle(part).display !== 'none')
    .map((part) => part.textContent ?? '');
}

const page = appPerTest();
afterEach(() => {
  document.querySelector('[data-testid="test-payments"]')?.remove();
  document.getElementById('index-style')?.remove();
});

describe('the test-payments ribbon', () => {
  it.each(['en', 'ar'] as const)(
    'starts every page in %s, before the app, as a note in its language',
    async (locale) => {
      for (const path of ['/', '/courses/menopause-basics', '/dashboard/invoices', '/checkout']) {
        const html = await site(true).renderShell(INDEX, new URL(`https://amina.example${path}`), locale);
        const { window } = new JSDOM(html!);
        const body = window.document.body;
        const ribbon = within(body as unknown as HTMLElement).getByRole('note');
        expect(body.firstElementChild, path).toBe(ribbon);
        expect(ribbon.nextElementSibling?.id).toBe('root');
        expect(shown(window as unknown as Window)).toEqual([WORDS[locale]]);
        // the words carry their language, for screen readers and the Arabic font
        expect(ribbon.querySelector(`[lang="${locale}"]`)?.textContent).toBe(WORDS[locale]);
        // laid out with logical properties only: it mirrors in Arabic
        const style = INDEX.slice(
          INDEX.indexOf('.test-payments {'),
          INDEX.indexOf('}', INDEX.indexOf('.test-payments {')),
        );
        expect(style).toMatch(/padding-inline/);
        expect(style).not.toMatch(/(left|right)\s*:/);
      }
    },
  );

  it('is not written when payments are real (another provider)', async () => {
    const html = await site(false).renderShell(INDEX, new URL('https://amina.example/'), 'en');
    expect(html).not.toContain('data-testid="test-payments"');
    expect(html).not.toContain(WORDS.en);
    expect(shown(new JSDOM(html!).window as unknown as Window)).toEqual([]);
  });

  it("turns with the app's language switch, no reload", async () => {
    const html = (await site(true).renderShell(INDEX, new URL('https://amina.example/'), 'en'))!;
    const style = document.createElement('style');
    style.id = 'index-style';
    style.textContent = html.match(/<style>([\s\S]*?)<\/style>/)![1];
    document.head.append(style);
    document.body.insertAdjacentHTML(
      'afterbegin',
      html.match(/<div class="test-payments"[\s\S]*?<\/div>/)![0],
    );
    expect(shown(window)).toEqual([WORDS.en]);
    // the sign-in page needs no bundle of its own (a switch clicked while one loads is not taken)
    const app = page.render({ path: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    // the app's own switch (its language machine sets <html lang> once the words are in)
    const flip = async (to: 'ar' | 'en') => {
      const button = await screen.findByTestId('language-switch');
      await waitFor(() => expect(button).toBeEnabled());
      await app.user.click(button);
      await waitFor(() => expect(document.documentElement.lang).toBe(to), { timeout: 5000 });
    };
    await flip('ar');
    expect(shown(window)).toEqual([WORDS.ar]);
    await flip('en');
    expect(shown(window)).toEqual([WORDS.en]);
  });
});
