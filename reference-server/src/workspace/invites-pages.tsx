import type { InviteRecord, InviteSettings, InviteStatus } from '../assessment/invites/records.js';
import { Button, CheckboxGroup, ErrorSummary, fieldErrors, PostForm, TextField, type FieldError } from '../pages/components.js';
import type { BenchmarkTag } from '../psychometrics/norms.js';
import type { Member } from './access.js';
import { Notice, WorkspacePage } from './layout.js';
import { WORKSPACE_PATH } from './names.js';
import { dateTime } from './overview-page.js';
import { ShownOnce } from './shown-once.js';
import { ConfirmButton } from './confirm.js';

export const INVITES_PATH = `${WORKSPACE_PATH}/invites`;

const STATUS_TAGS: Record<InviteStatus, string> = {
  sent: 'tag grey',
  opened: 'tag',
  completed: 'tag green',
  expired: 'tag grey',
  revoked: 'tag red',
};

export interface InviteFormValues {
  email: string;
  full_name: string;
  benchmark_tag_id: string;
  expires_in_days: string;
}

export const emptyInviteForm = (): InviteFormValues => ({ email: '', full_name: '', benchmark_tag_id: '', expires_in_days: '14' });

export interface InvitesPageProps {
  member: Member;
  csrfToken: string;
  invites: readonly (InviteRecord & { status: InviteStatus })[];
  tags: readonly BenchmarkTag[];
  settings: InviteSettings;
  values: InviteFormValues;
  nextUrl?: string;
  errors?: readonly FieldError[];
  notice?: string;
}

/** Assessment invites (admin): send a participant a link to the instrument, follow where each stands, withdraw one. */
export function InvitesPage({ member, csrfToken, invites, tags, settings, values, nextUrl, errors = [], notice }: InvitesPageProps) {
  const error = fieldErrors(errors);
  return (
    <WorkspacePage member={member} title="Assessment invites" section="invites" csrfToken={csrfToken} hasErrors={errors.length > 0}>
      <ErrorSummary errors={errors} />
      {notice ? <Notice>{notice}</Notice> : null}
      <h1>Assessment invites</h1>
      <p>
        An invite is a personal link to the 140-question assessment. The participant answers in their browser, without an account; their result is stored under the invite's email, as an API
        submit would store it, and the assessment webhooks fire.
      </p>
      <h2>Invite a participant</h2>
      <PostForm action={INVITES_PATH} csrfToken={csrfToken}>
        <TextField id="email" label="Participant's email" type="email" autocomplete="off" value={values.email} maxLength={254} {...error('email')} />
        <TextField id="full_name" label="Full name (optional)" hint="Pre-fills the name question; the participant can correct it." value={values.full_name} maxLength={200} {...error('full_name')} />
        <div class={`form-group${errors.some((e) => e.field === 'benchmark_tag_id') ? ' has-error' : ''}`}>
          <label for="benchmark_tag_id">Benchmark (optional)</label>
          <select id="benchmark_tag_id" name="benchmark_tag_id">
            <option value="">General adult reference</option>
            {tags.map((tag) => (
              <option value={tag.id} selected={values.benchmark_tag_id === tag.id}>
                {tag.name}
              </option>
            ))}
          </select>
        </div>
        <TextField id="expires_in_days" label="Link works for, in days" hint="From 1 to 90." type="number" value={values.expires_in_days} {...error('expires_in_days')} />
        <Button>Create invite</Button>
      </PostForm>

      <h2 id="invites-heading">Invites</h2>
      {invites.length === 0 ? (
        <p>No invites yet.</p>
      ) : (
        <div class="table-scroll">
          <table aria-labelledby="invites-heading">
            <thead>
              <tr>
                <th scope="col">Participant</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {invites.map((invite) => (
                <tr>
                  <td>
                    {invite.email}
                    {invite.fullName ? <span class="hint">{invite.fullName}</span> : null}
                  </td>
                  <td>
                    <span class={STATUS_TAGS[invite.status]}>{invite.status}</span>
                  </td>
                  <td>
                    {dateTime(invite.createdAt)}
                    <span class="hint">by {invite.createdVia}</span>
                  </td>
                  <td>{dateTime(invite.expiresAt)}</td>
                  <td>
                    {invite.status === 'completed' ? (
                      <a href={`${WORKSPACE_PATH}/results?${new URLSearchParams({ email: invite.email })}`}>
                        Result<span class="visually-hidden"> of {invite.email}</span>
                      </a>
                    ) : invite.status === 'sent' || invite.status === 'opened' ? (
                      <ConfirmButton href={`${INVITES_PATH}/${encodeURIComponent(invite.id)}/revoke`}>
                        Withdraw<span class="visually-hidden"> the invite of {invite.email}</span>
                      </ConfirmButton>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextUrl ? (
        <p>
          <a href={nextUrl}>Older invites</a>
        </p>
      ) : null}

      <h2>Settings</h2>
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
    </WorkspacePage>
  );
}

/** The page the create form's 303 leads to, and the only place the invite's link ever appears, once. */
export function InviteCreatedPage({ member, csrfToken, invite, url }: { member: Member; csrfToken: string; invite: InviteRecord; url: string }) {
  return (
    <WorkspacePage member={member} title="Invite created" section="invites" csrfToken={csrfToken}>
      <div class="panel">
        <h1>Invite created</h1>
        <p>For {invite.email}, until {dateTime(invite.expiresAt)}</p>
      </div>
      <ShownOnce id="invite-link" label="Invite link" value={url}>
        <strong>Copy the link now and send it to the participant: it is shown only once.</strong> The server keeps only a hash of its token. If it is lost, withdraw this invite and create another.
      </ShownOnce>
      <p>
        <a href={INVITES_PATH}>Back to invites</a>
      </p>
    </WorkspacePage>
  );
}
