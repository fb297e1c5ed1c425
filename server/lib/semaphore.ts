/** A counting semaphore with a bounded wait queue. */
export class QueueFullError extends Error {
  constructor() {
    super('queue full');
    this.name = 'QueueFullError';
  }
}

export class Semaphore {
  #active = 0;
  readonly #waiters: (() => void)[] = [];
  constructor(
    readonly limit: number,
    readonly maxQueue = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  get active(): number {
    return this.#active;
  }
  get waiting(): number {
    return this.#waiters.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) {
      if (this.#waiters.length >= this.maxQueue) throw new QueueFullError();
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    } else {
      this.#active++;
    }
    try {
      return await fn();
    } finally {
      const next = this.#waiters.shift();
      // hand the slot straight to the next waiter, so #active stays counted
      if (next) next();
      else this.#active--;
    }
  }
}

/** A mutex: a semaphore of one. */
export class Mutex extends Semaphore {
  constructor() {
    super(1);
  }
}

/**
 * One mutex per key, created on demand and dropped when idle: runs for one key happen one at a
 * time, runs for different keys concurrently.
 */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<unknown>>();

  get size(): number {
    return this.#tails.size;
  }

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const result = previous.then(fn, fn);
    const tail = result.then(
      () => {},
      () => {},
    );
    this.#tails.set(key, tail);
    tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}
