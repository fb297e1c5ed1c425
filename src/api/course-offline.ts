import type { AnyActorRef } from 'xstate';
import type { EnrolledCourse, MemberCourseDetail, Progress } from '../../contract/learning';

/**
 * The learning actors with no network (issue 28), apart from src/api/course.ts so that the first
 * visit does not carry them: her saved copy instead of the server's, a lesson done kept in the
 * offline queue. The offline helpers themselves (src/app/offline/api.ts) load with the first use.
 */
const offlineApi = () => import('../app/offline/api');

/** The app's actor system (the root's), where the offline machine runs as `offline`. */
export type AnyActorSystem = AnyActorRef['system'];

/** Her saved copy when the error is the network's; otherwise (or with no copy) the error again. */
export async function savedCopy(
  userId: string,
  courseId: string,
  error: unknown,
): Promise<MemberCourseDetail> {
  const api = await offlineApi();
  if (!api.isOfflineError(error)) throw error;
  const copy = await api.readSavedCourse(userId, courseId).catch(() => null);
  if (!copy) throw error;
  return copy;
}

/**
 * Her enrolled courses from the copies saved on this device when the error is the network's;
 * otherwise, or with no copy, the error again (the list's failure and its retry stand).
 */
export async function savedCourseList(userId: string, error: unknown): Promise<EnrolledCourse[]> {
  const api = await offlineApi();
  if (!api.isOfflineError(error)) throw error;
  const courses = await api.savedEnrolledCourses(userId).catch(() => []);
  if (!courses.length) throw error;
  return courses;
}

/** Replaces the copy saved on this device with the course as the server just gave it (quietly). */
export async function refreshSaved(userId: string, course: MemberCourseDetail): Promise<void> {
  await (await offlineApi()).updateSavedCourse(userId, course).catch(() => {});
}

/** The signed-in member's id, as the session holds it. */
function memberId(system: AnyActorSystem): string | null {
  const user = system.get('session')?.getSnapshot()?.context?.user as
    | { id?: string | number; userid?: string | number }
    | null
    | undefined;
  const id = user?.id ?? user?.userid;
  return id != null ? String(id) : null;
}

/** A lesson done with no network: done in her saved copy and queued; any other failure stands. */
export async function lessonDoneOffline(
  system: AnyActorSystem,
  input: { courseId: string; lessonId: string },
  error: unknown,
): Promise<Progress> {
  const api = await offlineApi();
  const userId = memberId(system);
  if (!userId || !api.isOfflineError(error)) throw error;
  return api.recordLessonDoneOffline(system, { userId, ...input });
}
