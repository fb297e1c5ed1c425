/** Time source, injected so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  #t: number;
  constructor(start: Date | number = Date.UTC(2025, 0, 1)) {
    this.#t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.#t);
  }
  advance(ms: number): void {
    this.#t += ms;
  }
  set(t: Date | number): void {
    this.#t = typeof t === 'number' ? t : t.getTime();
  }
}
