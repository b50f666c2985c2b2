import type { Report } from './certification/index.js';

/** How often `certify run` lists the checks still pending (`--progress-interval`). */
export const DEFAULT_PROGRESS_INTERVAL_MS = 30_000;

/**
 * The progress lines `certify run` writes on stderr while it waits: one line per check as it is
 * decided, and every `intervalMs` the checks still pending with what each waits for, so a run
 * that sits until its timeout says why. Time is passed in, so a test needs no clock of its own.
 */
export class ProgressLines {
  readonly #write: (line: string) => void;
  readonly #intervalMs: number;
  readonly #told = new Set<string>();
  #lastListing: number;

  constructor(write: (line: string) => void, intervalMs: number, now: number) {
    this.#write = write;
    this.#intervalMs = intervalMs;
    this.#lastListing = now;
  }

  /** How long until the next listing of the checks pending is due: the longest a wait may last. */
  nextListingIn(now: number): number {
    return Math.max(0, this.#lastListing + this.#intervalMs - now);
  }

  /** Called with each report seen while waiting (and the last one). */
  see(report: Report, now: number): void {
    for (const check of report.checks) {
      if (check.outcome === 'pending' || this.#told.has(check.id)) continue;
      this.#told.add(check.id);
      this.#write(`certify: ${check.id} ${check.outcome}: ${check.summary}`);
    }
    if (report.run.status !== 'running' || now - this.#lastListing < this.#intervalMs) return;
    this.#lastListing = now;
    const pending = report.checks.filter((c) => c.outcome === 'pending');
    if (!pending.length) return;
    this.#write(`certify: ${pending.length} check(s) pending:`);
    for (const check of pending) this.#write(`certify:   ${check.id}: ${check.waiting_for ?? 'waiting'}`);
  }
}
