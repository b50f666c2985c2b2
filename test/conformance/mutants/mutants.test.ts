import { startTestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';
import { ALL_CHECKS } from '../checks/index.js';
import { ALL_MUTANTS } from '../checks/mutants.js';
import { fromDemo } from '../credentials.js';
import { clauseOf, focusOn, formatTable, runMutant, runMutants, type FreshServer } from './harness.js';
import type { Mutant } from './mutant.js';

async function freshServer(): Promise<FreshServer> {
  const server = await startTestServer();
  return { url: server.url, credentials: fromDemo(server.demo), stop: () => server.dispose() };
}

/** The six gaps of issue 19 and the benchmark-tags cap: each once let a broken deployment pass. */
const SUBSET = [
  'redirect-uri-path-case-insensitive',
  'token-without-client-auth-served',
  'revoke-without-client-auth',
  'cors-reflects-origin',
  'instrument-name-and-email-optional',
  'instrument-fixed-organization',
  'tags-limit-not-capped',
];

describe('the conformance mutants', () => {
  it('cover every clause the suite checks, each targeting a real check, with unique ids', () => {
    const ids = ALL_MUTANTS.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const targeted = new Set(ALL_MUTANTS.map(clauseOf));
    const clauses = [...new Set(ALL_CHECKS.map((c) => c.clause))];
    expect(clauses.filter((clause) => !targeted.has(clause))).toEqual([]);
  });

  it('are each caught by a check of their clause (a short subset, each against its own clause)', { timeout: 400_000 }, async () => {
    const mutants = SUBSET.map((id) => ALL_MUTANTS.find((m) => m.id === id));
    expect(mutants.every(Boolean)).toBe(true);
    const outcomes = await runMutants(mutants, { start: freshServer, mode: 'focused', concurrency: 2 });
    for (const outcome of outcomes) {
      expect(outcome.error, outcome.mutant?.id).toBeUndefined();
      expect(outcome.caughtBy.map((r) => r.check.clause), outcome.mutant?.id).toContain(outcome.clause);
      for (const result of outcome.caughtBy) expect(result.outcome).toBe('fail');
    }
    expect(formatTable(outcomes).split('\n').at(-1)).toBe(`${SUBSET.length} of ${SUBSET.length} mutants caught`);
  });

  it('leave those checks green when the proxy injects nothing (the control run)', { timeout: 300_000 }, async () => {
    const clauses = SUBSET.map((id) => clauseOf(ALL_MUTANTS.find((m) => m.id === id) as Mutant));
    const outcome = await runMutant(undefined, { start: freshServer, only: focusOn(...clauses) });
    expect(outcome.error).toBeUndefined();
    expect(outcome.caughtBy.map((r) => `${r.check.id}: ${r.reason ?? ''}`)).toEqual([]);
  });
});
