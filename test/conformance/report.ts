import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import type { Builder } from 'junit-report-builder';
import type { Exchange } from './http.js';
import type { CheckResult } from './runner.js';

// CommonJS `module.exports = builder`, while its typings declare an ES default export.
const junit = createRequire(import.meta.url)('junit-report-builder') as Builder;

const BODY_LIMIT = 2_000;
const LABEL = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

export function redact(text: string, secrets: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [value, label] of secrets) {
    if (value.length < 8) continue;
    // Also as it appears in a form or query string.
    for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join(`‹${label}›`);
  }
  return out;
}

const clip = (text: string) => (text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text);

/** An exchange as a person reads it: `>` lines went out, `<` lines came back. */
export function formatExchange(exchange: Exchange, secrets: ReadonlyMap<string, string>): string {
  const lines = [`> ${exchange.request.method} ${exchange.request.url}`];
  for (const [name, value] of Object.entries(exchange.request.headers)) lines.push(`> ${name}: ${value}`);
  if (exchange.request.body !== undefined) lines.push(`> ${clip(exchange.request.body)}`);
  if (exchange.error) lines.push(`! ${exchange.error}`);
  if (exchange.response) {
    lines.push(`< ${exchange.response.status} ${exchange.response.statusText}`);
    for (const [name, value] of exchange.response.headers) if (!/^(date|connection|keep-alive|etag)$/.test(name)) lines.push(`< ${name}: ${value}`);
    if (exchange.response.body) lines.push(`< ${clip(exchange.response.body)}`);
  }
  return redact(lines.join('\n'), secrets);
}

/** The last exchanges of a failed check (the one that broke the rule is usually the last). */
const SHOWN_EXCHANGES = 3;

export function formatResult(result: CheckResult, secrets: ReadonlyMap<string, string>): string {
  const head = `${LABEL[result.outcome]}  ${result.check.id}  [${result.check.clause}] ${result.check.title}`;
  if (result.outcome === 'pass') return head;
  if (result.outcome === 'skip') return `${head}\n      skipped: ${result.reason}`;
  const shown = result.exchanges.slice(-SHOWN_EXCHANGES);
  const omitted = result.exchanges.length - shown.length;
  const parts = [head, `      ${redact(result.reason ?? '', secrets)}`];
  if (omitted > 0) parts.push(`      (${omitted} earlier request(s) not shown)`);
  for (const exchange of shown) parts.push(formatExchange(exchange, secrets).replace(/^/gm, '      '));
  return parts.join('\n');
}

export function writeJunit(file: string, results: readonly CheckResult[], secrets: ReadonlyMap<string, string>, baseUrl: string): void {
  const builder = junit.newBuilder();
  const suite = builder.testSuite().name(`conformance ${baseUrl}`);
  for (const result of results) {
    const testCase = suite
      .testCase()
      .className(result.check.clause)
      .name(`${result.check.id}: ${result.check.title}`)
      .time(result.ms / 1000);
    if (result.outcome === 'fail') {
      testCase.failure(redact(result.reason ?? 'failed', secrets));
      testCase.standardOutput(result.exchanges.map((e) => formatExchange(e, secrets)).join('\n\n'));
    } else if (result.outcome === 'skip') {
      testCase.skipped();
      testCase.standardOutput(`skipped: ${result.reason ?? ''}`);
    }
  }
  mkdirSync(dirname(file), { recursive: true });
  builder.writeTo(file);
}
