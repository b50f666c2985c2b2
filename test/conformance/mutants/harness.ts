import { ALL_CHECKS } from '../checks/index.js';
import type { Credentials } from '../credentials.js';
import type { CheckResult } from '../runner.js';
import { runConformance } from '../suite.js';
import type { Mutant } from './mutant.js';
import { startMutatingProxy } from './proxy.js';

/** A fresh reference server for one mutant, with the demo credentials it seeded. */
export interface FreshServer {
  url: string;
  credentials: Credentials;
  stop(): Promise<void>;
}

export interface MutantOutcome {
  /** Undefined for the control run: the proxy without a bug. */
  mutant: Mutant | undefined;
  clause: string;
  /** The checks that failed (by a broken rule, not a crash) or were skipped: they caught the mutant (for the control run, every failure is the problem). */
  caughtBy: CheckResult[];
  /** Why the run could not finish (the server did not start, the run timed out). */
  error?: string;
  ms: number;
}

export interface MutantRunOptions {
  start: () => Promise<FreshServer>;
  /**
   * `first` (default): the mutant's own clause first, then the rest of the suite, stopping at the
   * first check that catches it — a survivor has run every check. `all`: every check, each
   * catching check listed. `focused`: only the checks of the mutant's own clause.
   */
  mode?: 'first' | 'all' | 'focused';
  /** Only the checks whose id matches (for a control run of a subset). */
  only?: RegExp;
  /** A run that takes longer is stopped and reported (a hang is not a catch); default 15 minutes. */
  timeoutMs?: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The clause of the check a mutant targets (each mutant is against one clause). */
export function clauseOf(mutant: Mutant): string {
  const check = ALL_CHECKS.find((c) => c.id === mutant.target);
  if (!check) throw new Error(`mutant ${mutant.id} targets ${mutant.target}, which is not a check`);
  return check.clause;
}

/** The checks of the given clauses, as an `only` pattern. */
export function focusOn(...clauses: string[]): RegExp {
  return new RegExp(`^(${ALL_CHECKS.filter((c) => clauses.includes(c.clause)).map((c) => escape(c.id)).join('|')})$`);
}

/**
 * Runs the suite against a fresh reference server behind a proxy that injects the mutant's bug.
 * A mutant is caught when any check fails or is skipped — a skip also keeps a deployment from
 * certifying — so the control run (no mutant) must have neither.
 */
export async function runMutant(mutant: Mutant | undefined, options: MutantRunOptions): Promise<MutantOutcome> {
  const clause = mutant ? clauseOf(mutant) : '(control: no bug)';
  const started = performance.now();
  const server = await options.start();
  let timer: NodeJS.Timeout | undefined;
  try {
    const proxy = await startMutatingProxy(server.url, mutant, server.credentials);
    try {
      const mode = mutant ? (options.mode ?? 'first') : 'all';
      const only = mode === 'focused' ? focusOn(clause) : options.only;
      const own = ALL_CHECKS.filter((c) => c.clause === clause);
      const checks = mode === 'first' ? [...own, ...ALL_CHECKS.filter((c) => c.clause !== clause)] : ALL_CHECKS;
      const run = runConformance({ baseUrl: proxy.url, credentials: server.credentials, requireAllRoutes: true, checks, stopOnFailure: mode === 'first', ...(only ? { only } : {}) });
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), options.timeoutMs ?? 900_000)));
      const result = await Promise.race([run, timeout]);
      if (result === 'timeout') return { mutant, clause, caughtBy: [], error: `timed out after ${options.timeoutMs ?? 900_000} ms`, ms: performance.now() - started };
      // A check that crashed (a timeout on a loaded machine) detected nothing: it is not a catch.
      const caughtBy = result.results.filter((r) => r.outcome !== 'pass' && (!mutant || !r.crashed));
      return { mutant, clause, caughtBy, ms: performance.now() - started };
    } finally {
      clearTimeout(timer);
      await proxy.stop();
    }
  } catch (error) {
    return { mutant, clause, caughtBy: [], error: error instanceof Error ? error.message : String(error), ms: performance.now() - started };
  } finally {
    await server.stop();
  }
}

/** Runs the mutants `concurrency` at a time (each on its own server and proxy); outcomes in the mutants' order. */
export async function runMutants(mutants: readonly (Mutant | undefined)[], options: MutantRunOptions & { concurrency?: number; onOutcome?: (outcome: MutantOutcome) => void }): Promise<MutantOutcome[]> {
  const outcomes: MutantOutcome[] = new Array<MutantOutcome>(mutants.length);
  let next = 0;
  const worker = async () => {
    while (next < mutants.length) {
      const index = next;
      next += 1;
      const outcome = await runMutant(mutants[index], options);
      outcomes[index] = outcome;
      options.onOutcome?.(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return outcomes;
}

export const isCaught = (outcome: MutantOutcome) => !outcome.error && outcome.caughtBy.length > 0;

/** The table: mutant | clause | caught by, and `N of M mutants caught` as the last line. */
export function formatTable(outcomes: readonly MutantOutcome[]): string {
  const rows = outcomes
    .filter((o) => o.mutant)
    .map((o) => [o.mutant?.id ?? '', o.clause, o.error ? `NOT CAUGHT (${o.error})` : o.caughtBy.length ? o.caughtBy.map((r) => r.check.id).join(', ') : 'NOT CAUGHT']);
  const header = ['mutant', 'clause', 'caught by'];
  const widths = [0, 1].map((i) => Math.max(header[i]?.length ?? 0, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell)).join(' | ');
  const caught = outcomes.filter((o) => o.mutant && isCaught(o)).length;
  return [line(header), line(widths.map((w) => '-'.repeat(w)).concat('---------')), ...rows.map(line), '', `${caught} of ${rows.length} mutants caught`].join('\n');
}
