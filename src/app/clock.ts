import { type EventObject, fromCallback } from 'xstate';

/**
 * The device's clock for a machine that needs the time of day (the machines read none): sends its
 * parent `clock.tick { now }` (epoch ms) at once and then every `every` ms, until the state that
 * invoked it is left. Provided where the machine's other effects are (the screen that creates it);
 * tests give a fixed time instead.
 */
export const clockActor = fromCallback<EventObject, { every: number }>(({ input, sendBack }) => {
  const tick = () => sendBack({ type: 'clock.tick', now: Date.now() });
  tick();
  const id = setInterval(tick, input.every);
  return () => clearInterval(id);
});
