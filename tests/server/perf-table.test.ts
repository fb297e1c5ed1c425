import { describe, expect, it } from 'vitest';
import {
  buildTable,
  median,
  medianSample,
  type Row,
  ratio,
  type Sample,
  sampleOf,
} from '../../server/bench/perf-table';

const sample = (over: Partial<Sample> = {}): Sample => ({
  performance: 99,
  accessibility: 100,
  bestPractices: 100,
  fcpMs: 900,
  lcpMs: 1400,
  tbtMs: 60,
  cls: 0,
  bytes: 280 * 1024,
  scriptingMs: 400,
  longestTaskMs: 80,
  ...over,
});

const reference = sample({ tbtMs: 20, scriptingMs: 300, longestTaskMs: 0 });

/** The cells of a table line: two spaces or more between cells, at most one inside one. */
const cells = (line: string) => line.trim().split(/\s{2,}/);

describe('npm run perf: the table', () => {
  it('takes the median of each figure on its own', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const m = medianSample([
      sample({ tbtMs: 300, scriptingMs: 100 }),
      sample({ tbtMs: 10, scriptingMs: 900 }),
      sample({ tbtMs: 50, scriptingMs: 500 }),
    ]);
    expect(m.tbtMs).toBe(50);
    expect(m.scriptingMs).toBe(500);
  });

  it('reads scripting time and the longest task from the report', () => {
    const s = sampleOf({
      categories: {
        performance: { score: 0.97 },
        accessibility: { score: 1 },
        'best-practices': { score: 1 },
      },
      audits: {
        'total-blocking-time': { numericValue: 123 },
        'mainthread-work-breakdown': {
          details: {
            items: [
              { group: 'scriptEvaluation', duration: 500 },
              { group: 'styleLayout', duration: 200 },
              { group: 'scriptParseCompile', duration: 40 },
            ],
          },
        },
        'long-tasks': { details: { items: [{ duration: 70 }, { duration: 180 }, { duration: 55 }] } },
      },
    });
    expect(s).toMatchObject({ performance: 97, tbtMs: 123, scriptingMs: 540, longestTaskMs: 180 });
    // no task of 50 ms or more: Lighthouse lists none
    expect(sampleOf({ categories: {}, audits: {} }).longestTaskMs).toBe(0);
  });

  it("puts the reference's figures and the difference beside the page's", () => {
    const { lines, missed } = buildTable([{ page: '/', locale: 'en', m: sample(), ref: reference }]);
    const head = cells(lines[0]);
    const row = cells(lines[1]);
    const at = (name: string, nth = 0) => row[head.findIndex((h) => h === name && nth-- === 0)];
    expect(row[0]).toBe('/ (en)');
    expect(at('TBT')).toBe('60');
    expect(at('ref', 0)).toBe('20');
    expect(at('+', 0)).toBe('+40');
    expect(at('script')).toBe('400');
    expect(at('ref', 1)).toBe('300');
    expect(at('ratio')).toBe('×1.33');
    expect(at('longest')).toBe('80');
    expect(at('ref', 2)).toBe('<50');
    expect(missed).toBe(0);
  });

  it('marks each figure off target and counts the rows that miss one', () => {
    const rows: Row[] = [
      { page: '/', locale: 'en', m: sample({ tbtMs: 151 }), ref: reference },
      // 1.5× the reference's scripting time is on target, a little more is not
      { page: '/', locale: 'ar', m: sample({ scriptingMs: 450 }), ref: reference },
      { page: '/login', locale: 'en', m: sample({ scriptingMs: 451 }), ref: reference },
      { page: '/login', locale: 'ar', m: sample({ longestTaskMs: 101 }), ref: reference },
      { page: '/courses', locale: 'en', m: sample(), ref: reference, tapMs: 200 },
      { page: '/courses', locale: 'ar', m: sample(), ref: reference, tapMs: 201 },
    ];
    const { lines, missed } = buildTable(rows);
    expect(lines[1]).toContain('151!');
    expect(lines[2]).not.toContain('!');
    expect(lines[3]).toContain('×1.50!');
    expect(lines[4]).toContain('101!');
    expect(lines[5]).not.toContain('!');
    expect(cells(lines[5]).at(-1)).toBe('200');
    expect(cells(lines[6]).at(-1)).toBe('201!');
    expect(missed).toBe(4);
  });

  it('says so when there is no reference to divide by', () => {
    expect(ratio(100, 0)).toBe('–');
    const { missed } = buildTable([
      { page: '/', locale: 'en', m: sample(), ref: sample({ scriptingMs: 0 }) },
    ]);
    expect(missed).toBe(1);
  });
});
