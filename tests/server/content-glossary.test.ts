/**
 * content:check's two content rules of issue 24: one Arabic vocabulary (server/content/glossary.json,
 * glossary.ts) and quizzes whose right option does not give itself away by its length
 * (quiz-balance.ts). Each refuses bad input, naming file, words and the term to use, and passes
 * good input; the real content and lang/ar.json pass both.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bareFeminineSuffixes,
  checkGlossary,
  expertTitleProblems,
  findRefused,
  GlossaryFile,
  glossaryProblems,
  interfaceProblems,
} from '../../server/content/glossary.ts';
import { CONTENT_DIR } from '../../server/content/loader.ts';
import {
  balanceReport,
  checkQuizBalance,
  quizBalance,
  strictlyLongest,
  tells,
} from '../../server/content/quiz-balance.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LANG_AR = join(ROOT, 'lang/ar.json');
const FIXTURES = fileURLToPath(new URL('./fixtures/content', import.meta.url));
const glossary = GlossaryFile.parse(JSON.parse(readFileSync(join(CONTENT_DIR, 'glossary.json'), 'utf8')));
/** The preferred terms the glossary asks for in one text (content or interface). */
const refused = (text: string, kind: 'content' | 'interface' = 'content') =>
  findRefused(glossary.terms, text, kind).map((f) => `${f.found} → ${f.term.preferred}`);

const temps: string[] = [];
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
/** A copy of the test content with the real glossary, and a lang/ar.json holding `strings`. */
function contentCopy(strings: Record<string, string> = {}): { dir: string; lang: string } {
  const dir = mkdtempSync(join(tmpdir(), 'amina-glossary-'));
  temps.push(dir);
  cpSync(FIXTURES, dir, { recursive: true });
  cpSync(join(CONTENT_DIR, 'glossary.json'), join(dir, 'glossary.json'));
  // the fixture's expert gets a title from the glossary
  const expertPath = join(dir, 'experts/test-expert.json');
  const expert = JSON.parse(readFileSync(expertPath, 'utf8'));
  expert.en.title = 'Midwife';
  expert.ar.title = 'قابلة قانونية';
  writeFileSync(expertPath, JSON.stringify(expert, null, 2));
  const lang = join(dir, 'ar.json');
  writeFileSync(
    lang,
    JSON.stringify({
      'site.header.dashboard': 'دوراتي',
      'site.header.consultations': 'استشاراتي',
      'site.links.learn': 'تعلّمي',
      ...strings,
    }),
  );
  return { dir, lang };
}
const lessonPath = (dir: string) => join(dir, 'courses/fixture-free/lessons/01-first-steps.ar.md');
const appendToLesson = (dir: string, line: string) =>
  writeFileSync(lessonPath(dir), `${readFileSync(lessonPath(dir), 'utf8')}\n${line}\n`);

describe('the glossary finds the refused words, and only them', () => {
  it('refuses the wrong word with its clitics, and names the term to use', () => {
    expect(refused('راجعي الطبيبة إذا لاحظتِ نزفًا بعد الجماع.')).toEqual(['نزفًا → نزيف']);
    expect(refused('فالنزف الغزير يحتاج إلى رعاية، وكذلك للنزف المتكرر.')).toEqual([
      'فالنزف → نزيف',
      'للنزف → نزيف',
    ]);
    expect(refused('وهو ليس من الأمراض المنقولة جنسيًا.')).toEqual([
      'الأمراض المنقولة جنسيًا → العدوى المنقولة جنسيًا',
    ]);
    expect(refused('اسألي الصيدلي عن ذلك.')).toEqual(['الصيدلي → الصيدلانية / الصيدلاني']);
    expect(refused('والغسول المهبلي يخلّ بالتوازن.')).toEqual(['والغسول المهبلي → الدشّ المهبلي']);
    expect(refused('هذه المقالة تثقيف صحي وليست استشارة طبية.')).toEqual(['وليست استشارة طبية → مشورة طبية']);
    expect(refused('هذا محتوى تثقيفي، وليس نصيحة طبية.', 'interface')).toEqual(['نصيحة طبية → مشورة طبية']);
  });

  it('keeps the verb, the pharmacy, heat, body temperature and the paid consultation', () => {
    expect(refused('بعض النساء ينزفن قليلًا، وإذا نزفتِ بعد انقطاع الطمث فراجعي الطبيبة.')).toEqual([]);
    expect(refused('اختبار الحمل من الصيدلية خطوة أولى، ويمكن للصيدلانية أن تساعدكِ.')).toEqual([]);
    expect(
      refused('تعمل الخصيتان في حرارة أقل من حرارة الجسم، وتعرّضهما للحرارة يضعف الحيوانات المنوية.'),
    ).toEqual([]);
    expect(refused('تتغيّر درجة حرارة جسمكِ بعد الإباضة.')).toEqual([]);
    expect(refused('نطلب اسمكِ عند حجز استشارة طبية فقط.', 'interface')).toEqual([]);
  });

  it('reads a bare «حرارة» among symptoms as fever, once per place', () => {
    expect(refused('- **حرارة**، أو قشعريرة، أو ألم في الظهر.')).toEqual(['حرارة → حمّى']);
    expect(refused('إذا أصابتكِ فجأة حرارة مرتفعة فاطلبي المساعدة.')).toEqual(['حرارة مرتفعة → حمّى']);
  });

  it('refuses «الجلطات» only beside a period, and keeps it for thrombosis', () => {
    expect(refused('قد تنزل مع الحيض جلطات كبيرة.')).toEqual(['جلطات → الكتل الدموية (الخثرات)']);
    expect(refused('يزيد الإستروجين خطر الجلطات الدموية بعد الولادة.')).toEqual([]);
    // a period word far away in the same sentence is not "near"
    expect(
      refused(
        'دوّني تواريخ الحيض، والأدوية والمكمّلات التي تتناولينها، وأي تاريخ عائلي لسرطان الثدي أو الجلطات.',
      ),
    ).toEqual([]);
  });

  it('asks for «هذه الدورة التعليمية» in content, not in the interface', () => {
    expect(refused('تشرح لكِ هذه الدورة ما الدورة الشهرية.')).toEqual(['هذه الدورة → هذه الدورة التعليمية']);
    expect(refused('تشرح لكِ هذه الدورة التعليمية ما الدورة الشهرية.')).toEqual([]);
    expect(refused('هذه الدورة لديكِ بالفعل.', 'interface')).toEqual([]);
  });

  it('finds a feminine suffix without its kasra, but not a ك that belongs to the word', () => {
    const { notSuffix } = glossary.interface.feminineKasra;
    expect(bareFeminineSuffixes('تعذّر تحميل دوراتك. تحقّقي من اتصالكِ.', notSuffix)).toEqual(['دوراتك']);
    expect(bareFeminineSuffixes('لذلك نحفظ رمزكِ، وهناك شريك واحد، وذلك لكِ.', notSuffix)).toEqual([]);
  });

  it('words each problem as file, place, words found and the term to use', () => {
    const problems = glossaryProblems(glossary, [
      { file: 'articles/x/ar.md', where: 'line 3', text: 'ألم مع حرارة.', kind: 'content' },
      { file: 'lang/ar.json', where: 'site.header.account', text: 'حسابك: {alias}', kind: 'interface' },
      // addressed to a professional applying: the masculine stays
      { file: 'lang/ar.json', where: 'forms.apply.jump', text: 'قدِّم طلبك الآن', kind: 'interface' },
    ]);
    expect(problems).toEqual([
      'articles/x/ar.md: line 3: «حرارة» → «حمّى» (fever)',
      'lang/ar.json: site.header.account: «حسابك» → «حسابكِ» (the feminine suffix carries its kasra: كِ)',
    ]);
  });

  it('fixes the dashboard link and keeps it apart from the footer', () => {
    const ok = {
      'site.header.dashboard': 'دوراتي',
      'site.header.consultations': 'استشاراتي',
      'site.links.learn': 'تعلّمي',
    };
    expect(interfaceProblems(glossary, 'lang/ar.json', ok)).toEqual([]);
    expect(interfaceProblems(glossary, 'lang/ar.json', { ...ok, 'site.header.dashboard': 'تعلّمي' })).toEqual([
      'lang/ar.json: site.header.dashboard: «تعلّمي» → «دوراتي»',
      'lang/ar.json: site.header.dashboard and site.links.learn are both «تعلّمي»: links to different pages need different names',
    ]);
  });

  it('gives one profession one Arabic title', () => {
    const salma = { en: { title: 'Obstetrician and gynaecologist' }, ar: { title: 'طبيبة نسائية وتوليد' } };
    expect(expertTitleProblems(glossary, 'experts/salma.json', salma)).toEqual([
      'experts/salma.json: ar.title: «طبيبة نسائية وتوليد» → «طبيبة أمراض النساء والتوليد» (Obstetrician and gynaecologist)',
    ]);
    salma.ar.title = 'طبيبة أمراض النساء والتوليد';
    expect(expertTitleProblems(glossary, 'experts/salma.json', salma)).toEqual([]);
    expect(
      expertTitleProblems(glossary, 'experts/new.json', {
        en: { title: 'Urologist' },
        ar: { title: 'طبيبة' },
      }),
    ).toEqual([
      'experts/new.json: en.title "Urologist" is not in glossary.json (expertTitles): add it with its Arabic',
    ]);
  });

  it('checks the files of a content folder and lang/ar.json', () => {
    const good = contentCopy();
    expect(checkGlossary(good.dir, { path: good.lang, name: 'lang/ar.json' })).toEqual([]);

    const bad = contentCopy({ 'learning.disclaimer': 'هذا محتوى تثقيفي، وليس نصيحة طبية.' });
    appendToLesson(bad.dir, 'اسألي الصيدلي إذا لاحظتِ نزفًا.');
    const quizPath = join(bad.dir, 'courses/fixture-free/quiz.json');
    const quiz = JSON.parse(readFileSync(quizPath, 'utf8'));
    quiz.pre[0].ar.explanation = 'ليست من الأمراض المنقولة جنسيًا.';
    writeFileSync(quizPath, JSON.stringify(quiz, null, 2));
    expect(checkGlossary(bad.dir, { path: bad.lang, name: 'lang/ar.json' })).toEqual([
      expect.stringMatching(
        /^courses\/fixture-free\/quiz\.json: pre\.0\.ar\.explanation: «الأمراض المنقولة جنسيًا» → «العدوى/,
      ),
      expect.stringMatching(
        /^courses\/fixture-free\/lessons\/01-first-steps\.ar\.md: line \d+: «نزفًا» → «نزيف»/,
      ),
      expect.stringMatching(
        /^courses\/fixture-free\/lessons\/01-first-steps\.ar\.md: line \d+: «الصيدلي» → /,
      ),
      'lang/ar.json: learning.disclaimer: «نصيحة طبية» → «مشورة طبية» (medical advice (the education note / disclaimer))',
    ]);
  });

  it('refuses a glossary that is not well formed', () => {
    const { dir } = contentCopy();
    writeFileSync(join(dir, 'glossary.json'), JSON.stringify({ ...glossary, terms: [{ id: 'x' }] }));
    expect(checkGlossary(dir)[0]).toMatch(/^glossary\.json: terms\.0\./);
  });
});

describe('quiz balance: the right option is not given away by its length', () => {
  const item = (id: string, correct: number, en: string[], ar: string[], multiple = false) => ({
    id,
    multiple,
    correct: [correct],
    en: { prompt: 'p', options: en, explanation: 'e' },
    ar: { prompt: 'ع', options: ar, explanation: 'ش' },
  });
  const even = ['aaaa', 'bbbb', 'cccc'];
  const evenAr = ['أأأأ', 'بببب', 'تتتت'];

  it('counts an item whose right option is strictly the longest in English or in Arabic', () => {
    expect(strictlyLongest(['short', 'the longest one', 'medium one'], 1)).toBe(true);
    expect(strictlyLongest(['same', 'same'], 1)).toBe(false);
    expect(tells(item('a', 0, ['longer one', 'short'], ['قصير', 'قصير']))).toBe(true);
    expect(tells(item('b', 0, even, ['أطول خيار', 'قصير', 'قصير']))).toBe(true);
    expect(tells(item('c', 0, even, evenAr))).toBe(false);
    // multiple-answer items are not counted
    expect(tells(item('d', 0, ['longer one', 'short'], ['أطول خيار', 'قصير'], true))).toBe(false);
  });

  it('fails above one in three over every quiz, and says so', () => {
    const telling = item('t', 1, ['no', 'the right one, longest'], ['لا', 'الإجابة الصحيحة الأطول']);
    const fair = item('f', 1, even, evenAr);
    const third = quizBalance('one-third', { pre: [telling, fair], post: [fair] });
    expect(third).toEqual({ course: 'one-third', single: 3, telling: ['t'] });
    expect(balanceReport([third]).problems).toEqual([]);

    const half = quizBalance('half', { pre: [telling], post: [fair] });
    const report = balanceReport([half]);
    expect(report.lines[0]).toContain(
      'in 1 of 2 single-answer items (50 %; the check fails above one in three, overall)',
    );
    expect(report.lines[1]).toBe('    half: 1 of 2 (50 %): t');
    expect(report.problems).toEqual([
      expect.stringMatching(/strictly longest in 1 of 2 single-answer items \(50 %\), above one in three/),
    ]);
  });

  it('reads every course folder', () => {
    const { dir } = contentCopy();
    expect(checkQuizBalance(dir).problems).toEqual([]);
    const giveAway = (course: string) => {
      const quizPath = join(dir, `courses/${course}/quiz.json`);
      const quiz = JSON.parse(readFileSync(quizPath, 'utf8'));
      for (const q of [...quiz.pre, ...quiz.post]) {
        if (q.multiple) continue;
        q.en.options[q.correct[0]] += ' — and this makes it by far the longest option of all';
      }
      writeFileSync(quizPath, JSON.stringify(quiz, null, 2));
    };
    // one course of three: 8 of 24 items, one in three exactly, still passes
    giveAway('fixture-free');
    const third = checkQuizBalance(dir);
    expect(third.lines.find((l) => l.includes('fixture-free'))).toMatch(/fixture-free: 8 of 8 \(100 %\)/);
    expect(third.problems).toEqual([]);
    giveAway('fixture-paid');
    expect(checkQuizBalance(dir).problems).toEqual([
      expect.stringMatching(
        /^quizzes: the right option is the strictly longest in 16 of 24 single-answer items \(67 %\), above one in three/,
      ),
    ]);
  });
});

describe('the real content', () => {
  it('speaks one vocabulary, in the content and in lang/ar.json', () => {
    expect(checkGlossary(CONTENT_DIR, { path: LANG_AR, name: 'lang/ar.json' })).toEqual([]);
  });

  it('keeps the quizzes balanced', () => {
    expect(checkQuizBalance(CONTENT_DIR).problems).toEqual([]);
  });

  it('npm run content:check fails on a glossary word, naming the file, the word and the term', async () => {
    const { dir } = contentCopy();
    mkdirSync(join(dir, 'articles'), { recursive: true });
    appendToLesson(dir, 'وهو ليس من الأمراض المنقولة جنسيًا.');
    const run = promisify(execFile)('npx', ['tsx', 'server/content/check.ts', dir], { cwd: ROOT });
    const failure = await run.then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(
      /courses\/fixture-free\/lessons\/01-first-steps\.ar\.md: line \d+: «الأمراض المنقولة جنسيًا» → «العدوى المنقولة جنسيًا»/,
    );
  }, 120_000);
});
