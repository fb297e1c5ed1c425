import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { splashMachine } from '../../machines/splash';

function startSplash() {
  const clock = new SimulatedClock();
  const actor = createActor(splashMachine, { clock }).start();
  return { clock, actor, state: () => actor.getSnapshot().value };
}

describe('splash machine (simulated clock)', () => {
  it('without fonts ready, starts fading at 1000 ms and is removed at 1500 ms', () => {
    const { clock, state } = startSplash();
    clock.increment(999);
    expect(state()).toEqual({ visible: 'waitingForFonts' });
    clock.increment(1);
    expect(state()).toBe('fadingOut');
    clock.increment(499);
    expect(state()).toBe('fadingOut');
    clock.increment(1);
    expect(state()).toBe('removed');
  });

  it('is removed 1000 ms after fonts are ready when that comes first', () => {
    const { clock, actor, state } = startSplash();
    clock.increment(200);
    actor.send({ type: 'splash.fontsReady' });
    clock.increment(499);
    expect(state()).toEqual({ visible: 'fontsReady' });
    clock.increment(1); // 700 ms: fade starts, 500 ms before removal
    expect(state()).toBe('fadingOut');
    clock.increment(500); // 1200 ms = fonts ready + 1000
    expect(state()).toBe('removed');
    expect(actor.getSnapshot().status).toBe('active'); // stays readable by system id
  });

  it('keeps the 1500 ms ceiling when fonts are ready late', () => {
    const { clock, actor, state } = startSplash();
    clock.increment(800);
    actor.send({ type: 'splash.fontsReady' });
    clock.increment(200); // 1000 ms
    expect(state()).toBe('fadingOut');
    clock.increment(500);
    expect(state()).toBe('removed');
  });

  it('fonts already loaded at start: removed at 1000 ms', () => {
    const { clock, actor, state } = startSplash();
    actor.send({ type: 'splash.fontsReady' });
    clock.increment(500);
    expect(state()).toBe('fadingOut');
    clock.increment(500);
    expect(state()).toBe('removed');
  });
});
