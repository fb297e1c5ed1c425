import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type InspectionEvent, SimulatedClock, setup } from 'xstate';
import { Coverage } from './coverage';
import {
  activeNodes,
  INTERNALS_CHANGED,
  logicOf,
  stateNodes,
  takenTransitions,
  transitionKey,
  transitionsFrom,
  withAncestors,
} from './xstate-internals';

/**
 * The adapter over xstate's internals (xstate-internals.ts), read on a small machine whose states and
 * transitions are known: when an xstate upgrade moves or renames what it reads, this fails first,
 * saying so, instead of model coverage quietly counting nothing (or everything).
 */
const tiny = setup({
  types: {} as { events: { type: 'go'; ok: boolean } | { type: 'wait' } },
  actors: { work: fromPromise(async () => 'done') },
}).createMachine({
  id: 'tiny',
  initial: 'idle',
  states: {
    idle: {
      on: {
        go: [{ guard: ({ event }) => event.ok, target: 'busy' }, { target: 'done' }],
        wait: 'waiting',
      },
    },
    busy: { invoke: { src: 'work', onDone: 'checking', onError: 'idle' } },
    checking: { always: 'done' },
    waiting: { initial: 'still', states: { still: {} }, after: { 100: 'done' } },
    done: { type: 'final' },
  },
});

const STATES = [
  'tiny',
  'tiny.idle',
  'tiny.busy',
  'tiny.checking',
  'tiny.waiting',
  'tiny.waiting.still',
  'tiny.done',
];
const TRANSITIONS = [
  'tiny.idle --go#0',
  'tiny.idle --go#1',
  'tiny.idle --wait#0',
  expect.stringMatching(/^tiny\.busy --xstate\.done\.actor\.\S+#0$/),
  expect.stringMatching(/^tiny\.busy --xstate\.error\.actor\.\S+#0$/),
  'tiny.checking --always#0',
  expect.stringMatching(/^tiny\.waiting --xstate\.after\.100\.\S+#0$/),
];

/** Runs the tiny machine through go(ok) and the invoke, recording what the adapter reads. */
async function run() {
  const events: InspectionEvent[] = [];
  const actor = createActor(tiny, { inspect: (e) => events.push(e) }).start();
  actor.send({ type: 'go', ok: true });
  await new Promise((r) => setTimeout(r, 0));
  expect(actor.getSnapshot().status).toBe('done');
  return events.filter((e) => logicOf(e) === tiny);
}

describe(INTERNALS_CHANGED, () => {
  it('finds exactly the machine’s state nodes, parents first', () => {
    expect(
      stateNodes(tiny).map((n) => n.id),
      INTERNALS_CHANGED,
    ).toEqual(STATES);
    const still = stateNodes(tiny).find((n) => n.id === 'tiny.waiting.still')!;
    expect(
      withAncestors(still).map((n) => n.id),
      INTERNALS_CHANGED,
    ).toEqual(['tiny.waiting.still', 'tiny.waiting', 'tiny']);
  });

  it('finds exactly its transitions: guarded branches one by one, invoke onDone / onError, always, after', () => {
    const keys = stateNodes(tiny).flatMap(transitionsFrom).map(transitionKey);
    expect(keys, INTERNALS_CHANGED).toEqual(TRANSITIONS);
  });

  it('reads the transitions each microstep took and the states each snapshot is in', async () => {
    const events = await run();
    const taken = events.flatMap(takenTransitions).map(transitionKey);
    expect(taken, INTERNALS_CHANGED).toEqual([
      'tiny.idle --go#0',
      expect.stringMatching(/^tiny\.busy --xstate\.done\.actor\./),
      'tiny.checking --always#0',
    ]);
    const visited = new Set(events.flatMap(activeNodes).map((n) => n.id));
    // a microstep's snapshot is in the state it reached, even one an eventless transition leaves at once
    expect([...visited].sort(), INTERNALS_CHANGED).toEqual([
      'tiny',
      'tiny.busy',
      'tiny.checking',
      'tiny.done',
      'tiny.idle',
    ]);
  });

  it('throws with the message when what it reads is not there', () => {
    const microstep = { type: '@xstate.microstep', actorRef: {}, snapshot: {} } as unknown as InspectionEvent;
    expect(() => takenTransitions(microstep)).toThrow(INTERNALS_CHANGED);
    expect(() => activeNodes(microstep)).toThrow(INTERNALS_CHANGED);
  });

  it('gives Coverage what it needs: complete after every path, the rest named when not', async () => {
    const coverage = new Coverage('tiny', tiny);
    const clock = new SimulatedClock();
    const actor = createActor(tiny, { inspect: coverage.inspect }).start();
    actor.send({ type: 'go', ok: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(coverage.missing().states).toEqual(['tiny.waiting', 'tiny.waiting.still']);
    createActor(tiny, { inspect: coverage.inspect }).start().send({ type: 'go', ok: false });
    const waiting = createActor(tiny, { inspect: coverage.inspect, clock }).start();
    waiting.send({ type: 'wait' });
    clock.increment(100);
    expect(waiting.getSnapshot().status).toBe('done');
    const failing = createActor(
      tiny.provide({ actors: { work: fromPromise(async () => Promise.reject(new Error('no'))) } }),
      { inspect: coverage.inspect },
    ).start();
    failing.send({ type: 'go', ok: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(failing.getSnapshot().value).toBe('idle');
    expect(coverage.missing(), INTERNALS_CHANGED).toEqual({ states: [], transitions: [] });
    expect(coverage.report()).toBe('model coverage tiny: states 7/7, transitions 7/7');
  });
});
