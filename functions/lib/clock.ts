/** Time as the functions see it; tests inject a clock they move by hand. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and only moves when told. */
export class FakeClock implements Clock {
  #ms: number;
  constructor(start: Date | string = '2026-11-22T00:00:00Z') {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(seconds: number): this {
    this.#ms += seconds * 1000;
    return this;
  }
  set(time: Date | string): this {
    this.#ms = new Date(time).getTime();
    return this;
  }
}
