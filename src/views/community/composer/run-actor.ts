import { type AnyActorLogic, createActor, type InputFrom, type OutputFrom, toPromise } from 'xstate';

/**
 * Runs one of src/api's promise actors once, for a page whose send combines it with what the page
 * knows (the space, the thread, the post); `signal` (the composer's) stops it.
 */
export function runActor<L extends AnyActorLogic>(
  logic: L,
  input: InputFrom<L>,
  signal: AbortSignal,
): Promise<OutputFrom<L>> {
  const actor = createActor(logic, { input });
  signal.addEventListener('abort', () => actor.stop());
  actor.start();
  return toPromise(actor) as Promise<OutputFrom<L>>;
}
