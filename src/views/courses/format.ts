import type { IntlShape } from 'react-intl';
import { CURRENCY } from '../../../contract/learning-constants';

/**
 * Money (integer cents) in the member's language, US dollars (spec §3); whole amounts without cents.
 * Arabic gives "‏45 US$": in a right-to-left line the "$" after the Latin "US" is neutral and would
 * move to the other side ("$US 45"), so a left-to-right mark after it keeps "US$" whole.
 */
export function formatMoney(intl: Pick<IntlShape, 'formatNumber' | 'locale'>, cents: number): string {
  // Arabic: Intl's "‏‎-9 US$" would turn into one left-to-right run ("-9 US$") beside rows reading
  // "US$ 90"; the minus goes before the amount as written right to left instead
  if (cents < 0 && intl.locale.startsWith('ar')) return `\u200e-${formatMoney(intl, -cents)}`;
  const whole = cents % 100 === 0;
  const text = intl.formatNumber(cents / 100, {
    style: 'currency',
    currency: CURRENCY,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return intl.locale.startsWith('ar') ? `${text}\u200e` : text;
}

/** "1 hour, 30 minutes" / "ساعة واحدة و٣٠ دقيقة": units and plurals from Intl, in the member's language. */
export function formatDuration(intl: IntlShape, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const unit = (value: number, u: 'hour' | 'minute') =>
    intl.formatNumber(value, { style: 'unit', unit: u, unitDisplay: 'long' });
  const parts = [
    ...(hours ? [unit(hours, 'hour')] : []),
    ...(minutes || !hours ? [unit(minutes, 'minute')] : []),
  ];
  return intl.formatList(parts, { type: 'unit', style: 'long' }) as string;
}

export function formatDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium' });
}

/** A percentage (whole number 0–100) the way the language writes it. */
export function formatPercent(intl: IntlShape, value: number): string {
  return intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** A download's weight in her language's units: "24 kB", "1.2 MB" (a saved course, issue 28). */
export function formatBytes(intl: Pick<IntlShape, 'formatNumber'>, bytes: number): string {
  const mega = bytes >= 1_000_000;
  return intl.formatNumber(mega ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)), {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: mega ? 1 : 0,
  });
}
