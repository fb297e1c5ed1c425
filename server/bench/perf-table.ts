/**
 * The table `npm run perf` prints (server/bench/perf.ts), apart from the browser: medians of the
 * runs, each page's main-thread figures beside the reference page's (the fixed libraries alone,
 * server/bench/perf-reference.ts) measured in the same run, and the marks of what is off target.
 * Pure, so tests/server/perf-table.test.ts can hold it to its rules.
 */

/** One Lighthouse run of one page. */
export interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Script evaluation plus parse and compile on the main thread (Lighthouse's breakdown). */
  scriptingMs: number;
  /** The longest main-thread task; Lighthouse lists tasks from 50 ms, so 0 means "under 50 ms". */
  longestTaskMs: number;
}

/** The issue's targets: every row, median of the runs. */
export const TARGET = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 2000,
  cls: 0.02,
  tbtMs: 150,
  /** The page's scripting time at most this many times the reference page's. */
  scriptingRatio: 1.5,
  longestTaskMs: 100,
  /** The first tap after the page has loaded (the phone menu's button), answered: its next paint. */
  tapMs: 200,
};

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The median of every figure over the runs (each figure on its own). */
export function medianSample(samples: Sample[]): Sample {
  if (samples.length === 0) throw new Error('no runs to take a median of');
  return Object.fromEntries(
    (Object.keys(samples[0]) as (keyof Sample)[]).map((k) => [k, median(samples.map((s) => s[k]))]),
  ) as unknown as Sample;
}

/** The figures Lighthouse's report gives for one run (the parts of `lhr` read here). */
export interface LighthouseResult {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        numericValue?: number;
        details?: { items?: { group?: string; duration?: number }[] };
      }
    | undefined
  >;
}

/** One run's sample from a Lighthouse result. */
export function sampleOf(lhr: LighthouseResult): Sample {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const scripting = items('mainthread-work-breakdown')
    .filter((i) => i.group === 'scriptEvaluation' || i.group === 'scriptParseCompile')
    .reduce((n, i) => n + (i.duration ?? 0), 0);
  const longest = items('long-tasks').reduce((n, i) => Math.max(n, i.duration ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    scriptingMs: scripting,
    longestTaskMs: longest,
  };
}

export interface Row {
  page: string;
  locale: string;
  /** The page's medians. */
  m: Sample;
  /** The reference page's medians, measured between this page's runs. */
  ref: Sample;
  /** The first tap's median duration (Event Timing: from the tap to the next paint), if measured. */
  tapMs?: number;
}

const ms = (v: number) => `${Math.round(v)}`;
const longest = (v: number) => (v > 0 ? ms(v) : '<50');
const seconds = (v: number) => `${(v / 1000).toFixed(2)} s`;

/** page / reference, "×1.42"; "–" when the reference is 0 (nothing to divide by). */
export function ratio(page: number, ref: number): string {
  return ref > 0 ? `×${(page / ref).toFixed(2)}` : '–';
}

/** The differences a row is judged by, and whether each is on target. */
export function verdicts(row: Row) {
  const { m, ref } = row;
  return {
    performance: m.performance >= TARGET.performance,
    accessibility: m.accessibility >= TARGET.accessibility,
    bestPractices: m.bestPractices >= TARGET.bestPractices,
    lcp: m.lcpMs <= TARGET.lcpMs,
    cls: m.cls <= TARGET.cls,
    tbt: m.tbtMs <= TARGET.tbtMs,
    scripting: ref.scriptingMs > 0 && m.scriptingMs <= TARGET.scriptingRatio * ref.scriptingMs,
    longestTask: m.longestTaskMs <= TARGET.longestTaskMs,
    tap: row.tapMs === undefined || row.tapMs <= TARGET.tapMs,
  };
}

const HEADINGS = [
  'page',
  'perf',
  'a11y',
  'bp',
  'FCP',
  'LCP',
  'CLS',
  'KiB',
  'TBT',
  'ref',
  '+',
  'script',
  'ref',
  'ratio',
  'longest',
  'ref',
  '+',
  'tap',
] as const;

function line(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

/**
 * The table: one row per page and language; the main-thread columns in milliseconds, each beside
 * the reference's and the difference (for scripting, the ratio); `!` after a value off target.
 * Returns the lines and how many rows miss a target.
 */
export function buildTable(rows: Row[]): { lines: string[]; missed: number } {
  const off = (ok: boolean, text: string) => (ok ? text : `${text}!`);
  const cells = rows.map((row) => {
    const { m, ref } = row;
    const v = verdicts(row);
    return {
      missed: Object.values(v).some((ok) => !ok),
      cells: [
        `${row.page} (${row.locale})`,
        off(v.performance, String(m.performance)),
        off(v.accessibility, String(m.accessibility)),
        off(v.bestPractices, String(m.bestPractices)),
        seconds(m.fcpMs),
        off(v.lcp, seconds(m.lcpMs)),
        off(v.cls, m.cls.toFixed(3)),
        (m.bytes / 1024).toFixed(0),
        off(v.tbt, ms(m.tbtMs)),
        ms(ref.tbtMs),
        signed(m.tbtMs - ref.tbtMs),
        ms(m.scriptingMs),
        ms(ref.scriptingMs),
        off(v.scripting, ratio(m.scriptingMs, ref.scriptingMs)),
        off(v.longestTask, longest(m.longestTaskMs)),
        longest(ref.longestTaskMs),
        m.longestTaskMs > 0 ? signed(m.longestTaskMs - ref.longestTaskMs) : '–',
        row.tapMs === undefined ? '–' : off(v.tap, ms(row.tapMs)),
      ],
    };
  });
  const widths = HEADINGS.map((h, i) => Math.max(h.length, ...cells.map((c) => c.cells[i].length)));
  return {
    lines: [line([...HEADINGS], widths), ...cells.map((c) => line(c.cells, widths))],
    missed: cells.filter((c) => c.missed).length,
  };
}

function signed(v: number): string {
  const r = Math.round(v);
  return r > 0 ? `+${r}` : String(r);
}

/** The text above the table: what was measured, and how to read the columns. */
export function legend(runs: number): string {
  return [
    `Lighthouse ${runs > 1 ? `median of ${runs} runs` : '1 run'}, mobile (150 ms RTT, 1.6 Mbps, 4× CPU); ! = off target`,
    'TBT, script (evaluation + parse/compile) and longest task in ms (4× CPU): the page, then the reference',
    'page (React hydrating a trivial server-rendered tree, xstate, react-intl, wouter, Panda css(): the',
    "size:floor page) measured between the page's runs, then the difference; <50 = no task of 50 ms or more;",
    'tap: the first tap on the phone menu once the page has loaded (4× CPU), from the tap to the next paint',
  ].join('\n');
}
