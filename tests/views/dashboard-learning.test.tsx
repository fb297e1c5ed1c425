import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { MyReview, ReviewBodyInput } from '../../contract/learning';
import type { LearningList, LearningLists, LoadedLists, MyLearningInput } from '../../machines/myLearning';
import { ratingGroup } from '../../src/theme/recipes/rating-group';
import { appPerTest } from '../support/browser';
import { ENROLLED, REVIEWS, SCORES } from '../support/learning-fixtures';
import { controlledActor } from '../support/render-app';

/** The dashboard's three learning pages in the real app, with stub actors: data, empty, error and retry. */
const page = appPerTest({ member: true });

const DATA: LearningLists = { courses: ENROLLED, scores: SCORES, reviews: REVIEWS };

function open(path: string, load: (input: MyLearningInput) => Promise<LoadedLists>, saveMyReview?: unknown) {
  const calls: MyLearningInput[] = [];
  page.render({
    path,
    savedLanguage: 'en',
    stubs: {
      loadList: fromPromise<LoadedLists, MyLearningInput>(({ input }) => {
        calls.push(input);
        return load(input);
      }) as never,
      ...(saveMyReview ? { saveMyReview: saveMyReview as never } : {}),
    },
  });
  return calls;
}

const PAGES: [string, LearningList, string][] = [
  ['/dashboard', 'courses', 'Your courses'],
  ['/dashboard/test-scores', 'scores', 'Your test scores'],
  ['/dashboard/ratings', 'reviews', 'Your reviews'],
];

describe('dashboard learning pages', () => {
  for (const [path, list, heading] of PAGES) {
    it(`${path}: asks for her ${list} and shows an empty state with Browse courses`, async () => {
      const calls = open(path, async () => ({ [list]: [] }));
      await screen.findByRole('heading', { name: heading }, { timeout: 10_000 });
      const empty = await screen.findByTestId('list-empty');
      // no "continue" card without a course to continue: the empty state speaks
      expect(screen.queryByTestId('continue-learning')).toBeNull();
      expect(calls).toEqual([{ list, userId: 'u1' }]);
      expect(within(empty).getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
    });

    it(`${path}: a failure says so kindly and Try again loads the list`, async () => {
      let fail = true;
      const calls = open(path, async () => {
        if (fail) throw { code: 'NETWORK_ERROR' };
        return DATA;
      });
      const alert = await screen.findByTestId('list-error', {}, { timeout: 10_000 });
      expect(alert).toHaveAttribute('role', 'alert');
      expect(alert.textContent).toMatch(/could not load your/);
      fail = false;
      await page.app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(screen.queryByTestId('list-error')).toBeNull());
      expect(calls).toHaveLength(2);
      expect(screen.queryByTestId('list-empty')).toBeNull();
    });
  }

  it('Enrolled Courses with no network: the saved courses, said to be from this device; back online, the whole list', async () => {
    let fromDevice = true;
    const calls = open('/dashboard', async () =>
      fromDevice ? { courses: ENROLLED.slice(0, 1), fromDevice: true } : { courses: ENROLLED },
    );
    const notice = await screen.findByTestId('courses-from-device', {}, { timeout: 10_000 });
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Offline: the courses saved on this device');
    expect(notice).toHaveTextContent('Your full list comes back with the connection.');
    expect(screen.getAllByTestId('enrolled-course')).toHaveLength(1);
    fromDevice = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getAllByTestId('enrolled-course')).toHaveLength(2));
    expect(screen.queryByTestId('courses-from-device')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('a new language reads her list again (titles come in the language asked for)', async () => {
    const calls = open('/dashboard', async () => ({ courses: ENROLLED }));
    await screen.findAllByTestId('enrolled-course', {}, { timeout: 10_000 });
    expect(calls).toHaveLength(1);
    await page.app.user.click(screen.getByTestId('language-switch'));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'ar'), { timeout: 10_000 });
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('Enrolled Courses: title, progress, status, enrolment date and Continue to the right place', async () => {
    open('/dashboard', async () => ({ courses: ENROLLED }));
    const rows = await screen.findAllByTestId('enrolled-course', {}, { timeout: 10_000 });
    expect(rows).toHaveLength(2);
    const [learning, completed] = rows;
    expect(within(learning).getByRole('heading', { name: 'Your menstrual cycle' })).toBeInTheDocument();
    expect(within(learning).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(learning).getByText('1 of 4 lessons done')).toBeInTheDocument();
    expect(within(learning).getByTestId('course-status')).toHaveTextContent('In progress');
    expect(within(learning).getByText(/Enrolled on Nov 1, 2026/)).toBeInTheDocument();
    expect(within(learning).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/dashboard/course/menstrual-cycle/lesson/l2',
    );
    expect(within(completed).getByTestId('course-status')).toHaveTextContent('Completed');
    expect(within(completed).getByRole('link', { name: 'See your results' })).toHaveAttribute(
      'href',
      '/dashboard/course/menopause-care/complete',
    );
  });

  it('the dashboard home starts with "continue where you left off": her latest unfinished course', async () => {
    const [learning, completed] = ENROLLED;
    // a course enrolled later but untouched since, and a finished one worked on last: neither is it
    const untouched = {
      ...learning,
      course: { ...learning.course, id: 'pcos-basics', title: 'PCOS basics' },
      progress: { ...learning.progress, status: 'pre_quiz' as const, done: 0, percent: 0 },
      enrolment: { ...learning.enrolment, enrolledAt: '2026-11-02T09:00:00.000Z' },
      lastActivityAt: '2026-11-02T09:00:00.000Z',
    };
    const finishedLast = { ...completed, lastActivityAt: '2026-11-20T09:00:00.000Z' };
    open('/dashboard', async () => ({ courses: [untouched, learning, finishedLast] }));
    const card = await screen.findByTestId('continue-learning', {}, { timeout: 10_000 });
    // first on the page, before her list
    const list = screen.getByTestId('enrolled-courses');
    expect(card.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Continue where you left off' })).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Your menstrual cycle' })).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(card).getByText('1 of 4 lessons done')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Continue' })).toHaveAttribute(
      'href',
      '/dashboard/course/menstrual-cycle/lesson/l2',
    );
  });

  it('a course never started says Start, and its badge is not in the error colours', async () => {
    const [learning] = ENROLLED;
    const untouched = {
      ...learning,
      progress: { ...learning.progress, status: 'pre_quiz' as const, done: 0, percent: 0 },
    };
    open('/dashboard', async () => ({ courses: [untouched] }));
    const row = await screen.findByTestId('enrolled-course', {}, { timeout: 10_000 });
    expect(within(row).getByRole('link', { name: 'Start' })).toHaveAttribute(
      'href',
      '/dashboard/course/menstrual-cycle/quiz/pre',
    );
    expect(
      within(screen.getByTestId('continue-learning')).getByRole('link', { name: 'Start' }),
    ).toBeInTheDocument();
    const badge = within(row).getByTestId('course-status');
    expect(badge).toHaveTextContent('Quiz before the lessons');
    expect(badge.className).not.toMatch(/highlight|error|red|rose/);
  });

  it('when every course is finished the top card says so and leads to the catalogue', async () => {
    open('/dashboard', async () => ({ courses: [ENROLLED[1]] }));
    const card = await screen.findByTestId('continue-learning', {}, { timeout: 10_000 });
    expect(within(card).getByRole('heading', { name: 'All your courses are finished' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
  });

  it('My Test Scores: before, after, the gain and a plain sentence per course', async () => {
    open('/dashboard/test-scores', async () => ({ scores: SCORES }));
    const rows = await screen.findAllByTestId('course-scores', {}, { timeout: 10_000 });
    const [both, preOnly] = rows;
    expect(within(both).getByText('40%')).toBeInTheDocument();
    expect(within(both).getByText('100%')).toBeInTheDocument();
    expect(within(both).getByText('2 of 5 correct')).toBeInTheDocument();
    expect(within(both).getByTestId('score-gain')).toHaveTextContent('+3questions');
    expect(within(both).getByTestId('score-sentence')).toHaveTextContent(
      'You answered 2 of 5 correctly before the course and 5 of 5 now.',
    );
    expect(within(both).getByText('2 attempts at the final quiz')).toBeInTheDocument();
    expect(within(preOnly).getByText('Not taken yet')).toBeInTheDocument();
    expect(within(preOnly).getByTestId('score-gain')).toHaveTextContent('—');
    expect(within(preOnly).getByTestId('score-sentence')).toHaveTextContent(
      /3 of 5 correctly before the course/,
    );
  });

  it('Ratings & Reviews: her review, edited in place with the stars and text and saved', async () => {
    const save = controlledActor<MyReview, { userId: string; review: ReviewBodyInput }>();
    open('/dashboard/ratings', async () => ({ reviews: REVIEWS }), save.logic);
    const row = await screen.findByTestId('my-review', {}, { timeout: 10_000 });
    expect(within(row).getByRole('heading', { name: 'Menopause care' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(within(row).getByTestId('review-text')).toHaveTextContent('Clear and kind.');
    expect(within(row).getByText(/Reviewed on Oct 21, 2026/)).toBeInTheDocument();

    await page.app.user.click(within(row).getByRole('button', { name: 'Edit review: Menopause care' }));
    const editor = within(row).getByTestId('review-editor');
    // Ark RatingGroup: one radio per star
    const stars = within(editor).getAllByRole('radio');
    expect(stars).toHaveLength(5);
    await page.app.user.click(stars[4]);
    const text = within(editor).getByRole('textbox', { name: 'Your review (optional)' });
    await page.app.user.clear(text);
    await page.app.user.type(text, 'Changed how I talk to my doctor.');
    await page.app.user.click(within(editor).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.last()!.input).toEqual({
      userId: 'u1',
      review: { courseId: 'menopause-care', rating: 5, text: 'Changed how I talk to my doctor.' },
    });
    // a failure keeps the editor open with a message
    await save.reject({ code: 'NETWORK_ERROR' });
    expect(await within(row).findByTestId('review-save-error')).toHaveTextContent(
      'Your review could not be saved. Please try again.',
    );
    await page.app.user.click(within(editor).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(save.calls).toHaveLength(2));
    await save.resolve({
      ...REVIEWS[0],
      rating: 5,
      text: 'Changed how I talk to my doctor.',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    await waitFor(() => expect(within(row).queryByTestId('review-editor')).toBeNull());
    expect(within(row).getByTestId('review-text')).toHaveTextContent('Changed how I talk to my doctor.');
    expect(within(row).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(row).getByText(/Updated on Nov 22, 2026/)).toBeInTheDocument();
    expect(within(row).getByRole('status')).toHaveTextContent('Your review was saved.');
    await act(async () => {});
  });

  it('the rating control colours no star before she chooses, and never in the error colours', () => {
    const item = ratingGroup.base?.item as Record<string, unknown>;
    // Ark marks star 1 checked (data-checked) while nothing is chosen: checked must colour nothing
    expect(item._checked).toBeUndefined();
    expect(Object.keys(item).filter((k) => k.includes('checked'))).toEqual([]);
    expect(JSON.stringify(item)).not.toMatch(/highlight\.|error\.|red\.|rose\./);
    expect(item._highlighted).toEqual({ color: 'accent.default' });
  });
});
