import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, fromPromise } from 'xstate';
import type { MemberCourseDetail } from '../../contract/learning';
import type { LearningLists } from '../../machines/myLearning';
import { courseDownloadBytes, type MemberStore, type SavedCourse } from '../../machines/offline-rules';
import { appPerTest } from '../support/browser';
import { ENROLLED } from '../support/learning-fixtures';
import { controlledActor, resolves } from '../support/stub-actors';
import { memberCourse } from './course-fixtures';

/**
 * Offline learning on the screens (issue 28), in the real app with the offline machine's device
 * store stubbed: the course page's "Save for offline" card (size first, busy, saved, remove, its
 * errors), the quiet offline mark and the pending sync on the learning screens, and the dashboard's
 * mark on a course saved on this device.
 */
const page = appPerTest({ member: true });
const COURSE = 'menstrual-cycle';

const savedEntry = (course: MemberCourseDetail, locale: 'en' | 'ar' = 'en'): SavedCourse => ({
  courseId: course.id,
  title: course.title,
  bytes: courseDownloadBytes(course),
  savedAt: '2026-11-28T10:00:00.000Z',
  locale,
});

function open(
  path: string,
  o: {
    course?: MemberCourseDetail;
    store?: MemberStore;
    language?: 'en' | 'ar';
    save?: ReturnType<typeof controlledActor<SavedCourse>>;
    remove?: ReturnType<typeof controlledActor<void>>;
    send?: ReturnType<typeof controlledActor<unknown>>;
    loadList?: AnyActorLogic;
  } = {},
) {
  const course = o.course ?? memberCourse('learning', { done: ['what-happens'] });
  const events: { type: string }[] = [];
  page.render({
    path,
    savedLanguage: o.language ?? 'en',
    inspect: (e) => {
      if (e.type === '@xstate.event' && e.event.type.startsWith('offline.')) events.push(e.event);
    },
    stubs: {
      loadCourse: resolves(course) as never,
      loadReviews: resolves({ items: [], page: 1, limit: 5, total: 0, totalPages: 0 }) as never,
      loadList: (o.loadList ?? resolves<Partial<LearningLists>>({ courses: ENROLLED })) as never,
      offlineLoadMember: resolves(o.store ?? { saved: [], queue: [] }) as never,
      ...(o.save ? { offlineSaveCourse: o.save.logic as never } : {}),
      ...(o.remove ? { offlineRemoveCourse: o.remove.logic as never } : {}),
      ...(o.send ? { offlineSendItem: o.send.logic as never } : {}),
    },
  });
  return { course, events };
}

const offlineActor = () => page.app.actor.system.get('offline')!;

/** The browser says the connection went (what watchConnection hears). */
async function goOffline() {
  await act(async () => offlineActor().send({ type: 'offline.connectionChanged', online: false }));
}

describe('Save for offline on the course page', () => {
  it('shows the download size first, saves (busy meanwhile), then offers to remove it', async () => {
    const save = controlledActor<SavedCourse>();
    const remove = controlledActor<void>();
    const { course, events } = open(`/courses/${COURSE}`, { save, remove });
    const card = await screen.findByTestId('offline-card', {}, { timeout: 10_000 });
    const kb = Math.round(courseDownloadBytes(course) / 1000);
    expect(within(card).getByTestId('offline-size')).toHaveTextContent(new RegExp(`^About ${kb}\\skB$`));
    const button = within(card).getByRole('button', { name: 'Save for offline' });
    await page.app.user.click(button);
    // the very course she loaded, in her language
    expect(events.find((e) => e.type === 'offline.save')).toEqual({
      type: 'offline.save',
      course,
      locale: 'en',
    });
    await waitFor(() => expect(save.last()?.input).toEqual({ userId: 'u1', course, locale: 'en' }));
    expect(within(card).getByRole('button', { name: 'Save for offline' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    await save.resolve(savedEntry(course));
    await waitFor(() => expect(card).toHaveTextContent('Saved on this device'));
    expect(within(card).queryByRole('button', { name: 'Save for offline' })).toBeNull();
    await page.app.user.click(within(card).getByRole('button', { name: 'Remove from this device' }));
    await waitFor(() => expect(remove.last()?.input).toEqual({ userId: 'u1', courseId: COURSE }));
    expect(within(card).getByRole('button', { name: 'Remove from this device' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await remove.resolve(undefined);
    expect(await within(card).findByRole('button', { name: 'Save for offline' })).toBeEnabled();
    expect(card).not.toHaveTextContent('Saved on this device');
  });

  it('a course already saved opens as saved; a failure is explained and can be dismissed', async () => {
    const course = memberCourse('learning');
    const save = controlledActor<SavedCourse>();
    open(`/courses/${COURSE}`, { course, save });
    const card = await screen.findByTestId('offline-card', {}, { timeout: 10_000 });
    await page.app.user.click(within(card).getByRole('button', { name: 'Save for offline' }));
    await save.reject({ code: 'NETWORK_ERROR' });
    const error = await within(card).findByTestId('offline-error');
    expect(error).toHaveTextContent('You need a connection to save a course.');
    await page.app.user.click(within(error).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(card).queryByTestId('offline-error')).toBeNull());

    open(`/courses/${COURSE}`, { course, store: { saved: [savedEntry(course)], queue: [] } });
    const saved = await screen.findByTestId('offline-card', {}, { timeout: 10_000 });
    await waitFor(() => expect(saved).toHaveTextContent('Saved on this device'));
    expect(within(saved).getByRole('button', { name: 'Remove from this device' })).toBeInTheDocument();
  });

  it('no card before she enrols', async () => {
    open(`/courses/${COURSE}`, { course: memberCourse(null) });
    await screen.findByTestId('course-page', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('offline-card')).toBeNull();
  });

  it('in Arabic, addressing her', async () => {
    open(`/courses/${COURSE}`, { language: 'ar' });
    const card = await screen.findByTestId('offline-card', {}, { timeout: 10_000 });
    expect(within(card).getByRole('button', { name: 'احفظي الدورة للقراءة دون اتصال' })).toBeInTheDocument();
    expect(within(card).getByTestId('offline-size')).toHaveTextContent(/^نحو /);
  });
});

describe('the learning screens with no connection', () => {
  it('the lesson list: a quiet offline mark, and "will be sent" on a lesson done offline', async () => {
    const course = memberCourse('learning', { done: ['what-happens'] });
    open(`/dashboard/course/${COURSE}`, {
      course,
      store: {
        saved: [savedEntry(course)],
        queue: [
          {
            key: '7d3c4a2e-0b7f-4a51-9d7a-3f1e2c4b5a69',
            kind: 'lesson.done',
            courseId: COURSE,
            lessonId: 'what-happens',
            madeAt: '2026-11-28T10:00:00.000Z',
          },
        ],
      },
    });
    await screen.findByTestId('lesson-list', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('offline-mark')).toBeNull();
    await goOffline();
    const mark = await screen.findByTestId('offline-mark');
    expect(mark).toHaveAttribute('role', 'status');
    expect(mark).toHaveTextContent('Offline');
    const [done, notDone] = screen.getAllByTestId('lesson-row');
    expect(within(done).getByTestId('sync-pending')).toHaveTextContent(
      'Will be sent when you are back online',
    );
    expect(within(notDone).queryByTestId('sync-pending')).toBeNull();
  });

  it('a lesson: the offline mark in Arabic, and nothing pending when the queue is empty', async () => {
    open(`/dashboard/course/${COURSE}/lesson/what-happens`, { language: 'ar' });
    await screen.findByTestId('lesson', {}, { timeout: 10_000 });
    await goOffline();
    expect(await screen.findByTestId('offline-mark')).toHaveTextContent('دون اتصال');
    expect(screen.queryByTestId('sync-pending')).toBeNull();
  });

  it('the quiz shows the offline mark too', async () => {
    page.render({
      path: `/dashboard/course/${COURSE}/quiz/pre`,
      savedLanguage: 'en',
      stubs: {
        loadQuiz: fromPromise(() => new Promise(() => {})) as never,
        offlineLoadMember: resolves({ saved: [], queue: [] }) as never,
      },
    });
    await screen.findByTestId('quiz-loading', {}, { timeout: 10_000 });
    await goOffline();
    expect(await screen.findByTestId('offline-mark')).toHaveTextContent('Offline');
  });
});

describe('the dashboard', () => {
  it('"My courses" marks the courses saved on this device', async () => {
    const course = memberCourse('learning');
    open('/dashboard', { store: { saved: [savedEntry(course)], queue: [] } });
    const rows = await screen.findAllByTestId('enrolled-course', {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(rows[0]).getByTestId('saved-offline')).toHaveTextContent('Saved on this device'),
    );
    expect(within(rows[1]).queryByTestId('saved-offline')).toBeNull();
  });
});

describe('a queued quiz sent while its screen is closed', () => {
  const QUIZ_KEY = '5b1e0c7a-2d4f-4e8a-9c3b-6a7f1d2e3c4b';
  const quizItem = {
    key: QUIZ_KEY,
    kind: 'quiz.submit' as const,
    courseId: COURSE,
    body: { courseId: COURSE, kind: 'post' as const, answers: [] },
    madeAt: '2026-11-28T10:00:00.000Z',
  };
  const lessonItem = {
    key: '7d3c4a2e-0b7f-4a51-9d7a-3f1e2c4b5a69',
    kind: 'lesson.done' as const,
    courseId: COURSE,
    lessonId: 'what-happens',
    madeAt: '2026-11-28T09:00:00.000Z',
  };

  it('a toast says it was sent and where her result is (a lesson sent says nothing); the list is read again', async () => {
    const send = controlledActor<unknown>();
    let lists = 0;
    const loadList = fromPromise(async () => {
      lists += 1;
      return { courses: ENROLLED };
    });
    open('/dashboard', { store: { saved: [], queue: [lessonItem, quizItem] }, send, loadList });
    await screen.findByTestId('enrolled-courses', {}, { timeout: 10_000 });
    await waitFor(() => expect(send.calls).toHaveLength(1));
    await act(async () => send.resolve({ progress: null }));
    await waitFor(() => expect(send.calls).toHaveLength(2));
    expect(screen.queryByText('Your quiz answers have been sent')).toBeNull();
    expect(lists).toBe(1);
    await act(async () => send.resolve({ score: 80 }));
    const toast = await screen.findByText('Your quiz answers have been sent');
    // the list on the page is read again once the queue is empty (it holds what was just sent)
    await waitFor(() => expect(lists).toBe(2));
    expect(toast.closest('[role="status"]') ?? toast.parentElement).toHaveTextContent(
      'Your result is in My Test Scores.',
    );
  });
});
