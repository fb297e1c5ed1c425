import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import { type AnyActorLogic, type InspectionEvent, SimulatedClock } from 'xstate';
import { signInMember } from '../support/browser';
import { navigateTo, renderApp, type Stubs } from '../support/render-app';
import { screenLifecycle, screenWords, settle } from '../support/screen-model';
import type { Coverage } from './coverage';

/**
 * One model test's wiring (tests/model/*.model.test.tsx), named once at the top of the file:
 *
 *   const coverage = new Coverage('catalogue', catalogueMachine);
 *   const ui = modelApp({
 *     coverage,                                              // or [a, b]: recorded through `inspect`
 *     stubs: { fetchCourses: () => controlledActor<CoursesPage, Query>() },   // made afresh at each open
 *     // optional: member: true (signed in), clock: true (a SimulatedClock), inspect, and renderApp's
 *     // own options (debounces, leaveSite…; savedLanguage: undefined for what the browser saved)
 *   });
 *   const fetch = () => ui.stubs.fetchCourses;
 *   describe('catalogue model on the real screen', () => {
 *     followPaths(paths, { events: { OPEN: () => ui.open('/courses'), … }, states: { closed: ui.expectClosed, … } }, 30_000);
 *     coversEveryTransition(coverage);
 *   });
 *
 * `ui.open(path, { ready })` renders the real app (the app's own root logic through createAppLogic, real
 * machines, views and routes; English unless `savedLanguage` says otherwise) at `path` with the stubs,
 * and waits for the test id `ready`. Then `ui.app`, `ui.stubs` (each as its factory made it: a
 * controlledActor's `resolve`, `calls`…), `ui.clock`; the screen's words `ui.t`, `ui.money`, `ui.intl`,
 * `ui.settle`; and the moves every screen has: `switchLanguage`, `back`, `follow`, `press`, `close`,
 * `reload`. Each test starts from a clean browser (tests/support/screen-model.ts screenLifecycle) and
 * ends with its app unmounted.
 */
type RenderOptions = NonNullable<Parameters<typeof renderApp>[0]>;
type App = ReturnType<typeof renderApp>;
/** A stub actor: its logic, or something that holds it (a controlledActor). */
type Stub = AnyActorLogic | { logic: AnyActorLogic };
type StubFactories = { [K in keyof Stubs]?: () => Stub };
type Made<F extends StubFactories> = { [K in keyof F]: F[K] extends () => infer S ? S : never };

export function modelApp<F extends StubFactories = Record<never, never>>(
  options: {
    /** The real machines whose coverage the paths record. */
    coverage?: Coverage | Coverage[];
    /** Fresh stub actors for each open, by the name renderApp gives each actor. */
    stubs?: F;
    /** Signed in (tests/support/browser.ts MEMBER) at the start of each test; a reload finds what the test left. */
    member?: boolean;
    /** A new SimulatedClock for the whole actor system at each open (`ui.clock`). */
    clock?: boolean;
    /** Whatever else should hear the actors (after the coverage). */
    inspect?: (event: InspectionEvent) => void;
  } & Omit<RenderOptions, 'path' | 'stubs' | 'inspect' | 'clock'> = {},
) {
  const { coverage, stubs: factories, member, clock: simulated, inspect: extra, ...render } = options;
  const coverages = coverage ? [coverage].flat() : [];
  const inspect = (event: InspectionEvent) => {
    for (const c of coverages) c.inspect(event);
    extra?.(event);
  };
  let current: { app: App; stubs: Made<F>; clock?: SimulatedClock } | undefined;
  const opened = () => current ?? expect.fail('the test opened no app');

  screenLifecycle(() => {
    current?.app.unmount();
    current = undefined;
  });

  if (member) beforeEach(() => signInMember());
  const words = screenWords(() => opened().app);

  const ui = {
    ...words,
    settle,
    /**
     * Renders the app at `path` (`options` over the ones given above) with fresh stubs; with `ready`,
     * waits until the element with that test id is on the page. Storage is kept: a reload is an open.
     */
    async open(path: string, o: { ready?: string } & Partial<RenderOptions> = {}) {
      const { ready, ...more } = o;
      const made = Object.fromEntries(
        Object.entries(factories ?? {}).map(([name, make]) => [name, (make as () => Stub)()]),
      ) as Made<F>;
      const clock = simulated ? new SimulatedClock() : undefined;
      const app = renderApp({
        path,
        savedLanguage: 'en',
        ...render,
        ...more,
        inspect,
        clock,
        stubs: Object.fromEntries(
          Object.entries(made).map(([name, s]) => [
            name,
            'logic' in (s as object) ? (s as { logic: AnyActorLogic }).logic : s,
          ]),
        ),
      });
      current = { app, stubs: made, clock };
      if (ready) await screen.findByTestId(ready, {}, { timeout: 10_000 });
      return app;
    },
    /** Unmounts the app, as a closed tab (storage and cookies stay). */
    close() {
      opened().app.unmount();
      current = undefined;
    },
    /** Unmounts the app and opens it again where it was (or at `path`), on the same storage. */
    reload(path = `${window.location.pathname}${window.location.search}`, o: { ready?: string } = {}) {
      ui.close();
      return ui.open(path, o);
    },
    get app() {
      return opened().app;
    },
    get stubs() {
      return opened().stubs;
    },
    get clock() {
      return opened().clock ?? expect.fail('modelApp({ clock: true }) gives a clock');
    },
    /** The model's state before OPEN: no app yet. */
    expectClosed() {
      expect(current).toBeUndefined();
    },
    /** She switches the language with the header's switch: the page turns the other way. */
    async switchLanguage() {
      const to = document.documentElement.dir === 'rtl' ? 'ltr' : 'rtl';
      await opened().app.user.click(screen.getByTestId('language-switch'));
      await waitFor(() => expect(document.documentElement.dir).toBe(to));
      await settle();
    },
    /** The browser's Back, then `until` holds (e.g. the address it went back to). */
    async back(until: () => void) {
      act(() => window.history.back());
      await waitFor(until);
      await settle();
    },
    /** A link from elsewhere (or the address typed) to `path` within the app. */
    async follow(path: string) {
      act(() => navigateTo(path));
      await settle();
    },
    /** She presses the button named by the message `id` in the current language. */
    async press(id: string, values?: Record<string, unknown>) {
      await opened().app.user.click(screen.getByRole('button', { name: words.t(id, values) }));
    },
  };
  return ui;
}

type AnyPath = { description: string; test: (params: never) => Promise<unknown> };
type ParamsOf<P extends AnyPath> = Parameters<P['test']>[0];

/**
 * One test for each path (a fresh app each), its events and state checks given once or per path;
 * `start` runs first where the model's first state is an app already open.
 */
export function followPaths<P extends AnyPath>(
  paths: P[],
  params: ParamsOf<P> | ((path: P) => ParamsOf<P>),
  timeout: number,
  options: { name?: (path: P) => string; start?: () => unknown } = {},
) {
  for (const path of paths) {
    it(
      options.name?.(path) ?? path.description,
      async () => {
        await options.start?.();
        await path.test((typeof params === 'function' ? params(path) : params) as never);
      },
      timeout,
    );
  }
}

/** The closing test: the paths took every state and transition of the real machine. */
export function coversEveryTransition(coverage: Coverage) {
  it(`covers every state and transition of the real ${coverage.name} machine`, () => {
    console.log(coverage.report());
    expect(coverage.missing()).toEqual({ states: [], transitions: [] });
  });
}
