import { Button, ChoiceGroup, type FieldError, fieldErrors, PostForm, Table, TextField, Time } from '../../pages/index.js';
import { profileKinds, type ProfileRecord } from '../../submissions/index.js';
import { ConfirmButton, type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import { CriteriaFields } from './profile-criteria-fields.js';
import type { ProfileFormValues } from './profile-form.js';
import { SCORING_GUIDE_PATH } from './profile-scoring-guide.js';

export const PROFILES_PATH = `${WORKSPACE_PATH}/profiles`;

const KIND_LABELS: Record<(typeof profileKinds)[number], string> = { founder: 'Founders', candidate: 'Candidates', deal: 'Deals' };

export function ProfilesPage({ member, csrfToken, profiles, notice }: { member: Member; csrfToken: string; profiles: readonly ProfileRecord[]; notice?: string }) {
  return (
    <WorkspacePage member={member} title="Profiles" section="profiles" csrfToken={csrfToken} {...(notice ? { notice } : {})}>
      <h1>Profiles</h1>
      <p>A profile is what a submission is scored against: weighted criteria, each with a rule. Submissions name it by its ID (<code>profile_id</code>).</p>
      <p>
        <a class="button" href={`${PROFILES_PATH}/new`}>
          Create a profile
        </a>
      </p>
      <Table
        label="Profiles"
        rows={profiles}
        columns={[
          { heading: 'Name', cell: (profile) => <a href={`${PROFILES_PATH}/${encodeURIComponent(profile.id)}`}>{profile.name}</a> },
          { heading: 'ID', kind: 'id', cell: (profile) => <code>{profile.id}</code> },
          { heading: 'Criteria', kind: 'numeric', cell: (profile) => profile.criteria.length },
          { heading: 'Status', cell: (profile) => (profile.archived_at ? <span class="tag grey">Archived <Time at={profile.archived_at} /></span> : <span class="tag green">Active</span>) },
        ]}
      />
    </WorkspacePage>
  );
}

export interface ProfileFormPageProps {
  member: Member;
  csrfToken: string;
  values: ProfileFormValues;
  errors?: readonly FieldError[];
  /** The profile being edited; absent when creating one. */
  profile?: ProfileRecord;
  /** After a change of the rows: the criterion to return to and what to focus in it. */
  focus?: { criterion: number; focus: string } | undefined;
}

/** The JSON box shows every line: as many rows as the text has (within bounds), plus one to type on. */
const jsonRows = (text: string) => Math.min(40, Math.max(10, text.split('\n').length + 1));

/** The criteria: form rows, or the JSON box for developers; each links to how the rules score. */
function CriteriaSection({ values, error, action, focus }: { values: ProfileFormValues; error: ReturnType<typeof fieldErrors>; action: string; focus: ProfileFormPageProps['focus'] }) {
  return (
    values.mode === 'json' ? (
      <>
        <p>
          Each rule and its fields: <a href={SCORING_GUIDE_PATH}>how profiles score submissions</a>.
        </p>
        <TextField
          id="criteria"
          label="Criteria (JSON)"
          hint="A list of 1 to 30 criteria, each with key, label, description, weight and rule, exactly as GET /api/automation/profiles shows them."
          multiline
          code
          rows={jsonRows(values.criteria)}
          value={values.criteria}
          {...error('criteria')}
        />
      </>
    ) : (
      <>
        <h2>Criteria</h2>
        <p>
          Each criterion is scored from 0 to 100 by its rule; the profile’s score is their average, weighted by their weights. Each rule’s arithmetic:{' '}
          <a href={SCORING_GUIDE_PATH}>how profiles score submissions</a>.
        </p>
        <CriteriaFields rows={values.rows} error={error} place={{ action, focus }} />
      </>
    )
  );
}

/** Create or edit a profile; archiving is a separate form at the bottom of the edit page. */
export function ProfileFormPage({ member, csrfToken, values, errors = [], profile, focus }: ProfileFormPageProps) {
  const error = fieldErrors(errors);
  const title = profile ? `Edit ${profile.name}` : 'Create a profile';
  const archived = Boolean(profile?.archived_at);
  const action = profile ? `${PROFILES_PATH}/${encodeURIComponent(profile.id)}` : PROFILES_PATH;
  return (
    <WorkspacePage member={member} title={title} section="profiles" csrfToken={csrfToken} errors={errors} back={{ href: PROFILES_PATH, text: 'Back to profiles' }}>
      <h1>{title}</h1>
      {profile ? (
        <p>
          ID <code>{profile.id}</code>
          {archived ? ' · archived: new submissions into it are refused' : ''}
        </p>
      ) : null}
      <PostForm action={action} csrfToken={csrfToken}>
        <TextField id="name" label="Name" value={values.name} maxLength={120} {...error('name')} />
        <ChoiceGroup
          id="kind"
          name="kind"
          legend="What does it evaluate?"
          choices={profileKinds.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          selected={values.kind}
          {...error('kind')}
        />
        <TextField id="description" label="Description" multiline value={values.description} maxLength={1000} {...error('description')} />
        <TextField
          id="required_fields"
          label="Required fields"
          hint="Field names a submission must carry to be scored, separated by commas, for example: email, name, company."
          value={values.required_fields}
          {...error('required_fields')}
        />
        <input type="hidden" name="mode" value={values.mode} />
        <CriteriaSection values={values} error={error} action={action} focus={focus} />
        <div class="actions">
          <Button name="intent" value="save">
            {profile ? 'Save changes' : 'Create profile'}
          </Button>
          {values.mode === 'json' ? (
            <Button variant="secondary" name="intent" value="form" formAction={`${action}#criterion-1`}>
              Edit with the form
            </Button>
          ) : (
            <Button variant="secondary" name="intent" value="json" formAction={`${action}#criteria`}>
              Edit as JSON
            </Button>
          )}
        </div>
        <p class="hint">“Edit as JSON” shows the criteria exactly as the API does, for developers; what is typed so far comes along, nothing is saved until “{profile ? 'Save changes' : 'Create profile'}”.</p>
      </PostForm>
      {profile && !archived ? (
        <>
          <h2>Archive this profile</h2>
          <p>Archived profiles leave the profile lists and cannot receive new submissions. Submissions already made into it keep it.</p>
          <ConfirmButton href={`${PROFILES_PATH}/${encodeURIComponent(profile.id)}/archive`}>Archive profile</ConfirmButton>
        </>
      ) : null}
    </WorkspacePage>
  );
}
