import type { InviteRecord, InviteSettings, InviteStatus } from '../../assessments/index.js';
import { Button, CheckboxGroup, Email, type FieldError, fieldErrors, PostForm, SelectField, Table, TextField, Time, WithHint } from '../../pages/index.js';
import type { BenchmarkTag } from '../../psychometrics/index.js';
import { ConfirmButton, CreatedPage, type FormPageProps, type Member, ShownOnce, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import { resultUrl, RESULTS_PATH } from '../results/index.js';

export const INVITES_PATH = `${WORKSPACE_PATH}/invites`;

/**
 * What happened, in the workspace's words: nothing is emailed (the admin copies the link), so the
 * API's `sent` reads "link created"; `revoked` is what the Withdraw button did.
 */
const STATUSES: Record<InviteStatus, { label: string; tag: string }> = {
  sent: { label: 'link created', tag: 'tag grey' },
  opened: { label: 'opened', tag: 'tag' },
  completed: { label: 'completed', tag: 'tag green' },
  expired: { label: 'expired', tag: 'tag grey' },
  revoked: { label: 'withdrawn', tag: 'tag red' },
};

function InviteStatusTag({ status }: { status: InviteStatus }) {
  return <span class={STATUSES[status].tag}>{STATUSES[status].label}</span>;
}

/** Who made the invite: the person when the workspace recorded them, else the channel it came through. */
function creatorText(invite: InviteRecord): string {
  if (invite.createdBy) return `by ${invite.createdBy.name} (${invite.createdBy.email})`;
  if (invite.createdVia === 'api') return 'through the Assessment API';
  if (invite.createdVia === 'operator') return 'by the server operator';
  return 'in the workspace, before it recorded who';
}

type ListedInvite = InviteRecord & { status: InviteStatus };

export interface InviteFormValues {
  email: string;
  full_name: string;
  benchmark_tag_id: string;
  expires_in_days: string;
}

export const emptyInviteForm = (): InviteFormValues => ({ email: '', full_name: '', benchmark_tag_id: '', expires_in_days: '14' });

export interface InvitesPageProps extends FormPageProps<InviteFormValues> {
  invites: readonly ListedInvite[];
  tags: readonly BenchmarkTag[];
  settings: InviteSettings;
  nextUrl?: string;
}

function InviteForm({ csrfToken, tags, values, errors }: { csrfToken: string; tags: readonly BenchmarkTag[]; values: InviteFormValues; errors: readonly FieldError[] }) {
  const error = fieldErrors(errors);
  return (
    <PostForm action={INVITES_PATH} csrfToken={csrfToken}>
      <TextField id="email" label="Participant's email" type="email" autocomplete="off" value={values.email} maxLength={254} {...error('email')} />
      <TextField id="full_name" label="Full name (optional)" hint="Pre-fills the name question; the participant can correct it." value={values.full_name} maxLength={200} {...error('full_name')} />
      <SelectField
        id="benchmark_tag_id"
        label="Benchmark (optional)"
        choices={[{ value: '', label: 'General adult reference' }, ...tags.map((tag) => ({ value: tag.id, label: tag.name }))]}
        selected={values.benchmark_tag_id}
        {...error('benchmark_tag_id')}
      />
      <TextField id="expires_in_days" label="Link works for, in days" hint="From 1 to 90." type="number" value={values.expires_in_days} {...error('expires_in_days')} />
      <Button>Create invite</Button>
    </PostForm>
  );
}

function InvitesTable({ invites }: { invites: readonly ListedInvite[] }) {
  return (
    <Table
      labelledBy="invites-heading"
      rows={invites}
      columns={[
        { heading: 'Participant', kind: 'email', cell: (invite) => <WithHint hint={invite.fullName}><Email address={invite.email} /></WithHint> },
        { heading: 'Status', cell: (invite) => <InviteStatusTag status={invite.status} /> },
        { heading: 'Created', cell: (invite) => <WithHint hint={creatorText(invite)}><Time at={invite.createdAt} /></WithHint> },
        { heading: 'Expires', cell: (invite) => <Time at={invite.expiresAt} /> },
        { heading: 'Action', cell: (invite) => <InviteAction invite={invite} /> },
      ]}
    />
  );
}

function InviteSettingsForm({ csrfToken, settings }: { csrfToken: string; settings: InviteSettings }) {
  return (
    <PostForm action={`${INVITES_PATH}/settings`} csrfToken={csrfToken}>
      <CheckboxGroup
        id="settings"
        name="show_participant_summary"
        legend="After the last page"
        choices={[{ value: 'yes', label: 'Show the participant a plain-language summary of their dimensions', hint: 'No scores or norms, only what each dimension means for them.' }]}
        selected={settings.showParticipantSummary ? ['yes'] : []}
      />
      <Button variant="secondary">Save settings</Button>
    </PostForm>
  );
}

/** Assessment invites (admin): create a participant's link to the instrument, follow where each stands, withdraw one. */
export function InvitesPage({ member, csrfToken, invites, tags, settings, values, nextUrl, errors = [], notice }: InvitesPageProps) {
  return (
    <WorkspacePage member={member} title="Assessment invites" section="invites" csrfToken={csrfToken} errors={errors} {...(notice ? { notice } : {})}>
      <h1>Assessment invites</h1>
      <p>
        An invite is a personal link to the 140-question assessment. The participant answers in their browser, without an account; their result is stored under the invite's email, as an API
        submit would store it, and the assessment webhooks fire.
      </p>
      <h2>Invite a participant</h2>
      <InviteForm csrfToken={csrfToken} tags={tags} values={values} errors={errors} />
      <h2 id="invites-heading">Invites</h2>
      {invites.length === 0 ? <p>No invites yet.</p> : <InvitesTable invites={invites} />}
      {nextUrl ? (
        <p>
          <a href={nextUrl}>Older invites</a>
        </p>
      ) : null}
      <h2>Settings</h2>
      <InviteSettingsForm csrfToken={csrfToken} settings={settings} />
    </WorkspacePage>
  );
}

function InviteAction({ invite }: { invite: ListedInvite }) {
  if (invite.status === 'completed') {
    return (
      <a href={invite.resultId ? resultUrl(invite.resultId) : `${RESULTS_PATH}?${new URLSearchParams({ email: invite.email })}`}>
        Result<span class="visually-hidden"> of {invite.email}</span>
      </a>
    );
  }
  if (invite.status === 'sent' || invite.status === 'opened') {
    return (
      <ConfirmButton href={`${INVITES_PATH}/${encodeURIComponent(invite.id)}/revoke`}>
        Withdraw<span class="visually-hidden"> the invite of {invite.email}</span>
      </ConfirmButton>
    );
  }
  return <>—</>;
}

/** The invites page with its form filled in for one person (e.g. a submission's founder who has no result yet). */
export const inviteFormUrl = (person: { email: string; name: string | null }) => `${INVITES_PATH}?${new URLSearchParams({ email: person.email, ...(person.name ? { full_name: person.name } : {}) })}`;

/** The page the create form's 303 leads to, and the only place the invite's link ever appears, once. */
export function InviteCreatedPage({ member, csrfToken, invite, url }: { member: Member; csrfToken: string; invite: InviteRecord; url: string }) {
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="invites" title="Invite created" subject={<>For {invite.email}, until <Time at={invite.expiresAt} /></>}>
      <ShownOnce id="invite-link" label="Invite link" value={url}>
        <strong>Copy the link now and send it to the participant yourself (this service sends no email): it is shown only once.</strong> The server keeps only a hash of its token. If it is lost, withdraw this invite and create another.
      </ShownOnce>
      <p>
        <a href={INVITES_PATH}>Back to invites</a>
      </p>
    </CreatedPage>
  );
}
