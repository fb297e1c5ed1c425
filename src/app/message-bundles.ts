/**
 * Which message ids load with which screen. The core (everything not listed here: the shell,
 * sign-in, errors, home) ships with the language; each bundle loads when a screen that needs it
 * opens (`<NeedsMessages bundle>`), so a first visit does not carry every screen's words. A bundle
 * is the ids starting with any of its prefixes; prefixes may appear in more than one bundle.
 * Read at build time by vite.config.ts and by `npm run i18n:verify`.
 */
export const MESSAGE_BUNDLES = {
  signup: ['signup.', 'marital.', 'ageRange.'],
  forgot: ['forgot.', 'signup.pin.'],
  legal: ['privacy.', 'terms.'],
  about: ['about.'],
  programs: ['programs.'],
  partnerships: ['partnerships.'],
  faq: ['faq.'],
  safeguarding: ['safeguarding.'],
  careers: ['careers.'],
  circle: ['circle.'],
  menopause: ['menopause.'],
  contact: ['contact.'],
  concern: ['concern.'],
  learning: [
    'learning.',
    'dashboard.comingSoon',
    'dashboard.courses.',
    'dashboard.testScores.',
    'dashboard.ratings.',
    'dashboard.invoices.',
    'dashboard.settings.',
  ],
  home: ['home.'],
  commerce: ['cart.', 'checkout.'],
  /** The server's page titles and descriptions (server/site-meta.ts); the app never needs them. */
  seo: ['seo.'],
} as const satisfies Record<string, readonly string[]>;

export type MessageBundle = keyof typeof MESSAGE_BUNDLES;

export function bundleOf(id: string): MessageBundle[] {
  return (Object.keys(MESSAGE_BUNDLES) as MessageBundle[]).filter((b) =>
    MESSAGE_BUNDLES[b].some((prefix) => id.startsWith(prefix)),
  );
}

/** The ids of one bundle, or of the core (`null`). */
export function pickMessages<T>(all: Record<string, T>, bundle: MessageBundle | null): Record<string, T> {
  return Object.fromEntries(
    Object.entries(all).filter(([id]) =>
      bundle === null ? bundleOf(id).length === 0 : bundleOf(id).includes(bundle),
    ),
  );
}
