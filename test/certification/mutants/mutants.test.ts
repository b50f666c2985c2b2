import { describe, expect, it } from 'vitest';
import { CHECKS } from 'reference-server';
import { runMutant } from './harness.js';
import { MUTANTS } from './mutants.js';

/**
 * The certifier's detection power, in `npm test`: every check has a mutant it must catch, and a
 * few quick mutants (one per group) go through the real `certify run --command`. The whole set,
 * and the correct integration, run with `npm run certify:mutants`.
 */
describe('certify mutants', () => {
  it('has a mutant for every check, and names only checks that exist', () => {
    const covered = new Set(MUTANTS.map((m) => m.catches));
    expect(CHECKS.map((c) => c.id).filter((id) => !covered.has(id))).toEqual([]);
    expect(new Set(MUTANTS.map((m) => m.id)).size).toBe(MUTANTS.length);
  });

  it.each(['any-signature', 'new-record-id', 'browser-exchange'])('catches the %s mutant through certify run --command', async (id) => {
    const result = await runMutant(MUTANTS.find((m) => m.id === id)!);
    expect(result.caught, `${result.outcome}: ${result.summary}`).toBe(true);
    expect(result.outcome).toBe('fail');
  }, 90_000);
});
