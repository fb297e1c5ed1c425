import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import {
  type Actor,
  type ActorOptions,
  type ActorRefFrom,
  type AnyStateMachine,
  createActor,
  type SnapshotFrom,
} from 'xstate';
import type { AppInput, appMachine } from '../../machines/app';
import type { cartMachine } from '../../machines/cart';
import type { courseLifecycleMachine } from '../../machines/courseLifecycle';
import type { forgotPinMachine } from '../../machines/forgotPin';
import type { languageMachine } from '../../machines/language';
import type { offlineMachine } from '../../machines/offline';
import type { safetyMachine } from '../../machines/safety';
import type { sessionMachine } from '../../machines/session';
import type { signupMachine } from '../../machines/signup';
import type { splashMachine } from '../../machines/splash';
import { setUnauthorizedHandler } from '../api/client';
import { listenForExitKeys, trackHistoryDepth } from './safety-effects';

export type AppActorRef = Actor<typeof appMachine>;

/**
 * Starts the root actor before React renders, so every system actor exists on the first render and
 * `session.initialise` has already been dispatched (spec §2). Tests call it with stubbed logic.
 */
export function startAppActor(
  logic: typeof appMachine,
  input: AppInput,
  inspect?: ActorOptions<AnyStateMachine>['inspect'],
  clock?: ActorOptions<AnyStateMachine>['clock'],
): AppActorRef {
  // a clock only when given (tests pass a SimulatedClock): undefined would replace xstate's default one
  return createActor(logic, { input, inspect, ...(clock ? { clock } : {}) }).start();
}

const AppActorContext = createContext<AppActorRef | null>(null);

/**
 * Flows whose actor a screen creates (sign-up) keep their real side effects in the screen's own
 * lazy chunk, so the first visit does not pay for them. What the root adds on top, as for the
 * system actors, comes from here: tests pass stub actors, delays and an inspector through
 * <RootProvider screens={…}>; the app passes nothing.
 */
export interface ScreenOverrides {
  signup?: Parameters<typeof signupMachine.provide>[0];
  inspect?: ActorOptions<AnyStateMachine>['inspect'];
}
const ScreenOverridesContext = createContext<ScreenOverrides>({});

export function useScreenOverrides(): ScreenOverrides {
  return useContext(ScreenOverridesContext);
}

export function useAppActor(): AppActorRef {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs <RootProvider>');
  return actor;
}

export interface SystemActors {
  session: ActorRefFrom<typeof sessionMachine>;
  cart: ActorRefFrom<typeof cartMachine>;
  language: ActorRefFrom<typeof languageMachine>;
  splash: ActorRefFrom<typeof splashMachine>;
  forgotPin: ActorRefFrom<typeof forgotPinMachine>;
  courseLifecycle: ActorRefFrom<typeof courseLifecycleMachine>;
  safety: ActorRefFrom<typeof safetyMachine>;
  offline: ActorRefFrom<typeof offlineMachine>;
}

export function useSystemActor<K extends keyof SystemActors>(id: K): SystemActors[K] {
  return useAppActor().system.get(id) as SystemActors[K];
}

type SnapshotOf<K extends keyof SystemActors> = SnapshotFrom<SystemActors[K]>;

export function useSession<T>(selector: (s: SnapshotOf<'session'>) => T): T {
  return useSelector(useSystemActor('session'), selector);
}
export function useCart<T>(selector: (s: SnapshotOf<'cart'>) => T): T {
  return useSelector(useSystemActor('cart'), selector);
}
export function useLanguage<T>(selector: (s: SnapshotOf<'language'>) => T): T {
  return useSelector(useSystemActor('language'), selector);
}
export function useForgotPin<T>(selector: (s: SnapshotOf<'forgotPin'>) => T): T {
  return useSelector(useSystemActor('forgotPin'), selector);
}
export function useSplash<T>(selector: (s: SnapshotOf<'splash'>) => T): T {
  return useSelector(useSystemActor('splash'), selector);
}
export function useSafety<T>(selector: (s: SnapshotOf<'safety'>) => T): T {
  return useSelector(useSystemActor('safety'), selector);
}
export function useCourseLifecycle<T>(
  selector: (s: SnapshotOf<'courseLifecycle'>) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useSystemActor('courseLifecycle'), selector, compare);
}

/** Connects the actors to each other and to the page: fonts, cart clearing, revoked tokens. */
function Wiring() {
  const session = useSystemActor('session');
  const cart = useSystemActor('cart');
  const splash = useSystemActor('splash');
  useEffect(() => {
    // spec §4: the cart is emptied when the member signs out
    const sub = session.on('session.signedOut', () => cart.send({ type: 'cart.clear' }));
    setUnauthorizedHandler(() => session.send({ type: 'session.expired' }));
    let alive = true;
    const fonts = typeof document !== 'undefined' ? document.fonts?.ready : undefined;
    (fonts ?? Promise.resolve()).then(() => alive && splash.send({ type: 'splash.fontsReady' }));
    return () => {
      alive = false;
      sub.unsubscribe();
      setUnauthorizedHandler(null);
    };
  }, [session, cart, splash]);
  const language = useSystemActor('language');
  const course = useSystemActor('courseLifecycle');
  useEffect(() => {
    // the open course comes in the request language: read it again when the language changes
    let locale = language.getSnapshot().context.locale;
    const sub = language.subscribe((s) => {
      if (s.context.locale === locale) return;
      locale = s.context.locale;
      course.send({ type: 'course.localeChanged' });
    });
    return () => sub.unsubscribe();
  }, [language, course]);
  const safety = useSystemActor('safety');
  useEffect(() => {
    // Quick exit's keys on every page; history depth so leaving can step over the app's entries;
    // signing out removes `discreet` with every other key, so discreet mode goes off with it
    const stopKeys = listenForExitKeys((event) => safety.send(event));
    const stopHistory = trackHistoryDepth();
    const sub = session.on('session.signedOut', () => safety.send({ type: 'safety.discreet.off' }));
    return () => {
      stopKeys();
      stopHistory();
      sub.unsubscribe();
    };
  }, [safety, session]);
  return null;
}

/** One root provider: the app actor and, under their system ids, every long-lived machine. */
export function RootProvider({
  actor,
  screens = NO_OVERRIDES,
  children,
}: {
  actor: AppActorRef;
  screens?: ScreenOverrides;
  children: ReactNode;
}) {
  return (
    <AppActorContext.Provider value={actor}>
      <ScreenOverridesContext.Provider value={screens}>
        <Wiring />
        {children}
      </ScreenOverridesContext.Provider>
    </AppActorContext.Provider>
  );
}

const NO_OVERRIDES: ScreenOverrides = {};
