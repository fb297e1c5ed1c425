/**
 * Debian's Chromium as every tool here starts it (STACK-NOTES): as root, headless, with no network
 * beyond the machine (without the background-networking flags its connections are refused, many at a
 * time). The e2e tests, `npm run perf` and the icon script share it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
