/**
 * Quizzes measure knowledge, not guessing (issue 24, item 3): in a single-answer question the right
 * option must not give itself away by being the longest. An item "tells" when its right option is
 * strictly longer (in characters) than every other option in English OR in Arabic. `content:check`
 * prints the share of telling items per course and overall, and fails when the overall share is
 * above one in three (MAX_TELLING_SHARE).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The most the right option may be the strictly longest, over every single-answer item. */
export const MAX_TELLING_SHARE = 1 / 3;

interface QuizItem {
  id?: unknown;
  multiple?: unknown;
  correct?: unknown;
  en?: { options?: unknown };
  ar?: { options?: unknown };
}

const length = (s: string) => [...s].length;

/** Whether `options[right]` is strictly longer than every other option. */
export function strictlyLongest(options: string[], right: number): boolean {
  const n = length(options[right] ?? '');
  return options.every((o, i) => i === right || length(o) < n);
}

/** Whether a single-answer item's right option is the strictly longest in English or in Arabic. */
export function tells(item: QuizItem): boolean {
  if (item.multiple !== false || !Array.isArray(item.correct) || item.correct.length !== 1) return false;
  const right = item.correct[0] as number;
  return [item.en?.options, item.ar?.options].some(
    (o) => Array.isArray(o) && o.every((s) => typeof s === 'string') && strictlyLongest(o as string[], right),
  );
}

export interface QuizBalance {
  course: string;
  /** Single-answer items. */
  single: number;
  /** Those whose right option is the strictly longest (ids). */
  telling: string[];
}

/** The balance of one quiz.json's items (pre and post). */
export function quizBalance(course: string, quiz: unknown): QuizBalance {
  const q = (quiz ?? {}) as { pre?: unknown; post?: unknown };
  const items = [q.pre, q.post].flatMap((list) => (Array.isArray(list) ? (list as QuizItem[]) : []));
  const single = items.filter((i) => i.multiple === false);
  return { course, single: single.length, telling: single.filter(tells).map((i) => String(i.id)) };
}

const percent = (n: number, of: number) => (of === 0 ? '0 %' : `${Math.round((100 * n) / of)} %`);

/**
 * The report printed by content:check (one line per course, then the total) and, when the overall
 * share is above MAX_TELLING_SHARE, the problem that fails the check.
 */
export function balanceReport(balances: QuizBalance[]): { lines: string[]; problems: string[] } {
  const single = balances.reduce((n, b) => n + b.single, 0);
  const telling = balances.reduce((n, b) => n + b.telling.length, 0);
  const lines = [
    `  quiz balance: the right option is the strictly longest (in English or Arabic) in ${telling} of ${single} single-answer items (${percent(telling, single)}; the check fails above one in three, overall):`,
    ...balances.map(
      (b) =>
        `    ${b.course}: ${b.telling.length} of ${b.single} (${percent(b.telling.length, b.single)})${b.telling.length ? `: ${b.telling.join(', ')}` : ''}`,
    ),
  ];
  const problems =
    single > 0 && telling / single > MAX_TELLING_SHARE
      ? [
          `quizzes: the right option is the strictly longest in ${telling} of ${single} single-answer items (${percent(telling, single)}), above one in three: write distractors as long and as specific as the right answer`,
        ]
      : [];
  return { lines, problems };
}

/** Reads every courses/<id>/quiz.json under `dir` (files that are not JSON are the loader's to report). */
export function checkQuizBalance(dir: string): { lines: string[]; problems: string[] } {
  const courses = join(dir, 'courses');
  const names = existsSync(courses)
    ? readdirSync(courses)
        .filter((n) => !n.startsWith('.'))
        .sort()
    : [];
  const balances: QuizBalance[] = [];
  for (const name of names) {
    const path = join(courses, name, 'quiz.json');
    if (!statSync(join(courses, name)).isDirectory() || !existsSync(path)) continue;
    try {
      balances.push(quizBalance(name, JSON.parse(readFileSync(path, 'utf8'))));
    } catch {
      // not JSON: reported by the loader
    }
  }
  return balanceReport(balances);
}
