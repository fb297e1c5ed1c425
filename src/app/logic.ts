import { appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { courseLifecycleMachine } from '../../machines/courseLifecycle';
import { forgotPinMachine } from '../../machines/forgotPin';
import { languageMachine } from '../../machines/language';
import { safetyMachine } from '../../machines/safety';
import { sessionMachine } from '../../machines/session';
import { loginActor, registerActor, revokeTokenActor } from '../api/auth';
import {
  enrolFreeActor,
  loadCourseActor,
  loadReviewsActor,
  markAllDoneActor,
  markLessonDoneActor,
  saveReviewActor,
} from '../api/course';
import { saveLanguagePreference } from '../api/preferences';
import { fetchQuestionsActor, resetPinActor, verifyAnswersActor } from '../api/recovery';
import * as effects from './effects';
import * as safety from './safety-effects';

export interface Navigation {
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

type Implementations<TMachine extends { provide: (i: never) => unknown }> = Parameters<
  TMachine['provide']
>[0];

/**
 * What a caller puts over the real side effects, machine by machine: the test harness passes stub
 * actors here (and nothing else), so tests run the very logic the app runs.
 */
export interface AppOverrides {
  session?: Implementations<typeof sessionMachine>;
  language?: Implementations<typeof languageMachine>;
  cart?: Implementations<typeof cartMachine>;
  forgotPin?: Implementations<typeof forgotPinMachine>;
  courseLifecycle?: Implementations<typeof courseLifecycleMachine>;
  safety?: Implementations<typeof safetyMachine>;
}

export function createAppLogic(nav: Navigation, overrides: AppOverrides = {}) {
  return appMachine.provide({
    actors: {
      session: sessionMachine
        .provide({
          actors: {
            readStoredSession: effects.readStoredSession,
            login: loginActor,
            register: registerActor,
            revokeToken: revokeTokenActor,
          },
          actions: {
            storeCredentials: (_, p) => effects.storeCredentials(p.token, p.user),
            storeUser: (_, p) => effects.storeUser(p.user),
            removeStoredSession: () => effects.removeStoredSession(),
            clearEverything: () => effects.clearEverything(),
            saveLanguage: (_, p) => effects.persistLanguage(p.locale),
            goToLogin: (_, p) => nav.navigate(effects.loginPath(p.rememberPage), { replace: true }),
            goHome: () => nav.navigate('/', { replace: true }),
          },
        })
        .provide(overrides.session ?? {}),
      language: languageMachine
        .provide({
          actors: { loadMessages: effects.loadMessages, loadBundle: effects.loadBundle },
          actions: {
            applyDocumentLanguage: (_, p) => effects.applyDocumentLanguage(p.locale),
            persistLanguage: (_, p) => effects.persistLanguage(p.locale),
            saveLanguageOnServer: (_, p) => saveLanguagePreference(p.locale),
          },
        })
        .provide(overrides.language ?? {}),
      cart: cartMachine
        .provide({ actions: { persistCart: (_, p) => effects.persistCart(p) } })
        .provide(overrides.cart ?? {}),
      forgotPin: forgotPinMachine
        .provide({
          actors: {
            fetchQuestions: fetchQuestionsActor,
            verifyAnswers: verifyAnswersActor,
            resetPin: resetPinActor,
          },
          actions: { goToSignIn: () => nav.navigate('/login', { replace: true }) },
        })
        .provide(overrides.forgotPin ?? {}),
      courseLifecycle: courseLifecycleMachine
        .provide({
          actors: {
            loadCourse: loadCourseActor,
            enrolFree: enrolFreeActor,
            markLessonDone: markLessonDoneActor,
            markAllDone: markAllDoneActor,
            loadReviews: loadReviewsActor,
            saveReview: saveReviewActor,
          },
          actions: {
            goToLogin: (_, p) => nav.navigate(`/login?next=${encodeURIComponent(p.next)}`),
            // a learning screen needs an enrolment: the course page is where she enrols
            goToCoursePage: (_, p) =>
              nav.navigate(`/courses/${encodeURIComponent(p.courseId)}`, { replace: true }),
          },
        })
        .provide(overrides.courseLifecycle ?? {}),
      safety: safetyMachine
        .provide({
          actions: {
            hidePage: () => safety.hidePage(),
            leaveSite: () => safety.leaveSite(),
            applyIdentity: (_, p) => safety.applyIdentity(p.discreet),
            storePreference: (_, p) => safety.storeDiscreet(p.discreet),
          },
        })
        .provide(overrides.safety ?? {}),
    },
  });
}
