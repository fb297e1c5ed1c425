import { describe, expect } from 'vitest';
import { type Actor, createActor, createMachine, SimulatedClock } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { type HydrationInput, hydrationMachine } from '../../machines/hydration';
import { controlledActor } from '../support/stub-actors';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths } from './harness';

/**
 * Model-based test of taking over a server-rendered page (machines/hydration.ts, run by src/main.tsx):
 * the visit matches the server's render or not, aligning the root succeeds, finds a member or fails;
 * every path ends in exactly one of React's two ways in, after the views' events were replayed when it
 * hydrates. (The real page's take-over is tested in Chromium: tests/e2e/ssr.spec.ts.)
 */
const model = createMachine({
  id: 'hydrationModel',
  types: {} as {
    events:
      | { type: 'NO_SERVER_RENDER' }
      | { type: 'OTHER_LANGUAGE' }
      | { type: 'SIGNED_IN_COOKIE' }
      | { type: 'STORED_CART' }
      | { type: 'MATCHING_VISIT' }
      | { type: 'ALIGNED' }
      | { type: 'ALIGNED_AS_MEMBER' }
      | { type: 'ALIGN_FAILED' }
      | { type: 'TICK' };
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        NO_SERVER_RENDER: 'renderedAfresh',
        OTHER_LANGUAGE: 'renderedAfresh',
        SIGNED_IN_COOKIE: 'renderedAfresh',
        STORED_CART: 'renderedAfresh',
        MATCHING_VISIT: 'aligning',
      },
    },
    aligning: {
      on: { ALIGNED: 'replayed', ALIGNED_AS_MEMBER: 'renderedAfresh', ALIGN_FAILED: 'renderedAfresh' },
    },
    replayed: { on: { TICK: 'hydrated' } },
    hydrated: {},
    renderedAfresh: {},
  },
});

const visitor = { locale: 'en', signedIn: false, storedCartOrDiscreet: false };
const inputs: Record<string, HydrationInput> = {
  NO_SERVER_RENDER: { server: null, visit: visitor },
  OTHER_LANGUAGE: { server: { locale: 'ar' }, visit: visitor },
  SIGNED_IN_COOKIE: { server: { locale: 'en' }, visit: { ...visitor, signedIn: true } },
  STORED_CART: { server: { locale: 'en' }, visit: { ...visitor, storedCartOrDiscreet: true } },
  MATCHING_VISIT: { server: { locale: 'en' }, visit: visitor },
};

const coverage = new Coverage('hydration', hydrationMachine);
let run: {
  actor: Actor<typeof hydrationMachine>;
  align: ReturnType<typeof controlledActor<{ signedIn: boolean }>>;
  clock: SimulatedClock;
  done: string[];
};

function open(input: HydrationInput) {
  const align = controlledActor<{ signedIn: boolean }>();
  const done: string[] = [];
  const clock = new SimulatedClock();
  const logic = hydrationMachine.provide({
    actors: { alignRoot: align.logic },
    actions: {
      replaySent: () => void done.push('replaySent'),
      hydrate: () => void done.push('hydrate'),
      renderAfresh: () => void done.push('renderAfresh'),
    },
  });
  const actor = createActor(logic, { input, clock, inspect: coverage.inspect });
  run = { actor, align, clock, done };
  actor.start();
}

const paths = createTestModel(model).getSimplePaths();

describe('taking over a server-rendered page', () => {
  followPaths(
    paths,
    {
      events: {
        NO_SERVER_RENDER: () => open(inputs.NO_SERVER_RENDER),
        OTHER_LANGUAGE: () => open(inputs.OTHER_LANGUAGE),
        SIGNED_IN_COOKIE: () => open(inputs.SIGNED_IN_COOKIE),
        STORED_CART: () => open(inputs.STORED_CART),
        MATCHING_VISIT: () => open(inputs.MATCHING_VISIT),
        ALIGNED: () => run.align.resolve({ signedIn: false }),
        ALIGNED_AS_MEMBER: () => run.align.resolve({ signedIn: true }),
        ALIGN_FAILED: () => run.align.reject(new Error('bundle failed')),
        TICK: () => run.clock.increment(0),
      },
      states: {
        closed: () => {},
        aligning: () => {
          expect(run.actor.getSnapshot().value).toBe('aligning');
          expect(run.align.calls).toHaveLength(1);
          expect(run.done).toEqual([]);
        },
        replayed: () => {
          expect(run.actor.getSnapshot().value).toBe('replaying');
          expect(run.done).toEqual(['replaySent']);
        },
        hydrated: () => {
          expect(run.actor.getSnapshot().status).toBe('done');
          expect(run.done).toEqual(['replaySent', 'hydrate']);
        },
        renderedAfresh: () => {
          expect(run.actor.getSnapshot().status).toBe('done');
          expect(run.done).toEqual(['renderAfresh']);
        },
      },
    },
    5_000,
  );
  coversEveryTransition(coverage);
});
