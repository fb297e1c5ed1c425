import { setup } from 'xstate';

/**
 * Start-up splash (spec §2, §9). The logo covers the page on start and fades out over 500 ms.
 * It is removed at the earliest of 1500 ms after start or 1000 ms after the fonts are ready,
 * so the fade starts 500 ms before that moment. The root sends `splash.fontsReady`.
 */
export const SPLASH_TIMINGS = { maxMs: 1500, afterFontsMs: 1000, fadeOutMs: 500 } as const;

export const splashMachine = setup({
  types: {} as { events: { type: 'splash.fontsReady' } },
  delays: {
    fadeAtTheLatest: SPLASH_TIMINGS.maxMs - SPLASH_TIMINGS.fadeOutMs,
    fadeAfterFonts: SPLASH_TIMINGS.afterFontsMs - SPLASH_TIMINGS.fadeOutMs,
    fadeOut: SPLASH_TIMINGS.fadeOutMs,
  },
}).createMachine({
  id: 'splash',
  initial: 'visible',
  states: {
    visible: {
      description:
        'The logo covers the page; it starts fading 1000 ms after start at the latest (gone by 1500 ms).',
      after: { fadeAtTheLatest: 'fadingOut' },
      initial: 'waitingForFonts',
      states: {
        waitingForFonts: {
          description: 'The fonts are not ready yet.',
          on: { 'splash.fontsReady': 'fontsReady' },
        },
        fontsReady: {
          description:
            'The fonts are ready: the logo starts fading 500 ms later (gone 1000 ms after the fonts).',
          after: { fadeAfterFonts: '#splash.fadingOut' },
        },
      },
    },
    fadingOut: { description: 'The logo fades out (500 ms).', after: { fadeOut: 'removed' } },
    removed: {
      // not a final state: a finished child would leave the system, and views still read it
      description: 'The splash is gone.',
    },
  },
});
