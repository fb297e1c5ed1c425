import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { COURSE_NOTICES, type CourseRequirement } from '../../../machines/courseLifecycle';
import { useCourseLifecycle, useSession, useSystemActor } from '../../app/actors';
import { notify } from '../../app/notify';
import { useRootEvent } from '../../app/ssr';

/** The lifecycle state a screen shows, asked of the machine by tag. */
export type CourseStatus =
  | 'idle'
  | 'loading'
  | 'failed'
  | 'notFound'
  | 'notEnrolled'
  | 'preQuiz'
  | 'learning'
  | 'postQuiz'
  | 'completed';

const STATUSES: CourseStatus[] = [
  'loading',
  'failed',
  'notFound',
  'notEnrolled',
  'preQuiz',
  'learning',
  'postQuiz',
  'completed',
];

/** The member's id when she is signed in; undefined while the session is still being restored. */
export function useMemberId(): string | null | undefined {
  return useSession((s) => {
    if (s.matches('signedIn')) {
      const id = s.context.user?.id ?? s.context.user?.userid;
      return id != null ? String(id) : null;
    }
    return s.matches('signedOut') ? null : undefined;
  });
}

/**
 * Opens the course in the root course lifecycle (member view when signed in, public otherwise)
 * once the session is known, and again when she signs in or out. Returns the machine's status.
 */
export function useOpenCourse(courseId: string, requires?: CourseRequirement): CourseStatus {
  const userId = useMemberId();
  useRootEvent(
    'courseLifecycle',
    userId === undefined ? null : { type: 'course.open', courseId, userId, requires },
  );
  const status = useCourseLifecycle((s) => STATUSES.find((t) => s.hasTag(`status:${t}`)) ?? 'idle');
  const openFor = useCourseLifecycle((s) => s.context.courseId);
  // until the machine holds this course, it is loading (never another course's state)
  return openFor === courseId ? status : 'loading';
}

/** Toasts for what the machine tells (enrolment succeeded), in the member's language. */
export function useCourseNotices() {
  const actor = useSystemActor('courseLifecycle');
  const intl = useIntl();
  useEffect(() => {
    const sub = actor.on(COURSE_NOTICES.enrolled, () =>
      notify({ type: 'success', title: intl.formatMessage({ id: 'learning.course.enrolled' }) }),
    );
    return () => sub.unsubscribe();
  }, [actor, intl]);
}

export function useCourseData() {
  return useCourseLifecycle((s) => s.context.course);
}

export function useCourseActor() {
  return useSystemActor('courseLifecycle');
}

export const coursePath = (id: string) => `/courses/${encodeURIComponent(id)}`;
export const learnPath = (id: string) => `/dashboard/course/${encodeURIComponent(id)}`;
export const lessonPath = (id: string, lessonId: string) =>
  `${learnPath(id)}/lesson/${encodeURIComponent(lessonId)}`;
export const quizPath = (id: string, kind: 'pre' | 'post') => `${learnPath(id)}/quiz/${kind}`;
export const completePath = (id: string) => `${learnPath(id)}/complete`;
