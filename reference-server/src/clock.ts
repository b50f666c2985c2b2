/**
 * Time as a dependency: expiry, grace windows, queues and retry schedules read it from here,
 * so tests move time forward instead of sleeping.
 */
export interface Clock {
  now(): number;
  /** Runs `fn` after `ms` of this clock's time; returns a function that cancels it. */
  schedule(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  schedule(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    timer.unref();
    return () => clearTimeout(timer);
  },
};

interface Pending {
  at: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that only moves when told to; `advance` runs every task that falls due, in order. */
export class ManualClock implements Clock {
  #now: number;
  #pending: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  schedule(ms: number, fn: () => void): () => void {
    const task: Pending = { at: this.#now + Math.max(0, ms), fn, cancelled: false };
    this.#pending.push(task);
    return () => {
      task.cancelled = true;
    };
  }

  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      const due = this.#pending
        .filter((t) => !t.cancelled && t.at <= target)
        .sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#pending.splice(this.#pending.indexOf(due), 1);
      this.#now = due.at;
      due.fn();
    }
    this.#now = target;
    this.#pending = this.#pending.filter((t) => !t.cancelled);
  }
}
