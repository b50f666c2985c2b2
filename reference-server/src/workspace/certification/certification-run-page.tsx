import { Button, CodeText, DottedName, PostForm, SummaryList, Table, Time } from '../../pages/index.js';
import { CheckAdvice, type notCountedOf, type Report, statusText, summaryLine } from '../../certification/index.js';
import { ConfirmButton, type Member, WorkspacePage } from '../shared/index.js';
import { CERTIFICATION_PATH, GUIDE_PATH, guideLink, runPath } from './certification-paths.js';
import { BeginForm } from './certification-pages.js';

/** A running run's page reloads itself this often (seconds), so the checks fill in as they finish. */
const LIVE_SECONDS = 3;

const OUTCOME_TEXT: Record<string, string> = { pass: 'Passed', fail: 'Failed', warn: 'Warning', not_run: 'Not run', pending: 'Waiting' };
const OUTCOME_TAG: Record<string, string> = { pass: 'green', fail: 'red', warn: 'yellow', not_run: 'grey', pending: 'blue' };

type NotCounted = ReturnType<typeof notCountedOf>;

export function RunPage({ member, csrfToken, report, notCounted, finishedNow }: { member: Member; csrfToken: string; report: Report; notCounted: NotCounted; finishedNow?: boolean }) {
  const open = report.run.status === 'running' || report.run.status === 'ready';
  const runId = report.run.id;
  return (
    <WorkspacePage member={member} title={`Certification run ${runId}`} section="certification" csrfToken={csrfToken} {...(report.run.status === 'running' ? { liveSeconds: LIVE_SECONDS } : {})}>
      <h1>{report.run.integration.name}</h1>
      {finishedNow ? (
        <div class="notice success" role="status">
          The run was finished: its credentials no longer work.
        </div>
      ) : null}
      {report.run.status === 'ready' ? (
        <div class="notice">
          <p>
            <strong>The checks have not started.</strong> Configure your integration with the run's credentials (shown once, when the run was made), then start them: the run sends
            its first delivery and arms its API traps at once.
          </p>
          <BeginForm runId={runId} csrfToken={csrfToken} />
        </div>
      ) : null}
      <div id="run-live" data-live-region>
        <SummaryList
          rows={[
            { key: 'Run', value: <code>{runId}</code> },
            { key: 'Status', value: <strong>{statusText(report)}</strong> },
            {
              key: 'Made',
              value: (
                <>
                  <Time at={report.run.started_at} /> by {report.run.started_by}
                </>
              ),
            },
            { key: 'Checks began', value: report.run.begun_at ? <Time at={report.run.begun_at} /> : 'not yet' },
            { key: 'Finished', value: report.run.finished_at ? <Time at={report.run.finished_at} /> : 'not yet' },
            { key: 'Webhook receiver', value: report.run.integration.webhook_url ?? 'not checked' },
            { key: 'Redirect URIs', value: report.run.integration.redirect_uris.join(', ') || 'not checked' },
            { key: 'Result', value: summaryLine(report) },
            { key: 'Certificate', value: <CertificateLinks report={report} /> },
          ]}
        />
        <h2 id="checks-heading">Checks</h2>
        <ChecksTable checks={report.checks} status={report.run.status} />
        <NotCountedList notCounted={notCounted} />
      </div>
      <h2>Report</h2>
      <p>
        <a href={`${runPath(runId)}/report.html`} download={`certification-${runId}.html`}>
          Download the HTML report
        </a>{' '}
        · <a href={`${runPath(runId)}/report.json`}>JSON</a> · <a href={GUIDE_PATH}>What each check looks for</a>
      </p>
      {/* Updated with the checks: "Run again" appears when the run ends, without a reload. */}
      <div id="run-actions" data-live-region>
        {open ? <ConfirmButton href={`${runPath(runId)}/finish`}>Finish the run now</ConfirmButton> : null}
        {open ? null : (
          <PostForm action={`${runPath(runId)}/again`} csrfToken={csrfToken}>
            <p>A new run with the same checks, receiver and redirect URIs: it has new credentials (a new signing secret), shown once, and waits for you to start it.</p>
            <Button>Run again with these settings</Button>
          </PostForm>
        )}
      </div>
      <p>
        <a href={CERTIFICATION_PATH}>All runs</a>
      </p>
    </WorkspacePage>
  );
}

/** The run's certificate: its public page (give it to a platform), its JWS, and where to revoke it. */
function CertificateLinks({ report }: { report: Report }) {
  if (!report.certificate) return <>{report.run.status === 'running' || report.run.status === 'ready' ? 'issued if every MUST passes' : 'none: a certificate is issued only when every MUST passed'}</>;
  return (
    <>
      <a href={report.certificate.url}>{report.certificate.url}</a> (<a href={report.certificate.jws_url}>signed JWS</a>) ·{' '}
      <a href={`${runPath(report.run.id)}/certificate/revoke`}>Revoke it</a>
    </>
  );
}

/**
 * Requests that named the run's OAuth client without proving to be it (no verified secret, or an
 * authorization no sign-in completed): listed so the partner sees them, graded never. The lines
 * are the server's own words; nothing the sender wrote is shown.
 */
function NotCountedList({ notCounted }: { notCounted: NotCounted }) {
  if (notCounted.total === 0) return null;
  return (
    <>
      <h2 id="not-counted-heading">Not counted ({notCounted.total})</h2>
      <p>
        These requests named the run's OAuth client but never proved to be it, so no check counts them: anyone who saw an authorize link can send such requests.
        {notCounted.total > notCounted.lines.length ? ` The latest ${notCounted.lines.length} are shown.` : ''}
      </p>
      <ul aria-labelledby="not-counted-heading">
        {notCounted.lines.map((line) => (
          <li>
            <Time at={line.at} /> — {line.note}
          </li>
        ))}
      </ul>
    </>
  );
}

/** What a check's row says beyond its summary: how to reach it while pending, why it matters and how to fix it once it did not pass. */
function NextStep({ check, status }: { check: Report['checks'][number]; status: Report['run']['status'] }) {
  if (check.outcome === 'pass') return null;
  if (check.outcome === 'pending') {
    return status === 'ready' ? (
      <>Begins when you start the checks.</>
    ) : (
      <p>
        <strong>Waiting for the integration.</strong> <CodeText text={check.advice.reach} />
      </p>
    );
  }
  return (
    <CheckAdvice
      check={check}
      more={
        <a href={guideLink(check.id)}>
          More on <code>{check.id}</code>
        </a>
      }
    />
  );
}

/** Each check of a run: its outcome, what happened, what to do next, and the exchanges behind it. */
function ChecksTable({ checks, status }: { checks: Report['checks']; status: Report['run']['status'] }) {
  return (
    <Table
      labelledBy="checks-heading"
      rows={checks}
      columns={[
        {
          heading: 'Check',
          kind: 'id',
          cell: (check) => (
            <>
              <DottedName name={check.id} /> ({check.level})<br />
              <span class="muted">{check.title}</span>
            </>
          ),
        },
        { heading: 'Outcome', cell: (check) => <span class={`tag ${OUTCOME_TAG[check.outcome] ?? 'grey'}`}>{OUTCOME_TEXT[check.outcome]}</span> },
        {
          heading: 'What happened',
          cell: (check) => (
            <>
              {check.summary ? <p>{check.summary}</p> : null}
              <NextStep check={check} status={status} />
              {check.explanation ? <p>The integration explains: {check.explanation}</p> : null}
              {check.evidence.length ? (
                <details>
                  <summary>
                    Evidence<span class="visually-hidden"> for {check.id}</span>
                  </summary>
                  <ul>
                    {check.evidence.map((e) => (
                      <li>
                        <Time at={e.at} /> — {e.note}
                        {e.response ? ` → ${e.response.status === null ? `no answer (${e.response.error ?? ''})` : `HTTP ${e.response.status}${e.response.latencyMs !== undefined ? ` in ${e.response.latencyMs} ms` : ''}`}` : ''}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}

