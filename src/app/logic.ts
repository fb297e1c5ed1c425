import { fromPromise } from 'xstate';
import { appMachine } from '../../machines/app';
import { cartMachine } from '../../machines/cart';
import { courseLifecycleMachine } from '../../machines/courseLifecycle';
import { dataSaverMachine } from '../../machines/dataSaver';
import { forgotPinMachine } from '../../machines/forgotPin';
import { languageMachine } from '../../machines/language';
import { offlineMachine } from '../../machines/offline';
import { safetyMachine } from '../../machines/safety';
import { sessionMachine } from '../../machines/session';
import { splashMachine } from '../../machines/splash';
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
import { fetchQuestionsActor, resetPinActor, verifyAnswersActor, verifyCodeActor } from '../api/recovery';
import * as dataSaver from './data-saver-effects';
import * as effects from './effects';
import { offlineActors } from './offline/actors';
import { wipeDevice } from './offline/wipe';
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
  /** The server's render keeps the splash as the page first shows it (src/entry-server.tsx). */
  splash?: Implementations<typeof splashMachine>;
  offline?: Implementations<typeof offlineMachine>;
  dataSaver?: Implementations<typeof dataSaverMachine>;
}

/**
 * The caller's implementations over a machine's, when there are any: each `.provide()` builds the
 * machine's whole state tree again, and the app's start (issue 23) had one for nothing per machine.
 */
function over<M extends { provide: (implementations: never) => M }>(
  machine: M,
  extra: Parameters<M['provide']>[0] | undefined,
): M {
  return extra ? machine.provide(extra as never) : machine;
}

export function createAppLogic(nav: Navigation, overrides: AppOverrides = {}) {
  return appMachine.provide({
    actors: {
      session: over(
        sessionMachine.provide({
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
            // sign-out and account deletion: her offline copies, queue and key go too (issue 28)
            clearEverything: ({ system }) => {
              effects.clearEverything();
              system.get('offline')?.send({ type: 'offline.wipe' });
            },
            saveLanguage: (_, p) => effects.persistLanguage(p.locale),
            goToLogin: (_, p) => nav.navigate(effects.loginPath(p.rememberPage), { replace: true }),
            goHome: () => nav.navigate('/', { replace: true }),
            followAccountLanguage: ({ system }, p) => {
              if (p.locale && !effects.readSavedLanguage())
                system.get('language')?.send({ type: 'language.change', locale: p.locale });
            },
          },
        }),
        overrides.session,
      ),
      language: over(
        languageMachine.provide({
          actors: { loadMessages: effects.loadMessages, loadBundle: effects.loadBundle },
          actions: {
            applyDocumentLanguage: (_, p) => effects.applyDocumentLanguage(p.locale),
            persistLanguage: (_, p) => effects.persistLanguage(p.locale),
            saveLanguageOnServer: (_, p) => saveLanguagePreference(p.locale),
          },
        }),
        overrides.language,
      ),
      cart: over(
        cartMachine.provide({ actions: { persistCart: (_, p) => effects.persistCart(p) } }),
        overrides.cart,
      ),
      forgotPin: over(
        forgotPinMachine.provide({
          actors: {
            fetchQuestions: fetchQuestionsActor,
            verifyAnswers: verifyAnswersActor,
            verifyCode: verifyCodeActor,
            resetPin: resetPinActor,
          },
          actions: { goToSignIn: () => nav.navigate('/login', { replace: true }) },
        }),
        overrides.forgotPin,
      ),
      courseLifecycle: over(
        courseLifecycleMachine.provide({
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
        }),
        overrides.courseLifecycle,
      ),
      safety: over(
        safetyMachine.provide({
          actors: { wipeDevice: fromPromise(() => wipeDevice()) },
          actions: {
            hidePage: () => safety.hidePage(),
            leaveSite: () => safety.leaveSite(),
            applyIdentity: (_, p) => safety.applyIdentity(p.discreet),
            storePreference: (_, p) => safety.storeDiscreet(p.discreet),
          },
        }),
        overrides.safety,
      ),
      // issue 28: the offline machine's effects (src/app/offline/) — OFFLINE-WIRING
      offline: over(offlineMachine.provide({ actors: offlineActors }), overrides.offline),
      // issue 28: the data saver's effects — DATASAVER-WIRING
      dataSaver: over(
        dataSaverMachine.provide({
          actions: {
            applyToDocument: (_, p) => dataSaver.applyDataSaver(p.on),
            storeChoice: (_, p) => dataSaver.storeDataSaver(p.on),
          },
        }),
        overrides.dataSaver,
      ),
      ...(overrides.splash ? { splash: splashMachine.provide(overrides.splash) } : {}),
    },
  });
}
