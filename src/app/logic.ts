import { appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { courseLifecycleMachine } from '../../machines/courseLifecycle';
import { forgotPinMachine } from '../../machines/forgotPin';
import { languageMachine } from '../../machines/language';
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
import { fetchQuestionsActor, resetPinActor, verifyAnswersActor } from '../api/recovery';
import * as effects from './effects';

export interface Navigation {
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

/** The root machine with every side effect supplied (tests call `appMachine.provide` with stubs instead). */
export function createAppLogic(nav: Navigation) {
  return appMachine.provide({
    actors: {
      session: sessionMachine.provide({
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
          goToLogin: (_, p) => nav.navigate(effects.loginPath(p.rememberPage), { replace: true }),
        },
      }),
      language: languageMachine.provide({
        actors: { loadMessages: effects.loadMessages, loadBundle: effects.loadBundle },
        actions: {
          applyDocumentLanguage: (_, p) => effects.applyDocumentLanguage(p.locale),
          persistLanguage: (_, p) => effects.persistLanguage(p.locale),
        },
      }),
      cart: cartMachine.provide({ actions: { persistCart: (_, p) => effects.persistCart(p) } }),
      forgotPin: forgotPinMachine.provide({
        actors: {
          fetchQuestions: fetchQuestionsActor,
          verifyAnswers: verifyAnswersActor,
          resetPin: resetPinActor,
        },
        actions: { goToSignIn: () => nav.navigate('/login', { replace: true }) },
      }),
      courseLifecycle: courseLifecycleMachine.provide({
        actors: {
          loadCourse: loadCourseActor,
          enrolFree: enrolFreeActor,
          markLessonDone: markLessonDoneActor,
          markAllDone: markAllDoneActor,
          loadReviews: loadReviewsActor,
          saveReview: saveReviewActor,
        },
        actions: { goToLogin: (_, p) => nav.navigate(`/login?next=${encodeURIComponent(p.next)}`) },
      }),
    },
  });
}
