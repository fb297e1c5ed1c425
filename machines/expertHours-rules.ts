import {
  DATE,
  type HoursRange,
  isCalendarDate,
  isTimeZone,
  TIME_OF_DAY,
  WEEKDAYS,
  type Weekday,
  wallMinutes,
} from '../contract/consultation-rules';
import type { ExpertHours, ExpertHoursBody } from '../contract/staff-expert';
import type { AppError } from './types';

/**
 * Her hours in the expert portal (issue 26), the pure part (machines/expertHours.ts is the flow): the
 * form as she edits it (numbers as typed), what must be fixed before the server is asked (the same
 * rules as server/content/availability.ts checks a file by), and where the server's field codes land:
 * each problem is keyed by the dotted path of the thing she typed (`weekly.mon.1` is Monday's second
 * range, `exceptions.0.date`, `bufferMinutes`).
 */
export interface HoursException {
  date: string;
  kind: 'off' | 'extra';
  extra: HoursRange[];
}

export interface HoursForm {
  timeZone: string;
  weekly: Record<Weekday, HoursRange[]>;
  exceptions: HoursException[];
  bufferMinutes: string;
  noticeHours: string;
  horizonDays: string;
}

export type HoursNumber = 'bufferMinutes' | 'noticeHours' | 'horizonDays';

/** The bounds server/content/availability.ts puts on the numbers. */
export const HOURS_BOUNDS: Record<HoursNumber, { min: number; max: number }> = {
  bufferMinutes: { min: 0, max: 240 },
  noticeHours: { min: 0, max: 336 },
  horizonDays: { min: 1, max: 180 },
};

export type HoursChange =
  | { kind: 'zone'; value: string }
  | { kind: 'number'; field: HoursNumber; value: string }
  | { kind: 'rangeAdded'; day: Weekday }
  | { kind: 'rangeRemoved'; day: Weekday; index: number }
  | { kind: 'rangeChanged'; day: Weekday; index: number; end: 0 | 1; value: string }
  | { kind: 'exceptionAdded' }
  | { kind: 'exceptionRemoved'; index: number }
  | { kind: 'exceptionDate'; index: number; value: string }
  | { kind: 'exceptionKind'; index: number; value: 'off' | 'extra' }
  | { kind: 'extraAdded'; index: number }
  | { kind: 'extraRemoved'; index: number; range: number }
  | { kind: 'extraChanged'; index: number; range: number; end: 0 | 1; value: string };

export const DEFAULT_RANGE: HoursRange = ['09:00', '17:00'];

export function hoursForm(h: ExpertHoursBody): HoursForm {
  return {
    timeZone: h.timeZone,
    weekly: Object.fromEntries(WEEKDAYS.map((d) => [d, (h.weekly[d] ?? []).map((r) => [...r])])) as Record<
      Weekday,
      HoursRange[]
    >,
    exceptions: h.exceptions.map((e) => ({
      date: e.date,
      kind: e.off ? 'off' : 'extra',
      extra: (e.extra ?? []).map((r) => [...r] as HoursRange),
    })),
    bufferMinutes: String(h.bufferMinutes),
    noticeHours: String(h.noticeHours),
    horizonDays: String(h.horizonDays),
  };
}

/** PUT /staff/expert/hours's body (a day with no ranges is left out: a day off). */
export function hoursBody(f: HoursForm): ExpertHoursBody {
  return {
    timeZone: f.timeZone,
    weekly: Object.fromEntries(WEEKDAYS.filter((d) => f.weekly[d].length > 0).map((d) => [d, f.weekly[d]])),
    exceptions: f.exceptions.map((e) =>
      e.kind === 'off' ? { date: e.date, off: true } : { date: e.date, extra: e.extra },
    ),
    bufferMinutes: Number(f.bufferMinutes),
    noticeHours: Number(f.noticeHours),
    horizonDays: Number(f.horizonDays),
  };
}

/** The next range of a day: after its last one (an hour long) or 09:00–17:00. */
function nextRange(ranges: HoursRange[]): HoursRange {
  const last = ranges.at(-1);
  const end = last ? wallMinutes(last[1]) : null;
  if (end == null || end > 22 * 60) return [...DEFAULT_RANGE];
  const hhmm = (m: number) =>
    `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return [hhmm(end + 60), hhmm(Math.min(end + 120, 24 * 60))];
}

const setAt = <T>(list: T[], index: number, value: T) => list.map((x, i) => (i === index ? value : x));
const withEnd = (r: HoursRange, end: 0 | 1, value: string): HoursRange =>
  end === 0 ? [value, r[1]] : [r[0], value];

/** The change applied, and the problems of what changed gone (the rest kept). */
export function withHoursChange(
  f: HoursForm,
  errors: Record<string, string>,
  c: HoursChange,
): { fields: HoursForm; fieldErrors: Record<string, string> } {
  const drop = (prefix: string) =>
    Object.fromEntries(Object.entries(errors).filter(([k]) => k !== prefix && !k.startsWith(`${prefix}.`)));
  const ex = f.exceptions;
  switch (c.kind) {
    case 'zone':
      return { fields: { ...f, timeZone: c.value }, fieldErrors: drop('timeZone') };
    case 'number':
      return { fields: { ...f, [c.field]: c.value }, fieldErrors: drop(c.field) };
    case 'rangeAdded':
      return {
        fields: { ...f, weekly: { ...f.weekly, [c.day]: [...f.weekly[c.day], nextRange(f.weekly[c.day])] } },
        fieldErrors: drop(`weekly.${c.day}`),
      };
    case 'rangeRemoved':
      return {
        fields: { ...f, weekly: { ...f.weekly, [c.day]: f.weekly[c.day].filter((_, i) => i !== c.index) } },
        fieldErrors: drop(`weekly.${c.day}`),
      };
    case 'rangeChanged': {
      const ranges = f.weekly[c.day];
      const next = setAt(ranges, c.index, withEnd(ranges[c.index], c.end, c.value));
      return {
        fields: { ...f, weekly: { ...f.weekly, [c.day]: next } },
        fieldErrors: drop(`weekly.${c.day}`),
      };
    }
    case 'exceptionAdded':
      return {
        fields: { ...f, exceptions: [...ex, { date: '', kind: 'off', extra: [] }] },
        fieldErrors: errors,
      };
    case 'exceptionRemoved':
      return {
        fields: { ...f, exceptions: ex.filter((_, i) => i !== c.index) },
        fieldErrors: drop('exceptions'),
      };
    case 'exceptionDate':
      return {
        fields: { ...f, exceptions: setAt(ex, c.index, { ...ex[c.index], date: c.value }) },
        fieldErrors: drop(`exceptions.${c.index}.date`),
      };
    case 'exceptionKind': {
      const e = ex[c.index];
      const extra =
        c.value === 'extra' && e.extra.length === 0 ? [[...DEFAULT_RANGE] as HoursRange] : e.extra;
      return {
        fields: { ...f, exceptions: setAt(ex, c.index, { ...e, kind: c.value, extra }) },
        fieldErrors: drop(`exceptions.${c.index}`),
      };
    }
    case 'extraAdded': {
      const e = ex[c.index];
      return {
        fields: { ...f, exceptions: setAt(ex, c.index, { ...e, extra: [...e.extra, nextRange(e.extra)] }) },
        fieldErrors: drop(`exceptions.${c.index}.extra`),
      };
    }
    case 'extraRemoved': {
      const e = ex[c.index];
      const extra = e.extra.filter((_, i) => i !== c.range);
      return {
        fields: { ...f, exceptions: setAt(ex, c.index, { ...e, extra }) },
        fieldErrors: drop(`exceptions.${c.index}.extra`),
      };
    }
    case 'extraChanged': {
      const e = ex[c.index];
      const extra = setAt(e.extra, c.range, withEnd(e.extra[c.range], c.end, c.value));
      return {
        fields: { ...f, exceptions: setAt(ex, c.index, { ...e, extra }) },
        fieldErrors: drop(`exceptions.${c.index}.extra`),
      };
    }
  }
}

/** A day's ranges: each "HH:MM", ending after it starts, none overlapping an earlier one. */
function rangeProblems(ranges: HoursRange[], path: string, out: Record<string, string>) {
  const minutes = ranges.map((r) => [wallMinutes(r[0]), wallMinutes(r[1])] as const);
  ranges.forEach((r, i) => {
    const [s, e] = minutes[i];
    if (!TIME_OF_DAY.test(r[0]) || !TIME_OF_DAY.test(r[1]) || s == null || e == null)
      out[`${path}.${i}`] = 'TIME_FORMAT';
    else if (e <= s) out[`${path}.${i}`] = 'RANGE_ORDER';
    else if (minutes.some(([s2, e2], j) => j < i && s2 != null && e2 != null && s < e2 && s2 < e))
      out[`${path}.${i}`] = 'RANGE_OVERLAP';
  });
}

export function hoursProblems(f: HoursForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isTimeZone(f.timeZone)) out.timeZone = 'ZONE_INVALID';
  for (const d of WEEKDAYS) rangeProblems(f.weekly[d], `weekly.${d}`, out);
  f.exceptions.forEach((e, i) => {
    if (!DATE.test(e.date) || !isCalendarDate(e.date)) out[`exceptions.${i}.date`] = 'DATE_INVALID';
    else if (f.exceptions.some((o, j) => j < i && o.date === e.date))
      out[`exceptions.${i}.date`] = 'DATE_TWICE';
    if (e.kind === 'extra') {
      if (e.extra.length === 0) out[`exceptions.${i}`] = 'EXCEPTION_EMPTY';
      rangeProblems(e.extra, `exceptions.${i}.extra`, out);
    }
  });
  for (const [field, { min, max }] of Object.entries(HOURS_BOUNDS)) {
    const text = f[field as HoursNumber].trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) out[field] = 'NUMBER_RANGE';
  }
  return out;
}

/**
 * The server's field codes, each at the thing she typed: a time inside a range (`weekly.mon.1.0`)
 * at its range (`weekly.mon.1`), a problem of the whole list at the list.
 */
export function serverHoursProblems(error: AppError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, code] of Object.entries(error.fields ?? {})) {
    const path = key.replace(/^((?:weekly\.[a-z]{3}|exceptions\.\d+\.extra)\.\d+)\.[01]$/, '$1');
    out[path] ??= code;
  }
  return out;
}

export const hasFieldProblems = (error: AppError): boolean => Object.keys(error.fields ?? {}).length > 0;

/** The saved hours as the form shows them, with when they were saved. */
export const savedHours = (h: ExpertHours) => ({ fields: hoursForm(h), updatedAt: h.updatedAt });
