import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type ActorOptions,
  type AnyActorLogic,
  type AnyStateMachine,
  fromPromise,
  type InspectionEvent,
} from 'xstate';
import { App } from '../../src/app/App';
import { RootProvider, type ScreenOverrides, startAppActor } from '../../src/app/actors';
import { browserSavesData, readStoredDataSaver } from '../../src/app/data-saver-effects';
import * as effects from '../../src/app/effects';
import { createAppLogic } from '../../src/app/logic';
import { readStoredDiscreet } from '../../src/app/safety-effects';
import { rejects } from './stub-actors';

/**
 * Renders the real app (real machines, real views, real routes) in jsdom with the side effects
 * that leave the page replaced by stubs, supplied with `.provide()` exactly as the root does.
 * Browser storage, cookies and the document language are jsdom's own, so they work for real.
 */
export interface Stubs {
  readStoredSession?: AnyActorLogic;
  login?: AnyActorLogic;
  register?: AnyActorLogic;
  revokeToken?: AnyActorLogic;
  loadMessages?: AnyActorLogic;
  loadBundle?: AnyActorLogic;
  fetchQuestions?: AnyActorLogic;
  verifyAnswers?: AnyActorLogic;
  resetPin?: AnyActorLogic;
  /** The sign-up screen's own actors (its actor is created by the screen; see ScreenOverrides). */
  fetchAvatars?: AnyActorLogic;
  fetchSecurityQuestions?: AnyActorLogic;
  checkAlias?: AnyActorLogic;
  /** The course lifecycle's actors (root system id `courseLifecycle`). */
  loadCourse?: AnyActorLogic;
  enrolFree?: AnyActorLogic;
  markLessonDone?: AnyActorLogic;
  markAllDone?: AnyActorLogic;
  loadReviews?: AnyActorLogic;
  saveReview?: AnyActorLogic;
  /** The learning screens' own actors (catalogue, quiz, the dashboard's learning pages). */
  fetchCourses?: AnyActorLogic;
  loadQuiz?: AnyActorLogic;
  submitQuiz?: AnyActorLogic;
  /** The quiz's wait for answers kept in the offline queue (issue 28). */
  awaitQueuedResult?: AnyActorLogic;
  /** The offline machine's device store (issue 28; root system id `offline`): the real one where none is given. */
  offlineLoadMember?: AnyActorLogic;
  offlineSaveCourse?: AnyActorLogic;
  offlineRemoveCourse?: AnyActorLogic;
  /** Sending one queued request (the real one POSTs it). */
  offlineSendItem?: AnyActorLogic;
  loadList?: AnyActorLogic;
  saveMyReview?: AnyActorLogic;
  /** The cart screen's and checkout's own actors (each screen creates its actor). */
  quote?: AnyActorLogic;
  validateCoupon?: AnyActorLogic;
  createPaymentMethod?: AnyActorLogic;
  newAttemptKey?: AnyActorLogic;
  purchase?: AnyActorLogic;
  loadChallenge?: AnyActorLogic;
  decideChallenge?: AnyActorLogic;
  /** The Invoices page's own actors (its actor is created by the page). */
  loadInvoices?: AnyActorLogic;
  downloadInvoice?: AnyActorLogic;
  /** The public forms' one actor (each form creates its own enquiryForm actor). */
  sendForm?: AnyActorLogic;
  /** The article screens' own actors (the list, the home page's Latest articles, one article). */
  fetchArticles?: AnyActorLogic;
  fetchArticle?: AnyActorLogic;
  /** The experts screens' own actors (the directory, a profile, the home page's Our experts). */
  fetchExperts?: AnyActorLogic;
  fetchExpert?: AnyActorLogic;
  /** Booking on an expert's page and her consultations page (issue 10; card and challenge as checkout's). */
  loadSlots?: AnyActorLogic;
  hold?: AnyActorLogic;
  loadBooking?: AnyActorLogic;
  /** Her live hold with the expert (default: none). */
  findHold?: AnyActorLogic;
  releaseHold?: AnyActorLogic;
  confirmBooking?: AnyActorLogic;
  loadConsultations?: AnyActorLogic;
  quoteCancellation?: AnyActorLogic;
  cancelBooking?: AnyActorLogic;
  joinCall?: AnyActorLogic;
  downloadPdf?: AnyActorLogic;
  /** PIN recovery with her one-time recovery code (root forgotPin, issue 25). */
  verifyCode?: AnyActorLogic;
  /** Account Settings' recovery code, export and delete sections (issue 25; each creates its actor). */
  issueRecoveryCode?: AnyActorLogic;
  exportData?: AnyActorLogic;
  deleteAccount?: AnyActorLogic;
  /** Account Settings' own actors (issue 25; each section creates its actor). */
  loadSettings?: AnyActorLogic;
  saveProfile?: AnyActorLogic;
  savePreference?: AnyActorLogic;
  changePin?: AnyActorLogic;
  saveAnswers?: AnyActorLogic;
  loadDevices?: AnyActorLogic;
  signOutDevice?: AnyActorLogic;
  signOutOthers?: AnyActorLogic;
}

/** No hold of hers to resume (the booking panel by default). */
const noHold = fromPromise(async () => null);

/** No consultations yet (her consultations page by default). */
const noConsultations = fromPromise(async () => ({ upcoming: [], past: [], cancelled: [] }));

/** What an actor the test did not stub answers: the network failed. */
const notProvided = rejects({ code: 'NETWORK_ERROR' });

/** The stubs a test gave (the real implementation stays where it gave none). */
function defined(stubs: Record<string, AnyActorLogic | undefined>): never {
  return Object.fromEntries(Object.entries(stubs).filter(([, logic]) => logic)) as never;
}

/** A member with no courses, scores or reviews yet (the dashboard's learning pages by default). */
const nothingYet = fromPromise(async () => ({ courses: [], scores: [], reviews: [] }));

/** No published experts (the home page's Our experts stays hidden by default). */
const noExperts = fromPromise(async () => ({ items: [], total: 0 }));

/** A member with no invoices yet (the Invoices page by default). */
const noInvoices = fromPromise(async () => ({ items: [], page: 1, limit: 10, total: 0, totalPages: 0 }));

export function navigateTo(path: string) {
  window.history.pushState(null, '', path);
}

export function renderApp(
  options: {
    path?: string;
    stubs?: Stubs;
    inspect?: (e: InspectionEvent) => void;
    savedLanguage?: string | null;
    /** The sign-up alias check's debounce (default: the machine's 400 ms). */
    aliasDebounceMs?: number;
    /** The article search's debounce (default: the machine's 400 ms). */
    articleSearchDebounceMs?: number;
    /** The booking hold's length (default: until the booking's holdExpiresAt). */
    bookingHoldMs?: number;
    /** A clock for the whole actor system, e.g. `new SimulatedClock()` to drive the splash delays by hand. */
    clock?: ActorOptions<AnyStateMachine>['clock'];
    /** Quick exit's way out (jsdom cannot leave the page): default, nothing happens. */
    leaveSite?: () => void;
    /** A signed-in member's language kept on her account (issue 25): default, nothing is sent. */
    saveLanguageOnServer?: (locale: string) => void;
  } = {},
) {
  const s = options.stubs ?? {};
  navigateTo(options.path ?? '/');
  // screens that create their own actors get stubbed (or refusing) actors and the same inspector
  const screens: ScreenOverrides = {
    signup: {
      actors: {
        fetchAvatars: (s.fetchAvatars ?? notProvided) as never,
        fetchSecurityQuestions: (s.fetchSecurityQuestions ?? notProvided) as never,
        checkAlias: (s.checkAlias ?? notProvided) as never,
      },
      ...(options.aliasDebounceMs != null ? { delays: { aliasDebounce: options.aliasDebounceMs } } : {}),
    },
    catalogue: { actors: { fetchCourses: (s.fetchCourses ?? notProvided) as never } },
    articles: {
      actors: { fetchArticles: (s.fetchArticles ?? notProvided) as never },
      ...(options.articleSearchDebounceMs != null
        ? { delays: { searchDebounce: options.articleSearchDebounceMs } }
        : {}),
    },
    article: { actors: { fetchArticle: (s.fetchArticle ?? notProvided) as never } },
    experts: {
      actors: {
        fetchExperts: (s.fetchExperts ?? noExperts) as never,
        fetchExpert: (s.fetchExpert ?? notProvided) as never,
      },
    },
    quiz: {
      actors: {
        loadQuiz: (s.loadQuiz ?? notProvided) as never,
        submitQuiz: (s.submitQuiz ?? notProvided) as never,
        awaitQueuedResult: (s.awaitQueuedResult ?? notProvided) as never,
      },
    },
    myLearning: {
      actors: {
        loadList: (s.loadList ?? nothingYet) as never,
        saveReview: (s.saveMyReview ?? notProvided) as never,
      },
    },
    invoices: {
      actors: {
        loadInvoices: (s.loadInvoices ?? noInvoices) as never,
        downloadInvoice: (s.downloadInvoice ?? notProvided) as never,
      },
    },
    enquiryForm: { actors: { sendForm: (s.sendForm ?? notProvided) as never } },
    cartReview: {
      actors: {
        quote: (s.quote ?? notProvided) as never,
        validateCoupon: (s.validateCoupon ?? notProvided) as never,
      },
    },
    checkout: {
      actors: {
        quote: (s.quote ?? notProvided) as never,
        createPaymentMethod: (s.createPaymentMethod ?? notProvided) as never,
        newAttemptKey: (s.newAttemptKey ?? notProvided) as never,
        purchase: (s.purchase ?? notProvided) as never,
        loadChallenge: (s.loadChallenge ?? notProvided) as never,
        decideChallenge: (s.decideChallenge ?? notProvided) as never,
      },
    },
    booking: {
      actors: {
        loadSlots: (s.loadSlots ?? notProvided) as never,
        hold: (s.hold ?? notProvided) as never,
        loadBooking: (s.loadBooking ?? notProvided) as never,
        findHold: (s.findHold ?? noHold) as never,
        releaseHold: (s.releaseHold ?? notProvided) as never,
        createPaymentMethod: (s.createPaymentMethod ?? notProvided) as never,
        newAttemptKey: (s.newAttemptKey ?? notProvided) as never,
        confirm: (s.confirmBooking ?? notProvided) as never,
        loadChallenge: (s.loadChallenge ?? notProvided) as never,
        decideChallenge: (s.decideChallenge ?? notProvided) as never,
      },
      ...(options.bookingHoldMs != null ? { delays: { holdTimeout: options.bookingHoldMs } } : {}),
    },
    consultations: {
      actors: {
        loadConsultations: (s.loadConsultations ?? noConsultations) as never,
        quoteCancellation: (s.quoteCancellation ?? notProvided) as never,
        cancelBooking: (s.cancelBooking ?? notProvided) as never,
        joinCall: (s.joinCall ?? notProvided) as never,
        downloadPdf: (s.downloadPdf ?? notProvided) as never,
      },
    },
    accountSettings: { actors: { loadSettings: (s.loadSettings ?? notProvided) as never } },
    profileSettings: { actors: { saveProfile: (s.saveProfile ?? notProvided) as never } },
    discreetDocuments: { actors: { savePreference: (s.savePreference ?? notProvided) as never } },
    pinChange: { actors: { changePin: (s.changePin ?? notProvided) as never } },
    securityAnswers: { actors: { saveAnswers: (s.saveAnswers ?? notProvided) as never } },
    devices: {
      actors: {
        loadDevices: (s.loadDevices ?? notProvided) as never,
        signOutDevice: (s.signOutDevice ?? notProvided) as never,
        signOutOthers: (s.signOutOthers ?? notProvided) as never,
      },
    },
    recoveryCode: { actors: { issueCode: (s.issueRecoveryCode ?? notProvided) as never } },
    accountExport: { actors: { exportData: (s.exportData ?? notProvided) as never } },
    accountDelete: { actors: { deleteAccount: (s.deleteAccount ?? notProvided) as never } },
    inspect: options.inspect,
  };
  // the app's own root logic, with the stubs over the real side effects (and real ones where none is given)
  const logic = createAppLogic(
    { navigate: (to, o) => (o?.replace ? window.history.replaceState(null, '', to) : navigateTo(to)) },
    {
      session: {
        actors: defined({
          readStoredSession: s.readStoredSession,
          login: s.login ?? notProvided,
          register: s.register ?? notProvided,
          revokeToken: s.revokeToken ?? fromPromise(async () => {}),
        }),
      },
      language: {
        actors: defined({ loadMessages: s.loadMessages, loadBundle: s.loadBundle }),
        actions: { saveLanguageOnServer: (_, p) => options.saveLanguageOnServer?.(p.locale) },
      },
      forgotPin: {
        actors: {
          fetchQuestions: (s.fetchQuestions ?? notProvided) as never,
          verifyAnswers: (s.verifyAnswers ?? notProvided) as never,
          resetPin: (s.resetPin ?? notProvided) as never,
          verifyCode: (s.verifyCode ?? notProvided) as never,
        },
      },
      safety: { actions: { leaveSite: options.leaveSite ?? (() => {}) } },
      offline: {
        actors: defined({
          loadMember: s.offlineLoadMember,
          saveCourse: s.offlineSaveCourse,
          removeCourse: s.offlineRemoveCourse,
          sendItem: s.offlineSendItem,
        }),
      },
      courseLifecycle: {
        actors: {
          loadCourse: (s.loadCourse ?? notProvided) as never,
          enrolFree: (s.enrolFree ?? notProvided) as never,
          markLessonDone: (s.markLessonDone ?? notProvided) as never,
          markAllDone: (s.markAllDone ?? notProvided) as never,
          loadReviews: (s.loadReviews ?? notProvided) as never,
          saveReview: (s.saveReview ?? notProvided) as never,
        },
      },
    },
  );
  const actor = startAppActor(
    logic,
    {
      savedLanguage:
        options.savedLanguage !== undefined ? options.savedLanguage : effects.readSavedLanguage(),
      storedCart: effects.readStoredCart(),
      storedDiscreet: readStoredDiscreet(),
      storedDataSaver: readStoredDataSaver(),
      browserSaveData: browserSavesData(),
    },
    options.inspect,
    options.clock,
  );
  const user = userEvent.setup();
  const view = render(
    <RootProvider actor={actor} screens={screens}>
      <App />
    </RootProvider>,
  );
  const unmount = () => {
    view.unmount();
    actor.stop();
  };
  return { actor, system: actor.system, user, view, unmount };
}

export { controlledActor, deferred } from './stub-actors';

/** Clears what a previous test left in jsdom's storage, cookies and document. */
export function resetBrowserState() {
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
}

/**
 * What a page load does to `<html>` before the app starts: index.html's own attributes, then its inline
 * script (run from the real file), which applies the saved language before the first paint.
 * Call it between `unmount()` and the next `renderApp()` to model a reload; storage and cookies stay.
 */
export function loadDocument() {
  const html = document.documentElement;
  html.lang = 'en';
  html.dir = 'ltr';
  delete html.dataset.font;
  const source = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
  const inline = [...source.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  for (const code of inline) new Function(code)();
}
