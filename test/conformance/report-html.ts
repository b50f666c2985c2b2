import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { formatExchange, redact } from './report.js';
import { summary, type CheckResult } from './runner.js';

/** The surfaces of the spec, in the report's order, by check id prefix. */
const SURFACES: [prefix: string, title: string][] = [
  ['general', 'General rules'],
  ['separation', 'Credential separation (every surface)'],
  ['assessment', 'Assessment API (/api/v1)'],
  ['automation', 'Automation API (/api/automation)'],
  ['webhooks', 'Webhooks (both APIs)'],
  ['oauth', 'OAuth 2.0 (/api/oauth)'],
  ['graphql', 'Partner GraphQL (/api)'],
];

const OUTCOME = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' } as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything from a deployment or a check is text: nothing it says becomes markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** The suite's package version and a digest of its checks (ids and clauses), so a report says exactly which suite made it. */
export function suiteVersion(results: readonly CheckResult[]): string {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const digest = createHash('sha256')
    .update(results.map((r) => `${r.check.id}\t${r.check.clause}`).join('\n'))
    .digest('hex')
    .slice(0, 12);
  return `${version} (checks ${digest})`;
}

export interface HtmlReportInput {
  baseUrl: string;
  results: readonly CheckResult[];
  secrets: ReadonlyMap<string, string>;
  date: Date;
  version: string;
  requireAll: boolean;
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;background:#fff;margin:0}
header,main,footer{max-width:70rem;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:2px solid #1a1a1a}
h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.3rem;margin-top:2.2rem;border-bottom:1px solid #bbb}h3{font-size:1.05rem;margin:1.4rem 0 .4rem}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.6rem 0}dl.facts dt{font-weight:600}dl.facts dd{margin:0;word-break:break-all}
.verdict{font-size:1.15rem;font-weight:700;padding:.5rem .8rem;border-radius:4px;display:inline-block}
.ok{background:#e3f4e8;color:#0b5a23}.bad{background:#fbe4e4;color:#8a1414}
table{border-collapse:collapse;width:100%;margin:.4rem 0;table-layout:fixed}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}
th:first-child{width:6rem}th:last-child{width:5.5rem}td:last-child{white-space:nowrap}
nav ul{columns:2;padding-left:1.2rem}
.outcome{font-weight:700;font-family:ui-monospace,monospace}.pass{color:#0b5a23}.fail{color:#8a1414}.skip{color:#6b4a00}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85rem}
pre{background:#f4f4f4;border:1px solid #ddd;padding:.5rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;max-height:30rem}
details{margin:.2rem 0 .6rem}summary{cursor:pointer;color:#0645ad}
.reason{margin:.2rem 0;color:#8a1414}
`;

function checkRows(results: readonly CheckResult[], secrets: ReadonlyMap<string, string>): string {
  return results
    .map((r) => {
      const evidence = r.exchanges.length
        ? `<details><summary>Evidence: ${r.exchanges.length} request${r.exchanges.length === 1 ? '' : 's'} and answer${r.exchanges.length === 1 ? '' : 's'} <span class="visually-hidden">for ${escapeHtml(r.check.id)}</span></summary>${r.exchanges
            .map((e) => `<pre>${escapeHtml(formatExchange(e, secrets))}</pre>`)
            .join('')}</details>`
        : '<p>No request was needed.</p>';
      const reason = r.reason ? `<p class="reason">${escapeHtml(redact(r.reason, secrets))}</p>` : '';
      return `<tr><td class="outcome ${r.outcome}">${OUTCOME[r.outcome]}</td><td><code>${escapeHtml(r.check.id)}</code><br>${escapeHtml(r.check.title)}${reason}${evidence}</td><td>${(r.ms / 1000).toFixed(2)} s</td></tr>`;
    })
    .join('\n');
}

/** A self-contained page (no scripts, fonts or images from anywhere) a platform team can attach to a certification. */
export function renderHtmlReport(input: HtmlReportInput): string {
  const totals = summary(input.results);
  const certified = totals.failed === 0 && totals.skipped === 0 && input.results.length > 0;
  const verdict = certified
    ? 'Every check of every clause passed.'
    : `${totals.failed} check${totals.failed === 1 ? '' : 's'} failed and ${totals.skipped} ${totals.skipped === 1 ? 'was' : 'were'} skipped.`;
  const sections = SURFACES.map(([prefix, title]) => {
    const mine = input.results.filter((r) => r.check.id.split('.')[0] === prefix);
    if (!mine.length) return '';
    const clauses = [...new Set(mine.map((r) => r.check.clause))];
    const body = clauses
      .map((clause) => {
        const checks = mine.filter((r) => r.check.clause === clause);
        const worst = checks.some((r) => r.outcome === 'fail') ? 'fail' : checks.some((r) => r.outcome === 'skip') ? 'skip' : 'pass';
        return `<section class="clause" aria-label="${escapeHtml(clause)}"><h3><span class="outcome ${worst}">${OUTCOME[worst]}</span> ${escapeHtml(clause)}</h3>
<table><thead><tr><th scope="col">Outcome</th><th scope="col">Check and evidence</th><th scope="col">Time</th></tr></thead><tbody>
${checkRows(checks, input.secrets)}
</tbody></table></section>`;
      })
      .join('\n');
    const counts = summary(mine);
    return `<section aria-labelledby="s-${prefix}"><h2 id="s-${prefix}">${escapeHtml(title)}</h2><p>${plural(clauses.length, 'clause')}: ${escapeHtml(counts.line)}.</p>${body}</section>`;
  }).join('\n');
  const contents = SURFACES.filter(([prefix]) => input.results.some((r) => r.check.id.split('.')[0] === prefix))
    .map(([prefix, title]) => `<li><a href="#s-${prefix}">${escapeHtml(title)}</a> — ${escapeHtml(summary(input.results.filter((r) => r.check.id.split('.')[0] === prefix)).line)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Conformance report: ${escapeHtml(input.baseUrl)}</title><style>${STYLE}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}</style></head>
<body><header><p>Partner Integration Service</p><h1>Conformance certification report</h1>
<dl class="facts"><dt>Deployment</dt><dd>${escapeHtml(input.baseUrl)}</dd><dt>Date</dt><dd>${escapeHtml(input.date.toISOString())}</dd><dt>Suite version</dt><dd>${escapeHtml(input.version)}</dd>
<dt>Mode</dt><dd>${input.requireAll ? 'certification (--require-all: a missing route or an unobservable clause fails)' : 'report (a missing route or an unobservable clause is skipped)'}</dd>
<dt>Result</dt><dd>${escapeHtml(totals.line)}</dd></dl>
<p class="verdict ${certified ? 'ok' : 'bad'}">${certified ? 'Conforms' : 'Does not conform'}: ${escapeHtml(verdict)}</p></header>
<main><nav aria-label="Surfaces"><h2>Surfaces</h2><ul>${contents}</ul></nav>${sections}</main>
<footer><p>Credentials, tokens, codes and signing secrets are replaced by their names (‹name›) in every request and answer shown. Bodies longer than 2,000 characters are cut.</p></footer>
</body></html>
`;
}

export function writeHtmlReport(file: string, input: HtmlReportInput): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderHtmlReport(input));
}
