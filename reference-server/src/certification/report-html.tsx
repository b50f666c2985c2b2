import type { VNode } from 'preact';
import { renderDocument } from '../pages/index.js';
import { CheckAdvice } from './check-advice.js';
import type { Evidence } from './run-records.js';
import { countsLine, endedLine, statusText, type Report } from './run-report.js';

/**
 * The page's stylesheet, one rule group a line here and all on one line in the page: each published
 * report (docs/certification/*.html) would otherwise carry ten lines identical to these.
 */
const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;background:#fff;margin:0}
header,main,footer{max-width:70rem;margin:0 auto;padding:1rem 1.5rem}
header{border-bottom:2px solid #1a1a1a}h1{font-size:1.6rem;margin:.2rem 0}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #bbb}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.verdict{font-size:1.1rem;font-weight:700;padding:.5rem .8rem;border-radius:4px;display:inline-block}.ok{background:#e3f4e8;color:#0b5a23}.bad{background:#fbe4e4;color:#8a1414}
article{border-bottom:1px solid #ddd;padding:.6rem 0}h3{font-size:1rem;margin:0;overflow-wrap:anywhere}
.outcome{font-family:ui-monospace,monospace;font-weight:700;margin-right:.5rem}.pass{color:#0b5a23}.fail{color:#8a1414}.warn,.not_run,.pending{color:#6b4a00}
pre{font:.85rem ui-monospace,Menlo,monospace;background:#f4f4f4;border:1px solid #ddd;padding:.5rem;white-space:pre-wrap;overflow-wrap:anywhere;max-height:24rem;overflow-y:auto}
summary{cursor:pointer;color:#0645ad}.clause{color:#555;font-size:.9rem}.explained{border-left:4px solid #0645ad;padding-left:.6rem}
`;

const OUTCOME_TEXT: Record<string, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', not_run: 'NOT RUN', pending: 'PENDING' };

function exchangeText(e: Evidence): string {
  const lines = [`${e.at}  ${e.note}`];
  if (e.request) {
    lines.push(`> ${e.request.method} ${e.request.url}`);
    for (const [name, value] of Object.entries(e.request.headers ?? {})) lines.push(`> ${name}: ${value}`);
    if (e.request.body) lines.push(`>`, e.request.body);
  }
  if (e.response) {
    lines.push(e.response.status === null ? `< no answer: ${e.response.error ?? ''}` : `< HTTP ${e.response.status}${e.response.latencyMs !== undefined ? ` in ${e.response.latencyMs} ms` : ''}`);
    if (e.response.body) lines.push(`<`, e.response.body);
  }
  return lines.join('\n');
}

function CheckArticle({ check }: { check: Report['checks'][number] }): VNode {
  return (
    <article>
      <h3>
        <span class={`outcome ${check.outcome}`}>{OUTCOME_TEXT[check.outcome]}</span>
        <code>{check.id}</code> ({check.level})
      </h3>
      <p>{check.title}</p>
      <p class="clause">{check.clause}</p>
      {check.summary ? <p>{check.summary}</p> : null}
      {check.outcome === 'fail' || check.outcome === 'warn' || check.outcome === 'not_run' ? (
        <CheckAdvice check={check} />
      ) : null}
      {check.explanation ? (
        <p class="explained">
          <strong>The integration explains:</strong> {check.explanation}
        </p>
      ) : null}
      {check.evidence.length ? (
        <details>
          <summary>
            Evidence: {check.evidence.length} exchange{check.evidence.length === 1 ? '' : 's'}
          </summary>
          {check.evidence.map((e) => (
            <pre>{exchangeText(e)}</pre>
          ))}
        </details>
      ) : null}
    </article>
  );
}

/** A self-contained page (no script, font or image from anywhere) a partner can attach to their certification. */
export function renderReportHtml(report: Report): string {
  const passed = report.run.status === 'passed';
  const groups = ['webhook', 'api', 'oauth'].map((group) => ({ group, checks: report.checks.filter((c) => c.id.startsWith(`${group}.`)) })).filter((g) => g.checks.length);
  const titles: Record<string, string> = { webhook: 'Webhook receiver', api: 'API client', oauth: 'OAuth client' };
  return renderDocument(
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
        <title>Integration certification {report.run.id}</title>
        <style>{STYLE.replaceAll('\n', '')}</style>
      </head>
      <body>
        <header>
          <p>Partner Integration Service</p>
          <h1>Integration certification: {report.run.integration.name}</h1>
          <dl>
            <dt>Run</dt>
            <dd>{report.run.id}</dd>
            <dt>Started</dt>
            <dd>{report.run.started_at}</dd>
            <dt>Finished</dt>
            <dd>{report.run.finished_at ?? 'still running'}</dd>
            <dt>How it ended</dt>
            <dd>{endedLine(report)}</dd>
            <dt>Webhook receiver</dt>
            <dd>{report.run.integration.webhook_url ?? 'not certified'}</dd>
            <dt>Redirect URIs</dt>
            <dd>{report.run.integration.redirect_uris.join(', ') || 'not certified'}</dd>
            <dt>Result</dt>
            <dd>{countsLine(report)}</dd>
            {report.certificate ? (
              <>
                <dt>Certificate</dt>
                <dd>
                  <a href={report.certificate.url}>{report.certificate.url}</a> (signed: <a href={report.certificate.jws_url}>JWS</a>)
                </dd>
              </>
            ) : null}
          </dl>
          <p class={`verdict ${passed ? 'ok' : 'bad'}`}>
            {statusText(report)}
          </p>
        </header>
        <main>
          {groups.map(({ group, checks }) => (
            <section aria-labelledby={`g-${group}`}>
              <h2 id={`g-${group}`}>{titles[group]}</h2>
              {checks.map((check) => (
                <CheckArticle check={check} />
              ))}
            </section>
          ))}
        </main>
        <footer>
          <p>No key, token or signing secret appears in this report: probes show their signatures, never the secret; API requests show method and path only.</p>
        </footer>
      </body>
    </html>,
  );
}
