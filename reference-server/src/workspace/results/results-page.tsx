import type { AssessmentResult } from '../../assessments/index.js';
import { Button, Email, SummaryList, TextField, Table, Time, WithHint } from '../../pages/index.js';
import { DIMENSION_INFO, DIMENSIONS, type QualityStatus } from '../../psychometrics/index.js';
import { type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import { noResultMessage, type ResultFilters } from './results-filters.js';
import { ScoreTerms } from './score-terms.js';

export const RESULTS_PATH = `${WORKSPACE_PATH}/results`;
export const resultUrl = (id: string) => `${RESULTS_PATH}/${encodeURIComponent(id)}`;

const QUALITY_TAGS: Record<QualityStatus, string> = { ok: 'tag green', review: 'tag', invalid: 'tag red' };

const QualityTag = ({ status }: { status: QualityStatus }) => <span class={QUALITY_TAGS[status]}>{status}</span>;

const composite = (result: AssessmentResult) => `T ${result.scores.composite.t} · percentile ${result.scores.composite.percentile}`;

function Select({ id, label, any, options, selected }: { id: string; label: string; any: string; options: readonly string[]; selected: string | undefined }) {
  return (
    <div class="form-group">
      <label for={id}>{label}</label>
      <select id={id} name={id}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option value={option} selected={selected === option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

function DateField({ id, label, value }: { id: string; label: string; value: string | undefined }) {
  return (
    <div class="form-group">
      <label for={id}>{label}</label>
      <input id={id} name={id} type="date" value={value ?? ''} />
    </div>
  );
}

export interface ResultsPageProps {
  member: Member;
  csrfToken: string;
  results: readonly AssessmentResult[];
  filters: ResultFilters;
  nextUrl?: string;
  pageError?: string;
}

/** The organisation's stored assessment results, newest first, filtered by email, band, quality and date. */
export function ResultsPage({ member, csrfToken, results, filters, nextUrl, pageError }: ResultsPageProps) {
  const filtered = Object.values(filters).some(Boolean);
  return (
    <WorkspacePage member={member} title="Assessment results" section="results" csrfToken={csrfToken}>
      <h1>Assessment results</h1>
      <p>
        One result per participant's email, from the Assessment API or an invite link, newest first (by first submission). A later submission for the same email replaces the result and raises its
        revision.
      </p>
      <ScoreTerms />
      <h2>Filter</h2>
      <form method="get" action={RESULTS_PATH} class="filters">
        <TextField id="email" label="Participant's email" type="email" value={filters.email ?? ''} autocomplete="off" />
        <Select id="band" label="Composite band" any="Any band" options={['low', 'average', 'high']} selected={filters.band} />
        <Select id="quality" label="Response quality" any="Any quality" options={['ok', 'review', 'invalid']} selected={filters.quality} />
        <DateField id="from" label="Submitted from (UTC)" value={filters.from} />
        <DateField id="to" label="Submitted until (UTC)" value={filters.to} />
        <Button variant="secondary">Filter</Button>
      </form>
      {filtered ? (
        <p>
          <a href={RESULTS_PATH}>Clear the filters</a>
        </p>
      ) : null}
      {pageError ? (
        <p class="error-message" role="alert">
          {pageError}
        </p>
      ) : null}
      <h2 id="results-heading">Results</h2>
      {results.length === 0 ? (
        <p role="status">
          {noResultMessage(filters, member.organization.name)}
        </p>
      ) : (
        <Table
          labelledBy="results-heading"
          rows={results}
          columns={[
            { heading: 'Participant', kind: 'email', cell: (result) => <WithHint hint={<Email address={result.email} />}><a href={resultUrl(result.id)}>{result.fullName || <Email address={result.email} />}</a></WithHint> },
            { heading: 'Submitted', cell: (result) => <Time at={result.submittedAt} /> },
            { heading: 'Composite', cell: composite },
            { heading: 'Band', cell: (result) => result.scores.composite.band },
            { heading: 'Quality', cell: (result) => <QualityTag status={result.scores.quality.status} /> },
            { heading: 'Source', cell: (result) => result.source ?? 'api' },
          ]}
        />
      )}
      {nextUrl ? (
        <p>
          <a href={nextUrl}>Older results</a>
        </p>
      ) : null}
    </WorkspacePage>
  );
}

/** One stored result: who, when, from where, against which norm, its response quality, and every dimension's scores. */
export function ResultPage({ member, csrfToken, result }: { member: Member; csrfToken: string; result: AssessmentResult }) {
  const { scores } = result;
  return (
    <WorkspacePage member={member} title={`Result of ${result.email}`} section="results" csrfToken={csrfToken} back={{ href: RESULTS_PATH, text: 'Back to assessment results' }}>
      <h1 class="long-words">
        <span class="caption">Assessment result</span>
        {result.fullName || result.email}
      </h1>
      <SummaryList
        rows={[
          { key: 'Email', value: result.email },
          { key: 'Result ID', value: <code>{result.id}</code> },
          { key: 'Revision', value: String(result.revision) },
          { key: 'Submitted', value: <Time at={result.submittedAt} /> },
          { key: 'Source', value: result.source ?? 'api' },
          { key: 'Norm', value: scores.norm.kind === 'benchmark' ? `Benchmark: ${scores.norm.name}` : 'General adult reference' },
          {
            key: 'Response quality',
            value: (
              <>
                <QualityTag status={scores.quality.status} />
                {scores.quality.flags.length ? ` ${scores.quality.flags.join(', ').replace(/_/g, ' ')}` : ''}
              </>
            ),
          },
          { key: 'Composite', value: `${composite(result)} · sten ${scores.composite.sten} · ${scores.composite.band}` },
        ]}
      />
      <ScoreTerms />
      <h2 id="dimensions-heading">Dimensions</h2>
      <Table
        labelledBy="dimensions-heading"
        rows={DIMENSIONS}
        columns={[
          { heading: 'Dimension', cell: (d) => DIMENSION_INFO[d].label },
          { heading: 'T', cell: (d) => scores.dimensions[d].t, kind: 'numeric' },
          { heading: 'Percentile', cell: (d) => scores.dimensions[d].percentile, kind: 'numeric' },
          { heading: 'Sten', cell: (d) => scores.dimensions[d].sten, kind: 'numeric' },
          { heading: 'Band', cell: (d) => scores.dimensions[d].band },
        ]}
      />
    </WorkspacePage>
  );
}
