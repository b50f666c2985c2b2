import { Button, SelectField, SummaryList, Table, TextField, Time } from '../../pages/index.js';
import { type ProfileRecord, type ResourceRecord, SUBMISSION_STATUSES, type SubmissionRecord, type TranscriptRecord } from '../../submissions/index.js';
import { type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import { inviteFormUrl } from '../invites/index.js';

export const SUBMISSIONS_PATH = `${WORKSPACE_PATH}/submissions`;
export const submissionUrl = (id: string) => `${SUBMISSIONS_PATH}/${encodeURIComponent(id)}`;

/** Statuses that still change by themselves: their pages update themselves until they settle. */
const MOVING = new Set(['queued', 'processing']);
const REFRESH_SECONDS = 5;

const STATUS_TAGS: Record<SubmissionRecord['status'], string> = {
  queued: 'tag grey',
  processing: 'tag',
  completed: 'tag green',
  awaiting_assessment: 'tag',
  failed: 'tag red',
};

/** What each failure code means for the person reading the workspace (the code itself is for API clients). */
const ERROR_HEADLINES: Record<NonNullable<SubmissionRecord['error']>['code'], string> = {
  missing_required_fields: 'Not scored: the record lacks fields the profile needs',
  profile_not_found: 'Not scored: its profile no longer exists',
  internal_error: 'Not scored: the server failed while scoring it',
};

/** A failed submission's reason in words first; the API's code stays visible, small, for whoever looks it up in the API docs. */
function SubmissionError({ error }: { error: NonNullable<SubmissionRecord['error']> }) {
  return (
    <>
      <strong>{ERROR_HEADLINES[error.code]}.</strong> {error.message}
      <br />
      <span class="muted">
        Code in the API: <code>{error.code}</code>
      </span>
    </>
  );
}

export function StatusTag({ status }: { status: SubmissionRecord['status'] }) {
  return <span class={STATUS_TAGS[status]}>{status.replace('_', ' ')}</span>;
}

/** Every status the submission has had, oldest first; records from before the history was kept show what they have. */
function StatusHistory({ submission: s }: { submission: SubmissionRecord }) {
  const history = s.history ?? [{ status: 'queued' as const, at: s.createdAt }, ...(s.status !== 'queued' ? [{ status: s.status, at: s.updatedAt }] : [])];
  return (
    <>
      <h2 id="history-heading">Status history</h2>
      <ol class="history" aria-labelledby="history-heading">
        {history.map((change) => (
          <li>
            <Time at={change.at} precision="second" /> · <StatusTag status={change.status} />
          </li>
        ))}
      </ol>
    </>
  );
}

export interface SubmissionFilters {
  status?: string;
  profile_id?: string;
  record_id?: string;
}

export interface SubmissionsPageProps {
  member: Member;
  csrfToken: string;
  submissions: readonly SubmissionRecord[];
  profiles: ReadonlyMap<string, ProfileRecord>;
  filters: SubmissionFilters;
  /** The URL of the next page, when there is one. */
  nextUrl?: string;
  filterError?: string;
}

/** The API's filters as a GET form, so a filtered list is a link and works without script. */
function SubmissionFilterForm({ profiles, filters }: { profiles: ReadonlyMap<string, ProfileRecord>; filters: SubmissionFilters }) {
  return (
    <form method="get" action={SUBMISSIONS_PATH} class="filters">
      <SelectField id="status" label="Status" choices={[{ value: '', label: 'Any status' }, ...SUBMISSION_STATUSES.map((status) => ({ value: status, label: status.replace('_', ' ') }))]} selected={filters.status ?? ''} />
      <SelectField id="profile_id" label="Profile" choices={[{ value: '', label: 'Any profile' }, ...[...profiles.values()].map((profile) => ({ value: profile.id, label: profile.name }))]} selected={filters.profile_id ?? ''} />
      <TextField id="record_id" label="Record ID" value={filters.record_id ?? ''} />
      <Button variant="secondary">Filter</Button>
    </form>
  );
}

function SubmissionsTable({ submissions, profiles }: { submissions: readonly SubmissionRecord[]; profiles: ReadonlyMap<string, ProfileRecord> }) {
  return (
    <Table
      label="Submissions"
      rows={submissions}
      columns={[
        { heading: 'Record ID', cell: (s) => <a href={submissionUrl(s.id)}>{s.recordId}</a>, kind: 'id' },
        { heading: 'Profile', cell: (s) => profiles.get(s.profileId)?.name ?? s.profileId },
        { heading: 'Status', cell: (s) => <StatusTag status={s.status} /> },
        { heading: 'Score', cell: (s) => (s.evaluation ? `${s.evaluation.score.overall} (${s.evaluation.score.band})` : '—') },
        { heading: 'Updated', cell: (s) => <Time at={s.updatedAt} /> },
      ]}
    />
  );
}

/** The submissions list with the API's filters and cursor pages (newest first). */
export function SubmissionsPage({ member, csrfToken, submissions, profiles, filters, nextUrl, filterError }: SubmissionsPageProps) {
  const moving = submissions.some((s) => MOVING.has(s.status));
  return (
    <WorkspacePage member={member} title="Submissions" section="submissions" csrfToken={csrfToken} {...(moving ? { liveSeconds: REFRESH_SECONDS } : {})}>
      <h1>Submissions</h1>
      <SubmissionFilterForm profiles={profiles} filters={filters} />
      {filterError ? (
        <p class="error-message" role="alert">
          {filterError}
        </p>
      ) : null}
      <div id="submissions-live" data-live-region>
        {moving ? (
          <p class="muted">
            Some submissions are still being processed: this list updates itself every {REFRESH_SECONDS} seconds until they settle (or <a href="">refresh</a>).
          </p>
        ) : null}
        {submissions.length === 0 ? <p>No submissions match.</p> : <SubmissionsTable submissions={submissions} profiles={profiles} />}
      </div>
      {nextUrl ? (
        <p>
          <a href={nextUrl}>Next page</a>
        </p>
      ) : null}
    </WorkspacePage>
  );
}

/**
 * Whose assessment the partial score waits for, and the way to ask them: an invite, whose form
 * this fills in (admins only create invites). The submission is scored again once their result is stored.
 */
function AwaitingAssessment({ founders, isAdmin }: { founders: Evaluation['founders']; isAdmin: boolean }) {
  const person = founders.find((f) => f.primary && !f.assessment);
  if (!person?.email) return null;
  const who = person.name ? `${person.name} (${person.email})` : person.email;
  return (
    <>
      <h2>Waiting for an assessment</h2>
      <p>
        The score is partial until {who} completes the assessment; it is then scored again by itself.
        {isAdmin ? ' Send them an invite link:' : ' An administrator can invite them from the Invites page.'}
      </p>
      {isAdmin ? (
        <p>
          <a class="button" href={inviteFormUrl({ email: person.email, name: person.name })}>
            Invite this person
          </a>
        </p>
      ) : null}
    </>
  );
}

export interface SubmissionPageProps {
  member: Member;
  csrfToken: string;
  submission: SubmissionRecord;
  profile?: ProfileRecord;
  resources: readonly ResourceRecord[];
  transcripts: readonly TranscriptRecord[];
}

const fieldText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

type Evaluation = NonNullable<SubmissionRecord['evaluation']>;

/** The submission's identity and processing, and why it failed when it did. */
function SubmissionFacts({ submission: s, profile }: { submission: SubmissionRecord; profile?: ProfileRecord | undefined }) {
  return (
    <SummaryList
      rows={[
        { key: 'Submission ID', value: <code>{s.id}</code> },
        { key: 'Job ID', value: <code>{s.jobId}</code> },
        { key: 'Profile', value: profile ? `${profile.name} (${profile.id})` : s.profileId },
        { key: 'Source', value: s.source ?? '—' },
        { key: 'Created', value: <Time at={s.createdAt} /> },
        { key: 'Last processed', value: s.processedAt ? <Time at={s.processedAt} /> : 'not yet' },
        { key: 'Processing runs', value: String(s.runs) },
        ...(s.error ? [{ key: 'Why it failed', value: <SubmissionError error={s.error} /> }] : []),
      ]}
    />
  );
}

/** The scored evaluation: overall score, each criterion, the founders and the report. */
function EvaluationParts({ evaluation }: { evaluation: Evaluation }) {
  return (
    <>
      <h2>Score</h2>
      <p class="lead">
        {evaluation.score.overall} out of 100 · {evaluation.score.band}
        {evaluation.score.partial ? ' · partial: waiting for the assessment' : ''}
      </p>
      <Table
        label="Criteria"
        rows={evaluation.criteria}
        columns={[
          { heading: 'Criterion', cell: (c) => c.label },
          { heading: 'Weight', cell: (c) => c.weight, kind: 'numeric' },
          { heading: 'Score', cell: (c) => c.score ?? 'pending', kind: 'numeric' },
          { heading: 'Evidence', cell: (c) => c.evidence },
        ]}
      />
      <h2>Founders</h2>
      <ul>
        {evaluation.founders.map((f) => (
          <li>
            {f.name ?? f.email ?? 'Unnamed'}
            {f.role ? `, ${f.role}` : ''}
            {f.assessment ? ` · assessment fit ${f.assessment.fit}` : ' · no assessment result yet'}
          </li>
        ))}
      </ul>
      <h2>Report</h2>
      <p>{evaluation.report.summary}</p>
      <SummaryList
        rows={[
          { key: 'Strengths', value: evaluation.report.strengths.join(', ') || 'none' },
          { key: 'Concerns', value: evaluation.report.concerns.join(', ') || 'none' },
          { key: 'Generated', value: <Time at={evaluation.report.generated_at} /> },
        ]}
      />
    </>
  );
}

function Attachments({ resources, transcripts }: { resources: readonly ResourceRecord[]; transcripts: readonly TranscriptRecord[] }) {
  return (
    <>
      <h2>Attachments</h2>
      {resources.length + transcripts.length === 0 ? <p>None.</p> : null}
      <ul>
        {resources.map((r) => (
          <li>
            Resource {r.name} <code>{r.id}</code>
          </li>
        ))}
        {transcripts.map((t) => (
          <li>
            Transcript {t.title ?? t.id} <code>{t.id}</code>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One submission: its status and timeline, fields, attachments, and the evaluation once scored. */
export function SubmissionPage({ member, csrfToken, submission: s, profile, resources, transcripts }: SubmissionPageProps) {
  const evaluation = s.evaluation;
  return (
    <WorkspacePage member={member} title={`Submission ${s.recordId}`} section="submissions" csrfToken={csrfToken} {...(MOVING.has(s.status) ? { liveSeconds: REFRESH_SECONDS } : {})} back={{ href: SUBMISSIONS_PATH, text: 'Back to submissions' }}>
      <h1 class="long-words">
        <span class="caption">Submission</span>
        {s.recordId}
      </h1>
      <div id="submission-live" data-live-region>
        <p>
          <StatusTag status={s.status} />
          {MOVING.has(s.status) ? (
            <span class="muted">
              {' '}
              · this page updates itself every {REFRESH_SECONDS} seconds until it settles (or <a href="">refresh</a>)
            </span>
          ) : null}
        </p>
        <SubmissionFacts submission={s} profile={profile} />
        <StatusHistory submission={s} />
        {s.status === 'awaiting_assessment' && evaluation ? <AwaitingAssessment founders={evaluation.founders} isAdmin={member.user.role === 'admin'} /> : null}
        {evaluation ? <EvaluationParts evaluation={evaluation} /> : null}
        <h2>Fields</h2>
        <SummaryList rows={Object.entries(s.fields).map(([key, value]) => ({ key, value: fieldText(value) }))} />
        <Attachments resources={resources} transcripts={transcripts} />
      </div>
    </WorkspacePage>
  );
}
