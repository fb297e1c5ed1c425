import { sendTo, setup } from 'xstate';
import { cartMachine } from './cart';
import { courseLifecycleMachine } from './courseLifecycle';
import { dataSaverMachine } from './dataSaver';
import { forgotPinMachine } from './forgotPin';
import { languageMachine } from './language';
import { offlineMachine } from './offline';
import { safetyMachine } from './safety';
import { sessionMachine } from './session';
import { splashMachine } from './splash';

/**
 * The root of the actor system. It starts the long-lived machines with system ids, so any view
 * can reach them (`system.get('session')`), and dispatches `session.initialise` on start (spec §2).
 * The root provider supplies their side effects with `.provide()`; tests supply stubs the same way.
 */
export interface AppInput {
  /** The raw value stored under `language`, read before start. */
  savedLanguage: string | null;
  /** The raw value stored under `cart`. */
  storedCart: string | null;
  /** The raw value stored under `discreet` (discreet mode); absent is off. */
  storedDiscreet?: string | null;
  /** The raw value stored under `dataSaver` (issue 28); absent is off unless the browser saves data. */
  storedDataSaver?: string | null;
  /** navigator.connection.saveData, when the browser says. */
  browserSaveData?: boolean;
  /** navigator.onLine at start (true on the server and in tests unless given). */
  online?: boolean;
}

/** Sent by the checkout screen when a purchase is complete. */
export type AppEvent = { type: 'app.purchased'; courseIds: string[] };

export const appMachine = setup({
  types: {} as { context: AppInput; input: AppInput; events: AppEvent },
  actors: {
    splash: splashMachine,
    language: languageMachine,
    session: sessionMachine,
    cart: cartMachine,
    forgotPin: forgotPinMachine,
    courseLifecycle: courseLifecycleMachine,
    safety: safetyMachine,
    offline: offlineMachine,
    dataSaver: dataSaverMachine,
  },
  actions: {
    /** Spec §2: the session restores itself (or not) as the app starts. */
    initialiseSession: sendTo('session', { type: 'session.initialise' }),
    /** Spec §4: a completed purchase empties the cart. */
    emptyCart: sendTo('cart', { type: 'cart.clear' }),
    /** The open course page shows her enrolment (`course.purchased` refreshes it when it is one of them). */
    refreshPurchasedCourse: sendTo('courseLifecycle', ({ event }) => ({
      type: 'course.purchased' as const,
      courseIds: event.courseIds,
    })),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: 'splash', systemId: 'splash', src: 'splash' },
    {
      id: 'language',
      systemId: 'language',
      src: 'language',
      input: ({ context }) => ({ saved: context.savedLanguage }),
    },
    { id: 'session', systemId: 'session', src: 'session' },
    {
      id: 'cart',
      systemId: 'cart',
      src: 'cart',
      input: ({ context }) => ({ stored: context.storedCart }),
    },
    { id: 'forgotPin', systemId: 'forgotPin', src: 'forgotPin' },
    { id: 'courseLifecycle', systemId: 'courseLifecycle', src: 'courseLifecycle' },
    {
      id: 'safety',
      systemId: 'safety',
      src: 'safety',
      input: ({ context }) => ({ storedDiscreet: context.storedDiscreet ?? null }),
    },
    {
      id: 'offline',
      systemId: 'offline',
      src: 'offline',
      input: ({ context }) => ({ online: context.online ?? true }),
    },
    {
      id: 'dataSaver',
      systemId: 'dataSaver',
      src: 'dataSaver',
      input: ({ context }) => ({
        stored: context.storedDataSaver ?? null,
        browserSaveData: context.browserSaveData ?? false,
      }),
    },
  ],
  entry: 'initialiseSession',
  on: { 'app.purchased': { actions: ['emptyCart', 'refreshPurchasedCourse'] } },
});
