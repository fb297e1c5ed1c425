import type { IntlShape } from 'react-intl';

/**
 * Consultation times as she reads them: in her browser's time zone (Intl's default) and her
 * language (Arabic weekdays and months on an Arabic page), with the expert's zone for reference.
 */

/** The calendar day (YYYY-MM-DD) an instant falls on in her zone (or `timeZone`). */
export function dayKey(iso: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface SlotDay {
  key: string;
  /** The first slot of the day, for the day's label. */
  first: string;
  slots: string[];
}

/** Slots grouped by her calendar day, in order. */
export function groupByDay(slots: readonly string[], timeZone?: string): SlotDay[] {
  const days: SlotDay[] = [];
  for (const s of slots) {
    const key = dayKey(s, timeZone);
    const last = days[days.length - 1];
    if (last && last.key === key) last.slots.push(s);
    else days.push({ key, first: s, slots: [s] });
  }
  return days;
}

/** "Mon 7 Dec" / "الاثنين ٧ ديسمبر" */
export const formatDayShort = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, { weekday: 'short', day: 'numeric', month: 'short' });

/** "Monday 7 December" */
export const formatDayLong = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, { weekday: 'long', day: 'numeric', month: 'long' });

/** "14:30" / "2:30 PM" as her language writes times. */
export const formatTime = (intl: IntlShape, iso: string, timeZone?: string) =>
  intl.formatTime(iso, { hour: 'numeric', minute: '2-digit', timeZone });

/** "Monday 7 December 2026, 14:30" */
export const formatWhen = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** "Tue 1 Dec, 09:00": a refund deadline, in her zone and language. */
export const formatDeadline = (intl: IntlShape, at: Date | string) =>
  intl.formatDate(at, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Her browser's IANA zone (for "times shown in …"). */
export function ownTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * A zone as people read it, with its offset now: "Riyadh (GMT+3)" in English (IANA city names are
 * English), "التوقيت العربي الرسمي (غرينتش+3)" in Arabic (Intl's own name of the zone).
 */
export function zoneLabel(intl: IntlShape, timeZone: string, at: Date = new Date()): string {
  const part = (style: 'shortOffset' | 'longGeneric') => {
    try {
      return (
        new Intl.DateTimeFormat(intl.locale, { timeZone, timeZoneName: style })
          .formatToParts(at)
          .find((p) => p.type === 'timeZoneName')?.value ?? ''
      );
    } catch {
      return '';
    }
  };
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  const offset = part('shortOffset');
  // UTC and fixed offsets have no name of their own beyond the offset
  if (/^(UTC|GMT|Etc\/)/.test(timeZone)) return offset || timeZone;
  const name = intl.locale.startsWith('ar') ? part('longGeneric') || city : city;
  return offset ? `${name} (${offset})` : name;
}

/** "Sunday, November 29, 11:00 AM": the day and the time in one phrase, as her language joins them. */
export const formatDayTime = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Minutes and seconds left, "9:05", digits left to right. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
