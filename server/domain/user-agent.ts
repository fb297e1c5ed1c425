/**
 * A device in words (issue 25, her devices list): the browser and the system named by a User-Agent
 * header, each one of a few words or null. Only these words are kept with a session, never the
 * header itself (versions, device models and build numbers say more about her phone than she needs
 * to see, and could single her out).
 */

export interface DeviceWords {
  /** "Chrome", "Safari", "Firefox", "Samsung Internet", "Edge", "Opera" or null. */
  browser: string | null;
  /** "Android", "iOS", "Windows", "macOS", "Linux", "ChromeOS" or null. */
  system: string | null;
}

export const NO_DEVICE: DeviceWords = Object.freeze({ browser: null, system: null });

/** Longer headers are not read (real ones are a few hundred characters). */
const MAX_UA = 1024;

// the first match wins: browsers built on Chrome also say "Chrome" and "Safari", so they come first
const BROWSERS: [RegExp, string][] = [
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS|OPT|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\b(?:iPhone|iPad|iPod)\b.*\bAppleWebKit\//, 'Safari'],
];

// Android's and ChromeOS's headers also say "Linux", iOS's says "like Mac OS X"
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac(?:intosh| OS X)\b/, 'macOS'],
  [/\b(?:Linux|X11)\b/, 'Linux'],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1] ?? null;

/** The browser and system a User-Agent names, in words (null for what it does not say or an absent header). */
export function deviceWords(userAgent: string | null | undefined): DeviceWords {
  if (!userAgent || userAgent.length > MAX_UA) return NO_DEVICE;
  return { browser: first(userAgent, BROWSERS), system: first(userAgent, SYSTEMS) };
}
