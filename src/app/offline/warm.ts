/**
 * The learning screens' code and words, fetched while a course is being saved, so the service worker
 * keeps them (it caches /assets as they load) and they open with no network (issue 28). Part of the
 * offline machine's `saveCourse` effect (./actors.ts), not of the view that asks. Failures are quiet:
 * she is online to save, and the copy itself is what the save is about.
 */
import type { Locale } from '../../../machines/types';
import { bundleMessages } from '../effects';

export function warmLearningScreens(locale: Locale): Promise<unknown> {
  return Promise.allSettled([
    import('../../views/dashboard/DashboardArea'),
    import('../../views/learn/LessonListView'),
    import('../../views/learn/LessonView'),
    import('../../views/learn/CompletionView'),
    import('../../views/quiz/QuizView'),
    // what the actors load only once the network has failed: it must be here before it fails
    import('../../api/course-offline'),
    import('./api'),
    // and what sends the queue once she is back: at that moment the network may not carry it yet
    import('./send'),
    bundleMessages(locale, 'learning'),
  ]);
}
