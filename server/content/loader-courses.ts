/**
 * `courses/<id>/{course.json, quiz.json, lessons/NN-<lesson-id>.<en|ar>.md}` → course, lesson and
 * question rows (server/content/README.md). Every file is checked, so one run names every problem.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CourseFile, ID, LESSON_FILE, LessonFrontMatter, QuizFile } from '../../contract/content.ts';
import type { Block, ContentSource } from '../../contract/learning.ts';
import type { Locale } from '../lib/i18n.ts';
import { issues, type PerLocale, type Reader, visible, withHash } from './loader-files.ts';
import { MarkdownError, markdownToBlocks, splitFrontMatter } from './markdown.ts';

export interface CourseTexts {
  title: string;
  summary: string;
  description: string;
  requirements: string[];
  audience: string[];
  outcomes: string[];
}
export interface CourseRow {
  id: string;
  position: number;
  published: boolean;
  price: number;
  salePrice: number | null;
  level: string;
  expertId: string;
  texts: PerLocale<CourseTexts>;
  /** The guidance it was checked against, and when (README "Sources and review dates"). */
  sources: ContentSource[];
  reviewedOn: string;
  nextReview: string;
  hash: string;
}
export interface LessonTexts {
  title: string;
  minutes: number;
  body: Block[];
}
export interface LessonRow {
  courseId: string;
  id: string;
  position: number;
  texts: PerLocale<LessonTexts>;
  hash: string;
}
export interface QuestionTexts {
  prompt: string;
  options: string[];
  explanation: string;
}
export interface QuestionRow {
  courseId: string;
  id: string;
  kind: 'pre' | 'post';
  position: number;
  multiple: boolean;
  correct: number[];
  texts: PerLocale<QuestionTexts>;
  hash: string;
}
export interface CourseRows {
  courses: CourseRow[];
  lessons: LessonRow[];
  questions: QuestionRow[];
}

/** Every course folder under `courses/`, checked against the experts that exist. */
export function readCourses(
  dir: string,
  reader: Reader,
  expertIds: ReadonlySet<string>,
  problems: string[],
): CourseRows {
  const out: CourseRows = { courses: [], lessons: [], questions: [] };
  const { rel } = reader;
  for (const folder of reader.list(join(dir, 'courses'))) {
    const base = join(dir, 'courses', folder);
    if (!statSync(base).isDirectory()) {
      problems.push(`${rel(base)}: only course folders belong in courses/`);
      continue;
    }
    if (!ID.test(folder)) {
      problems.push(`${rel(base)}: course folder names are ids (lower-case letters, digits, hyphens)`);
      continue;
    }
    for (const name of readdirSync(base).filter(visible)) {
      if (!['course.json', 'quiz.json', 'lessons'].includes(name))
        problems.push(
          `${rel(join(base, name))}: unexpected file (a course folder holds course.json, quiz.json and lessons/)`,
        );
    }
    const coursePath = join(base, 'course.json');
    const courseJson = reader.readJson(coursePath);
    const course = courseJson === undefined ? null : CourseFile.safeParse(courseJson);
    if (course && !course.success) problems.push(...issues(rel(coursePath), course.error));
    const c = course?.success ? course.data : null;
    if (c && c.id !== folder)
      problems.push(`${rel(coursePath)}: id "${c.id}" differs from the folder name "${folder}"`);
    if (c && !expertIds.has(c.expert))
      problems.push(`${rel(coursePath)}: expert "${c.expert}" has no file experts/${c.expert}.json`);

    out.lessons.push(...readLessons(folder, join(base, 'lessons'), reader, problems));
    out.questions.push(...readQuiz(folder, join(base, 'quiz.json'), reader, problems));
    if (c) {
      out.courses.push(
        withHash({
          id: c.id,
          position: c.order,
          published: c.published,
          price: c.price,
          salePrice: c.sale_price,
          level: c.level,
          expertId: c.expert,
          texts: { en: c.en, ar: c.ar },
          sources: c.sources,
          reviewedOn: c.reviewedOn,
          nextReview: c.nextReview,
        }),
      );
    }
  }
  return out;
}

/** A course's lessons, in the order of their numbers; each must exist in en and ar. */
function readLessons(courseId: string, lessonsDir: string, reader: Reader, problems: string[]): LessonRow[] {
  const { rel } = reader;
  const found = new Map<string, { number: string; files: Partial<Record<Locale, string>> }>();
  const numbers = new Map<string, string>();
  for (const name of reader.list(lessonsDir)) {
    const m = LESSON_FILE.exec(name);
    const file = rel(join(lessonsDir, name));
    if (!m) {
      problems.push(`${file}: lesson files are named NN-<lesson-id>.<en|ar>.md`);
      continue;
    }
    const [, number, id, locale] = m;
    const entry = found.get(id) ?? { number, files: {} };
    if (entry.number !== number)
      problems.push(`${file}: lesson "${id}" has two numbers (${entry.number}, ${number})`);
    const other = numbers.get(number);
    if (other && other !== id) problems.push(`${file}: number ${number} is used by "${other}" and "${id}"`);
    numbers.set(number, id);
    entry.files[locale as Locale] = name;
    found.set(id, entry);
  }
  if (found.size === 0 && existsSync(lessonsDir))
    problems.push(`${rel(lessonsDir)}: a course needs at least one lesson`);
  const rows: LessonRow[] = [];
  const ordered = [...found.entries()].sort((a, b) => a[1].number.localeCompare(b[1].number));
  ordered.forEach(([id, { number, files: byLocale }], index) => {
    const texts: Partial<PerLocale<LessonTexts>> = {};
    for (const locale of ['en', 'ar'] as const) {
      const name = byLocale[locale];
      if (!name) {
        problems.push(
          `${rel(join(lessonsDir, `${number}-${id}.${locale}.md`))}: missing (every lesson exists in en and ar)`,
        );
        continue;
      }
      const path = join(lessonsDir, name);
      const source = reader.read(path);
      if (source === null) continue;
      try {
        const { data, body, bodyLine } = splitFrontMatter(source);
        const front = LessonFrontMatter.safeParse(data);
        if (!front.success) {
          problems.push(...issues(rel(path), front.error));
          continue;
        }
        const blocks = markdownToBlocks(body, bodyLine);
        if (blocks.length === 0) problems.push(`${rel(path)}: the lesson has no text`);
        texts[locale] = { title: front.data.title, minutes: front.data.minutes, body: blocks };
      } catch (e) {
        if (e instanceof MarkdownError) problems.push(`${rel(path)}: ${e.message}`);
        else throw e;
      }
    }
    if (texts.en && texts.ar)
      rows.push(withHash({ courseId, id, position: index + 1, texts: texts as PerLocale<LessonTexts> }));
  });
  return rows;
}

/** A course's pre- and post-course questions, in the file's order. */
function readQuiz(courseId: string, quizPath: string, reader: Reader, problems: string[]): QuestionRow[] {
  const quizJson = reader.readJson(quizPath);
  const quiz = quizJson === undefined ? null : QuizFile.safeParse(quizJson);
  if (quiz && !quiz.success) problems.push(...issues(reader.rel(quizPath), quiz.error));
  if (!quiz?.success) return [];
  const rows: QuestionRow[] = [];
  for (const kind of ['pre', 'post'] as const) {
    quiz.data[kind].forEach((q, i) => {
      rows.push(
        withHash({
          courseId,
          id: q.id,
          kind,
          position: i + 1,
          multiple: q.multiple,
          correct: [...q.correct].sort((a, b) => a - b),
          texts: { en: q.en, ar: q.ar },
        }),
      );
    });
  }
  return rows;
}
