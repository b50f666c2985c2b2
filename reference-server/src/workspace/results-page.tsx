import { Button, SummaryList, TextField } from '../pages/components.js';
import { DIMENSIONS } from '../psychometrics/model.js';
import type { AssessmentResult } from '../assessment-results/store.js';
import type { Member } from './access.js';
import { WorkspacePage } from './layout.js';
import { WORKSPACE_PATH } from './names.js';
import { dateTime } from './overview-page.js';

export const RESULTS_PATH = `${WORKSPACE_PATH}/results`;

export interface ResultsPageProps {
  member: Member;
  csrfToken: string;
  email: string;
  /** Undefined before a search; null when nothing is stored for the email. */
  result?: AssessmentResult | null;
}

/** An assessment result by email, as `/api/v1/assessment/results` stores it: one per email. */
export function ResultsPage({ member, csrfToken, email, result }: ResultsPageProps) {
  return (
    <WorkspacePage member={member} title="Assessment results" section="results" csrfToken={csrfToken}>
      <h1>Assessment results</h1>
      <form method="get" action={RESULTS_PATH}>
        <TextField id="email" label="Participant's email" type="email" value={email} autocomplete="off" />
        <Button variant="secondary">Find result</Button>
      </form>
      {result === null ? <p role="status">No result is stored for {email} in {member.organization.name}.</p> : null}
      {result ? (
        <section aria-label="Result">
          <h2>{result.fullName}</h2>
          <SummaryList
            rows={[
              { key: 'Result ID', value: <code>{result.id}</code> },
              { key: 'Revision', value: String(result.revision) },
              { key: 'Submitted', value: dateTime(result.submittedAt) },
              { key: 'Source', value: result.source ?? 'api' },
              { key: 'Norm', value: result.scores.norm.kind === 'benchmark' ? `Benchmark: ${result.scores.norm.name}` : 'General' },
              { key: 'Response quality', value: result.scores.quality.status },
              { key: 'Composite', value: `T ${result.scores.composite.t} · percentile ${result.scores.composite.percentile} · ${result.scores.composite.band}` },
            ]}
          />
          <div class="table-scroll">
            <table aria-label="Dimensions">
              <thead>
                <tr>
                  <th scope="col">Dimension</th>
                  <th scope="col">T</th>
                  <th scope="col">Percentile</th>
                  <th scope="col">Sten</th>
                  <th scope="col">Band</th>
                </tr>
              </thead>
              <tbody>
                {DIMENSIONS.map((d) => {
                  const s = result.scores.dimensions[d];
                  return (
                    <tr>
                      <td>{d.replace(/_/g, ' ')}</td>
                      <td>{s.t}</td>
                      <td>{s.percentile}</td>
                      <td>{s.sten}</td>
                      <td>{s.band}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </WorkspacePage>
  );
}
