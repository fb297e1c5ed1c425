/**
 * The privacy and safeguarding pages (issue 28) say, in the HTML the server writes, what is kept on
 * her device and how to remove it, in both languages: the page arrives readable before any script.
 */
import { describe, expect, it } from 'vitest';
import ar from '../../lang/ar.json';
import en from '../../lang/en.json';
import { render } from '../../src/entry-server';

const noApi = (async () => new Response('{}', { status: 503 })) as typeof fetch;
const words = { en, ar } as Record<'en' | 'ar', Record<string, string>>;

/** What react-intl writes for a plain message: the same text, HTML-escaped. */
const escaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

describe('what the device keeps, in the server’s render', () => {
  for (const locale of ['en', 'ar'] as const) {
    it(`the privacy page lists it and how to remove it (${locale})`, async () => {
      const { html } = await render({ url: '/privacy', locale, fetch: noApi, timeoutMs: 5_000 });
      for (const id of [
        'privacy.device.choices',
        'privacy.device.offline',
        'privacy.device.queue',
        'privacy.device.removeAll',
        'privacy.device.quickExit',
        'privacy.device.browser',
      ])
        expect(html).toContain(escaped(words[locale][id]));
    }, 15_000);

    it(`the safeguarding page says it too (${locale})`, async () => {
      const { html } = await render({ url: '/safeguarding', locale, fetch: noApi, timeoutMs: 5_000 });
      expect(html).toContain('id="on-this-device"');
      expect(html).toContain(escaped(words[locale]['safeguarding.device.body2']));
    }, 15_000);
  }
});
