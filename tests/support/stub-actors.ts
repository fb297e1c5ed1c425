import { fromPromise, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';

/**
 * The stub actors every machine and model test provides in place of the API: one that answers
 * at once (`resolves`, `rejects`, `answers`), and one whose calls the test settles by hand
 * (`controlledActor`, with `deferred` underneath). They are promise actors, so a machine takes
 * them wherever it declares `fromPromise` logic, and they hear the abort of a call it stops.
 *
 * Settling a controlled call waits until the machine has taken the answer (and, where a page is
 * rendered, React has shown it).
 */

/** Answers every call with `output`. */
export function resolves<TOutput, TInput = NonReducibleUnknown>(
  output: TOutput,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => output);
}

/** Fails every call with `error` (what the API client throws: `{ code: 'NETWORK_ERROR' }`…). */
export function rejects<TOutput = never, TInput = NonReducibleUnknown>(
  error: unknown,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw error;
  });
}

/** Answers each call with what `answer` gives for its input; a throw or a rejected promise fails it. */
export function answers<TOutput, TInput = NonReducibleUnknown>(
  answer: (input: TInput, signal: AbortSignal) => TOutput | Promise<TOutput>,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async ({ input, signal }) => answer(input, signal));
}

/** A promise the test settles by hand: the way a test says "the server answered". */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Runs `settle`, then lets the actors take what it settled: inside Testing Library's act() where a
 * page is rendered (the model and view tests, in jsdom), after a macrotask otherwise.
 */
async function settled(settle: () => void) {
  if (typeof document !== 'undefined') {
    const { act } = await import('@testing-library/react');
    await act(async () => settle());
  } else {
    settle();
    await new Promise((r) => setTimeout(r, 0));
  }
}

/**
 * An actor whose every call waits for the test to settle it. `calls` keeps each call's input, its
 * abort signal and its `settle` handles; `resolve` and `reject` settle the last call.
 */
export function controlledActor<TOutput, TInput = unknown>() {
  const calls: { input: TInput; signal: AbortSignal; settle: ReturnType<typeof deferred<TOutput>> }[] = [];
  const logic = fromPromise<TOutput, TInput>(({ input, signal }) => {
    const settle = deferred<TOutput>();
    calls.push({ input, signal, settle });
    return settle.promise;
  });
  return {
    logic,
    calls,
    last: () => calls.at(-1),
    resolve: (output: TOutput) => settled(() => calls.at(-1)!.settle.resolve(output)),
    reject: (error: unknown) => settled(() => calls.at(-1)!.settle.reject(error)),
  };
}
