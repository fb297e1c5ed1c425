import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage } from '../../src/app/effects';
import { applyIdentity, linkManifestIn, manifestHref } from '../../src/app/safety-effects';

/**
 * The installable app's manifest link (issue 28): in the page's language, neutral while discreet
 * mode is on, whichever of the two changes (src/app/safety-effects.ts computes it in one place).
 */
const manifest = () => document.head.querySelector('link[rel="manifest"]')?.getAttribute('href');

beforeEach(() => {
  document.head.innerHTML = '<link rel="manifest" href="/manifest.webmanifest">';
  document.documentElement.lang = 'en';
});
afterEach(() => {
  applyIdentity(false);
  document.head.innerHTML = '';
});

describe('the manifest link', () => {
  it('is one of the four the build writes', () => {
    expect(manifestHref(false, 'en')).toBe('/manifest.webmanifest');
    expect(manifestHref(false, 'ar')).toBe('/manifest.ar.webmanifest');
    expect(manifestHref(true, 'en')).toBe('/manifest.neutral.webmanifest');
    expect(manifestHref(true, 'ar')).toBe('/manifest.neutral.ar.webmanifest');
  });

  it('follows the language and keeps discreet mode, and discreet mode keeps the language', () => {
    applyDocumentLanguage('ar');
    expect(manifest()).toBe('/manifest.ar.webmanifest');
    applyIdentity(true);
    expect(manifest()).toBe('/manifest.neutral.ar.webmanifest');
    applyDocumentLanguage('en');
    expect(manifest()).toBe('/manifest.neutral.webmanifest');
    applyIdentity(false);
    expect(manifest()).toBe('/manifest.webmanifest');
  });

  it("keeps the neutral one the boot script linked before the app started, in the page's language", () => {
    document.head.innerHTML = '<link rel="manifest" href="/manifest.neutral.webmanifest">';
    linkManifestIn('ar');
    expect(manifest()).toBe('/manifest.neutral.ar.webmanifest');
  });
});
