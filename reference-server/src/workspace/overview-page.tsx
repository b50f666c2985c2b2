import { SummaryList } from '../pages/components.js';
import type { PublicCredential } from '../tenancy/credentials.js';
import type { PublicUser } from '../tenancy/users.js';
import type { Member } from './access.js';
import { WorkspacePage } from './layout.js';
import type { Snippet } from './snippets.js';

const KIND_LABELS: Record<PublicCredential['kind'], string> = {
  automation_key: 'Automation key',
  developer_key: 'Developer key',
  partner_credential: 'Partner credential',
};

export const dateTime = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
/** To the second: for logs and histories, where several things happen within a minute. */
export const preciseTime = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')} UTC`;

export const usedAt = (at: number | undefined) => (at === undefined ? 'not since the server started' : preciseTime(new Date(at).toISOString()));

export interface OverviewProps {
  member: Member;
  csrfToken: string;
  users: readonly PublicUser[];
  credentials: readonly PublicCredential[];
  /** Epoch ms of each credential's last request since the server started, by key id. */
  lastUsed: (keyId: string) => number | undefined;
  snippets: readonly Snippet[];
}

/** The organisation at a glance: its people, which credentials exist (never a secret), how to call each surface. */
export function OverviewPage({ member, csrfToken, users, credentials, lastUsed, snippets }: OverviewProps) {
  return (
    <WorkspacePage member={member} title="Overview" section="overview" csrfToken={csrfToken}>
      <h1>{member.organization.name}</h1>
      <SummaryList
        rows={[
          { key: 'Organisation ID', value: <code>{member.organization.id}</code> },
          { key: 'Created', value: dateTime(member.organization.createdAt) },
        ]}
      />
      <h2 id="people">People</h2>
      <div class="table-scroll">
        <table aria-labelledby="people">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{user.role === 'admin' ? 'Administrator' : 'Member'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 id="credentials">Credentials</h2>
      <p>
        Secrets are shown once, when a credential is created; this list shows only the first characters, to recognise a key. “Last used” counts requests since the server last started.
      </p>
      <div class="table-scroll">
        <table aria-labelledby="credentials">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Kind</th>
              <th scope="col">Starts with</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((credential) => (
              <tr>
                <td>{credential.label}</td>
                <td>{KIND_LABELS[credential.kind]}</td>
                <td>
                  <code>{credential.hint}</code>
                </td>
                <td>{dateTime(credential.createdAt)}</td>
                <td>{usedAt(lastUsed(credential.keyId))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Call each surface</h2>
      {snippets.map((snippet) => (
        <section aria-label={snippet.surface}>
          <h3>{snippet.surface}</h3>
          <p class="muted">With {snippet.credential}.</p>
          <pre class="snippet" tabIndex={0}>
            <code>{snippet.command}</code>
          </pre>
        </section>
      ))}
    </WorkspacePage>
  );
}
