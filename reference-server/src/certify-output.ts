import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { endedLine, renderReportHtml, renderReportJunit, summaryLine, type Report } from './certification/index.js';

/** What `certify` prints and writes of a report, and how it judges one against a baseline. */

/** A baseline file: one check id per line (`- id` as in a YAML list works too); `#` starts a comment. */
export async function readBaseline(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the baseline ${file}: ${error.code ?? String(error)}`);
  });
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').replace(/^\s*-\s*/, '').trim())
    .filter(Boolean);
}

/**
 * The verdict of a report against a baseline: a MUST that did not pass fails the run unless the
 * baseline lists it; a listed check that now passes fails it too (the baseline is stale).
 */
export function verdict(report: Report, baseline: readonly string[]): { ok: boolean; unexpected: string[]; stale: string[] } {
  const listed = new Set(baseline);
  const unexpected = report.checks.filter((c) => c.level === 'MUST' && c.outcome !== 'pass' && !listed.has(c.id)).map((c) => c.id);
  const stale = report.checks.filter((c) => listed.has(c.id) && c.outcome === 'pass').map((c) => c.id);
  return { ok: unexpected.length === 0 && stale.length === 0, unexpected, stale };
}

export function reportTable(report: Report): string {
  const width = Math.max(...report.checks.map((c) => c.id.length));
  const rows = report.checks.map((c) => {
    const row = `${c.id.padEnd(width)}  ${c.level.padEnd(6)}  ${c.outcome.padEnd(7)}  ${c.summary}`;
    return c.explanation ? `${row}\n${' '.repeat(width + 19)}explained: ${c.explanation}` : row;
  });
  return [...rows, summaryLine(report), endedLine(report)].join('\n');
}

export async function writeReports(report: Report, files: { html?: string | undefined; junit?: string | undefined }): Promise<void> {
  for (const [file, text] of [
    [files.html, () => renderReportHtml(report)],
    [files.junit, () => renderReportJunit(report)],
  ] as const) {
    if (!file) continue;
    await mkdir(dirname(resolve(file)), { recursive: true });
    await writeFile(file, text());
  }
}

/** What a `certify` command asks the process to exit with (cli.ts `main` turns it into the exit code). */
export class CertifyExit extends Error {
  override name = 'CertifyExit';

  constructor(readonly code: number) {
    super('');
  }
}

/** The exit code a `certify` action asked for, if the error is one. */
export const certifyExitCode = (error: unknown): number | undefined => (error instanceof CertifyExit ? error.code : undefined);
