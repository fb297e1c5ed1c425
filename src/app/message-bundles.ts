/**
 * Which message ids load with which screen. The core (everything not listed here: the shell,
 * sign-in, errors, home) ships with the language; each bundle loads when a screen that needs it
 * opens (`<NeedsMessages bundle>`), so a first visit does not carry every screen's words. A bundle
 * is the ids starting with any of its prefixes; prefixes may appear in more than one bundle.
 * Read at build time by vite.config.ts and by `npm run i18n:verify`. The server's own messages
 * (`server.*`) are in no bundle and never reach the browser (`pickMessages` drops them).
 */
/** What every public form says (issue 9): its notes, problems and failures; each form adds its own ids. */
const FORM_COMMON = [
  'forms.requiredNote',
  'forms.optional',
  'forms.problems',
  'forms.sending',
  'forms.retry',
  'forms.honeypot',
  'forms.failed.',
  'forms.error.',
] as const;

export const MESSAGE_BUNDLES = {
  // the welcome after registering offers the recovery code (issue 25): its panel's words
  signup: ['signup.', 'marital.', 'ageRange.', 'settings.recovery.', 'settings.currentPin'],
  forgot: ['forgot.', 'signup.pin.'],
  legal: ['privacy.', 'terms.'],
  about: ['about.'],
  programs: [
    'programs.',
    ...FORM_COMMON,
    'forms.programs.',
    'forms.option.organisationKind.',
    'forms.option.size.',
    'forms.country.',
  ],
  partnerships: ['partnerships.', ...FORM_COMMON, 'forms.partnerships.', 'forms.option.circle.'],
  faq: ['faq.'],
  safeguarding: ['safeguarding.'],
  careers: ['careers.'],
  circle: ['circle.'],
  // the circle for members (issue 27): its screens, and the rules and care note of /community
  community: ['community.', 'circle.rules.', 'circle.care.'],
  menopause: ['menopause.'],
  contact: ['contact.', ...FORM_COMMON, 'forms.contact.'],
  concern: ['concern.', ...FORM_COMMON, 'forms.concern.', 'forms.option.topic.'],
  // "Leave an Impact", /experts/apply: the page and the expert application with its CV
  expertApply: [
    ...FORM_COMMON,
    'forms.apply.',
    'forms.expert-application.',
    'forms.option.profession.',
    'forms.option.languages.',
    'forms.cv.',
  ],
  learning: [
    'learning.',
    'dashboard.courses.',
    'dashboard.testScores.',
    'dashboard.ratings.',
    'dashboard.invoices.',
    // her consultations (issue 10) and the dashboard home's link to them
    'consultations.',
    'booking.mode.',
    'dashboard.consultations.',
    // the dashboard home's link to the community circle (issue 27)
    'dashboard.circle.',
    // the course's related consultant names her specialty
    'experts.specialty.',
    // who checked the course, when and against what (issue 24)
    'content.review.',
  ],
  home: [
    'home.',
    // the front page's courses (src/views/home/FeaturedCourses.tsx) use the catalogue's card
    'learning.card.',
    // "Our experts" (src/views/experts/FeaturedExperts.tsx)
    'experts.featured.',
    'experts.card.',
    'experts.specialty.',
    'experts.mode.',
    'experts.retry',
    'experts.loading',
  ],
  // the experts directory and profiles (issue 9), with booking on a profile (issue 10): its steps
  // and the card form's words it shares with checkout
  experts: [
    'experts.',
    'booking.',
    'checkout.card.',
    'checkout.field.',
    'checkout.testMode.',
    'checkout.challenge.',
    'checkout.declined.',
    'checkout.refusal.',
    'checkout.secure',
  ],
  // the article list and pages; the shared learning words they show (disclaimer, retry, pager, note)
  articles: [
    'articles.',
    'learning.disclaimer',
    'learning.common.retry',
    'learning.catalogue.pages.',
    'learning.learn.note',
    'content.review.',
  ],
  commerce: ['cart.', 'checkout.'],
  // Account Settings (issue 25): its sections, and the sign-up fields and words its forms reuse
  settings: [
    'settings.',
    'marital.',
    'ageRange.',
    'signup.profile.',
    'signup.security.',
    'signup.pin.',
    'signup.avatar.',
    // what only its forms say wrong: a wrong or missing current PIN, a device already signed out
    'errors.currentPinWrong',
    'errors.sessionNotFound',
    'errors.field.CURRENT_PIN_REQUIRED',
    'errors.field.CURRENT_PIN_WRONG',
  ],
  // the staff side (issue 26): sign-in, the expert portal, the team inbox, admin pages
  staff: [
    'staff.',
    'booking.mode.',
    'experts.specialty.',
    'forms.option.',
    // the staff password's and code's field errors: said only on the staff side
    'errors.field.PASSWORD_TOO_SHORT',
    'errors.field.PASSWORD_TOO_LONG',
    'errors.field.PASSWORD_TOO_COMMON',
    'errors.field.PASSWORD_HAS_EMAIL',
    'errors.field.CODE_INVALID',
  ],
} as const satisfies Record<string, readonly string[]>;

export type MessageBundle = keyof typeof MESSAGE_BUNDLES;

export function bundleOf(id: string): MessageBundle[] {
  return (Object.keys(MESSAGE_BUNDLES) as MessageBundle[]).filter((b) =>
    MESSAGE_BUNDLES[b].some((prefix) => id.startsWith(prefix)),
  );
}

/**
 * The server's own messages (server/lib/i18n.ts: its errors, invoice PDFs, mails, and the page
 * titles, descriptions and test-payments ribbon of server/site-meta.ts): in the same catalogue, so
 * a word is translated once, but never shipped to the browser, in no bundle.
 */
export const SERVER_ONLY_PREFIX = 'server.';

/** The ids of one bundle, or of the core (`null`); never the server's own. */
export function pickMessages<T>(all: Record<string, T>, bundle: MessageBundle | null): Record<string, T> {
  return Object.fromEntries(
    Object.entries(all).filter(
      ([id]) =>
        !id.startsWith(SERVER_ONLY_PREFIX) &&
        (bundle === null ? bundleOf(id).length === 0 : bundleOf(id).includes(bundle)),
    ),
  );
}
