import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ESCAPE_WINDOW_MS, parseDiscreet, safetyMachine, WIPE_TIMEOUT_MS } from '../../machines/safety';
import { controlledActor } from '../support/stub-actors';

/**
 * The safety machine with recording actions (what the root provides: leaving, identity, storage)
 * and the device's wipe (issue 28) settled by hand.
 */
function start(storedDiscreet: string | null = null) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const wipe = controlledActor<void>();
  const machine = safetyMachine.provide({
    actors: { wipeDevice: wipe.logic },
    actions: {
      hidePage: () => calls.push('hidePage'),
      leaveSite: () => calls.push('leaveSite'),
      applyIdentity: (_, p) => calls.push(`identity:${p.discreet ? 'neutral' : 'product'}`),
      storePreference: (_, p) => calls.push(`store:${p.discreet}`),
    },
  });
  const actor = createActor(machine, { clock, input: { storedDiscreet } }).start();
  const exit = () => (actor.getSnapshot().value as { exit: string }).exit;
  const discreet = () => (actor.getSnapshot().value as { discreet: string }).discreet;
  /** What the exit region asked for (the identity applied at start is the other region's). */
  const left = () => calls.filter((c) => c === 'hidePage' || c === 'leaveSite');
  return { clock, actor, calls, left, exit, discreet, wipe };
}

describe('safety machine: quick exit', () => {
  it('from the button: hides the page at once, wipes the device, then replaces the page', async () => {
    const { actor, left, exit, wipe } = start();
    actor.send({ type: 'safety.quickExit' });
    expect(exit()).toBe('leaving');
    expect(left()).toEqual(['hidePage']);
    expect(wipe.calls).toHaveLength(1);
    await wipe.resolve();
    expect(exit()).toBe('left');
    expect(left()).toEqual(['hidePage', 'leaveSite']);
  });

  it('leaves when the wipe fails', async () => {
    const { actor, left, exit, wipe } = start();
    actor.send({ type: 'safety.quickExit' });
    await wipe.reject({ code: 'UNKNOWN' });
    expect(exit()).toBe('left');
    expect(left()).toEqual(['hidePage', 'leaveSite']);
  });

  it('leaves after a second at most when the wipe takes longer (it is stopped)', () => {
    const { actor, clock, left, exit, wipe } = start();
    actor.send({ type: 'safety.quickExit' });
    clock.increment(WIPE_TIMEOUT_MS - 1);
    expect(exit()).toBe('leaving');
    expect(left()).toEqual(['hidePage']);
    clock.increment(1);
    expect(exit()).toBe('left');
    expect(left()).toEqual(['hidePage', 'leaveSite']);
    expect(wipe.last()?.signal.aborted).toBe(true);
  });

  it('leaves on the third Escape in a row, each within the window of the one before', async () => {
    const { actor, clock, left, exit, wipe } = start();
    actor.send({ type: 'safety.escape' });
    expect(exit()).toBe('escapedOnce');
    clock.increment(ESCAPE_WINDOW_MS - 1);
    actor.send({ type: 'safety.escape' });
    expect(exit()).toBe('escapedTwice');
    clock.increment(ESCAPE_WINDOW_MS - 1);
    expect(left()).toEqual([]);
    actor.send({ type: 'safety.escape' });
    expect(exit()).toBe('leaving');
    await wipe.resolve();
    expect(left()).toEqual(['hidePage', 'leaveSite']);
  });

  it('one or two Escapes (closing a dialog) then a pause do nothing', () => {
    const { actor, clock, left, exit } = start();
    actor.send({ type: 'safety.escape' });
    clock.increment(ESCAPE_WINDOW_MS);
    expect(exit()).toBe('idle');
    actor.send({ type: 'safety.escape' });
    actor.send({ type: 'safety.escape' });
    clock.increment(ESCAPE_WINDOW_MS);
    expect(exit()).toBe('idle');
    // a third press after the pause starts counting again
    actor.send({ type: 'safety.escape' });
    expect(exit()).toBe('escapedOnce');
    expect(left()).toEqual([]);
  });

  it('Shift+Escape or the button in the middle of a sequence leaves too; leaving happens once', async () => {
    for (const presses of [1, 2]) {
      const { actor, left, exit, wipe } = start();
      for (let i = 0; i < presses; i++) actor.send({ type: 'safety.escape' });
      actor.send({ type: 'safety.quickExit' });
      expect(exit()).toBe('leaving');
      actor.send({ type: 'safety.quickExit' });
      actor.send({ type: 'safety.escape' });
      expect(wipe.calls).toHaveLength(1);
      await wipe.resolve();
      actor.send({ type: 'safety.quickExit' });
      actor.send({ type: 'safety.escape' });
      expect(exit()).toBe('left');
      expect(left()).toEqual(['hidePage', 'leaveSite']);
    }
  });
});

describe('safety machine: discreet mode', () => {
  it('starts off without a stored choice and turns on and off, storing each choice', () => {
    const { actor, calls, discreet } = start(null);
    expect(discreet()).toBe('off');
    // the product's identity is applied at start, whatever the page had
    expect(calls).toEqual(['identity:product']);
    actor.send({ type: 'safety.discreet.toggle' });
    expect(discreet()).toBe('on');
    expect(calls).toEqual(['identity:product', 'store:true', 'identity:neutral']);
    actor.send({ type: 'safety.discreet.toggle' });
    expect(discreet()).toBe('off');
    expect(calls).toEqual([
      'identity:product',
      'store:true',
      'identity:neutral',
      'store:false',
      'identity:product',
    ]);
  });

  it('starts on when the device remembers it, and applies the neutral identity at once', () => {
    const { calls, discreet } = start('1');
    expect(discreet()).toBe('on');
    expect(calls).toEqual(['identity:neutral']);
  });

  it('goes off at sign-out (safety.discreet.off), which means nothing when already off', () => {
    const on = start('1');
    on.actor.send({ type: 'safety.discreet.off' });
    expect(on.discreet()).toBe('off');
    expect(on.calls).toEqual(['identity:neutral', 'store:false', 'identity:product']);
    const off = start(null);
    off.actor.send({ type: 'safety.discreet.off' });
    expect(off.discreet()).toBe('off');
    expect(off.calls).toEqual(['identity:product']);
  });

  it('keeps working while leaving (the regions are independent)', () => {
    const { actor, discreet, exit } = start(null);
    actor.send({ type: 'safety.quickExit' });
    actor.send({ type: 'safety.discreet.toggle' });
    expect(exit()).toBe('leaving');
    expect(discreet()).toBe('on');
  });

  it('reads only "1" as on', () => {
    expect(parseDiscreet('1')).toBe(true);
    for (const raw of [null, undefined, '', '0', 'true', 'on', ' 1']) expect(parseDiscreet(raw)).toBe(false);
  });
});

describe('safety machine in the root', () => {
  it('is started by the app machine under the system id `safety` with the stored choice', async () => {
    const { appMachine } = await import('../../machines/app');
    const { languageMachine } = await import('../../machines/language');
    const { fromPromise } = await import('xstate');
    const applyIdentity = vi.fn();
    const app = createActor(
      appMachine.provide({
        actors: {
          language: languageMachine.provide({
            actors: { loadMessages: fromPromise(async () => ({})) },
          }),
          safety: safetyMachine.provide({ actions: { applyIdentity: (_, p) => applyIdentity(p.discreet) } }),
        },
      }),
      { input: { savedLanguage: null, storedCart: null, storedDiscreet: '1' } },
    ).start();
    const safety = app.system.get('safety');
    expect(safety).toBeDefined();
    expect(safety.getSnapshot().matches({ discreet: 'on' })).toBe(true);
    expect(applyIdentity).toHaveBeenCalledWith(true);
    app.stop();
  });
});
