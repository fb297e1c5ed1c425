/**
 * Open slots of an expert (zod-free, both sides import it; consultation-rules.ts re-exports it):
 * from her weekly hours in her zone (several ranges per weekday), minus dates off, plus extra hours
 * on a date, on a grid of SLOT_STEP_MINUTES from each range's start; a slot must fit in its range,
 * start at least her notice after now and before now + her horizon, and not come within her buffer
 * of a booked or held call. A wall time that does not exist (the hour skipped when clocks spring
 * forward) gives no slot; an ambiguous one (the hour repeated when they fall back) takes its first
 * instant. A call lasts its minutes of real elapsed time. Wall times are read in her IANA time
 * zone with Intl only (no date library).
 */

/** Slots start on this grid from the start of each range of her hours. */
export const SLOT_STEP_MINUTES = 30;

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A range of wall time on one day: "HH:MM" to "HH:MM" (end after start; "24:00" is midnight). */
export type HoursRange = [string, string];

export interface DateException {
  /** YYYY-MM-DD in her zone. */
  date: string;
  /** The day's weekly hours do not apply. */
  off?: boolean;
  /** Hours on this date on top of (or, with `off`, instead of) the weekly ones. */
  extra?: HoursRange[];
}

export interface Availability {
  /** IANA zone, e.g. Asia/Riyadh. */
  timeZone: string;
  weekly: Partial<Record<Weekday, HoursRange[]>>;
  exceptions: DateException[];
  /** Free minutes kept before and after each call. */
  bufferMinutes: number;
  /** The earliest slot is this long after now. */
  noticeMinutes: number;
  /** The latest slot starts before now + this many days. */
  horizonDays: number;
}

/** An interval of real time that is taken (a confirmed call, or a hold that has not expired). */
export interface Busy {
  start: Date;
  end: Date;
}

export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;
export const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "HH:MM" → minutes after midnight (24:00 → 1440), or null. */
export function wallMinutes(value: string): number | null {
  if (!TIME_OF_DAY.test(value)) return null;
  const [h, m] = value.split(':').map(Number);
  return h * 60 + m;
}

/** Is this IANA time zone known to Intl? */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall time at an instant in a zone. */
export function wallTimeAt(instant: number | Date, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour % 24,
    minute: parts.minute,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds (whole minutes). */
function offsetAt(instant: number, zone: string): number {
  const w = wallTimeAt(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant of a wall time in a zone: null when it does not exist (skipped by a spring-forward
 * change), the first of the two when it is ambiguous (repeated by a fall-back change).
 */
export function instantOfWallTime(w: WallTime, zone: string): Date | null {
  const naive = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  const offsets = new Set([offsetAt(naive - 86_400_000, zone), offsetAt(naive + 86_400_000, zone)]);
  offsets.add(offsetAt(naive, zone));
  const found: number[] = [];
  for (const o of offsets) {
    const t = naive - o;
    const back = wallTimeAt(t, zone);
    if (
      back.year === w.year &&
      back.month === w.month &&
      back.day === w.day &&
      back.hour === w.hour &&
      back.minute === w.minute
    )
      found.push(t);
  }
  return found.length ? new Date(Math.min(...found)) : null;
}

/** The date (YYYY-MM-DD) in a zone at an instant. */
export function zonedDate(instant: number | Date, zone: string): string {
  const w = wallTimeAt(instant, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The wall-time ranges (minutes after midnight) she works on one date. */
export function hoursOn(a: Availability, date: string): [number, number][] {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const exceptions = a.exceptions.filter((e) => e.date === date);
  const ranges: HoursRange[] = exceptions.some((e) => e.off) ? [] : [...(a.weekly[weekday] ?? [])];
  for (const e of exceptions) ranges.push(...(e.extra ?? []));
  return ranges
    .map((r): [number, number] => [wallMinutes(r[0]) ?? 0, wallMinutes(r[1]) ?? 0])
    .filter(([s, e]) => e > s)
    .sort((p, q) => p[0] - q[0]);
}

export interface SlotQuery {
  availability: Availability;
  /** The call's length in minutes. */
  minutes: number;
  /** Only slots starting in [from, to). */
  from: Date;
  to: Date;
  now: Date;
  /** Booked and held calls of this expert (the buffer is added around them here). */
  busy: Busy[];
}

/** Does a call [start, end) come within `bufferMinutes` of a busy interval? */
export function conflicts(start: Date, end: Date, busy: Busy[], bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  return busy.some(
    (b) => start.getTime() < b.end.getTime() + buffer && b.start.getTime() < end.getTime() + buffer,
  );
}

/** Open slots' start instants, ascending, without duplicates (see the file comment). */
export function openSlots(q: SlotQuery): Date[] {
  const a = q.availability;
  const earliest = Math.max(q.from.getTime(), q.now.getTime() + a.noticeMinutes * 60_000);
  const latest = Math.min(q.to.getTime(), q.now.getTime() + a.horizonDays * 86_400_000);
  if (earliest >= latest || q.minutes <= 0) return [];
  const out = new Set<number>();
  // every local date that can hold a slot in the window (one day either side for the zone's offset)
  const dayOf = (t: number) => Date.parse(`${zonedDate(t, a.timeZone)}T00:00:00Z`);
  let day = dayOf(earliest) - 86_400_000;
  const lastDay = dayOf(latest);
  for (; day <= lastDay + 86_400_000; day += 86_400_000) {
    const d = new Date(day);
    const date = d.toISOString().slice(0, 10);
    const ranges = hoursOn(a, date);
    if (ranges.length === 0) continue;
    // a day without a change of offset (nearly all) converts directly; otherwise wall time by wall time
    const offset = offsetAt(day - 86_400_000, a.timeZone);
    const steady =
      offset === offsetAt(day + 2 * 86_400_000, a.timeZone) &&
      offset === offsetAt(day + 43_200_000, a.timeZone);
    for (const [rangeStart, rangeEnd] of ranges) {
      for (let m = rangeStart; m + q.minutes <= rangeEnd; m += SLOT_STEP_MINUTES) {
        const start = steady
          ? new Date(day + m * 60_000 - offset)
          : instantOfWallTime(
              {
                year: d.getUTCFullYear(),
                month: d.getUTCMonth() + 1,
                day: d.getUTCDate(),
                hour: Math.floor(m / 60),
                minute: m % 60,
              },
              a.timeZone,
            );
        if (!start) continue; // skipped by a spring-forward change
        const t = start.getTime();
        if (t < earliest || t >= latest) continue;
        const end = new Date(t + q.minutes * 60_000);
        if (conflicts(start, end, q.busy, a.bufferMinutes)) continue;
        out.add(t);
      }
    }
  }
  return [...out].sort((p, q2) => p - q2).map((t) => new Date(t));
}
