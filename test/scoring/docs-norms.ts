import { readFileSync } from 'node:fs';
import { DIMENSIONS, type Norms, type ScaleNorm } from './oracle.js';

/**
 * The norms table of docs/assessment.md ("The norms"), read as written: "4.05 / 0.68" cells give
 * μ and σ as exact decimal text, the α row applies to every norm. The property tests score with
 * these, so what they check is the documentation, not the server's own table.
 */
export interface DocumentedNorm extends Norms {
  sampleSize: number;
}

export function documentedNorms(markdown = readFileSync(new URL('../../docs/assessment.md', import.meta.url), 'utf8')): Map<string, DocumentedNorm> {
  const cells = (line: string) => line.split('|').slice(1, -1).map((c) => c.trim());
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| norm | n |'));
  if (start < 0) throw new Error('docs/assessment.md has no norms table');
  const header = lines[start] as string;
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  const table = lines.slice(start, end < 0 ? undefined : end);
  const columns = cells(header).slice(2);
  const expected = [...DIMENSIONS, 'composite'];
  if (columns.join() !== expected.join()) throw new Error(`norms table columns are ${columns.join()}, expected ${expected.join()}`);
  const alphaRow = table.find((l) => l.startsWith('| α'));
  if (!alphaRow) throw new Error('docs/assessment.md has no α row');
  const alphas = cells(alphaRow).slice(2);

  const norms = new Map<string, DocumentedNorm>();
  for (const line of table) {
    const match = /^\| `([a-z0-9_]+)` \|/.exec(line);
    if (!match) continue;
    const [, sampleSize, ...stats] = cells(line);
    const scale = (i: number): ScaleNorm => {
      const [mean, sd] = (stats[i] ?? '').split('/').map((s) => s.trim());
      if (!mean || !sd || alphas[i] === undefined) throw new Error(`bad norms cell ${i} of ${match[1]}`);
      return { mean, sd, reliability: alphas[i] as string };
    };
    norms.set(match[1] as string, {
      sampleSize: Number(sampleSize),
      dimensions: Object.fromEntries(DIMENSIONS.map((d, i) => [d, scale(i)])) as Norms['dimensions'],
      composite: scale(DIMENSIONS.length),
    });
  }
  return norms;
}
