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
      after: { fadeAtTheLatest: 'fadingOut' },
      initial: 'waitingForFonts',
      states: {
        waitingForFonts: { on: { 'splash.fontsReady': 'fontsReady' } },
        fontsReady: { after: { fadeAfterFonts: '#splash.fadingOut' } },
      },
    },
    fadingOut: { after: { fadeOut: 'removed' } },
    // not a final state: a finished child would leave the system, and views still read it
    removed: {},
  },
});
