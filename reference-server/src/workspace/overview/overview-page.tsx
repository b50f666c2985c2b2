import { Email, SummaryList, Table, Time } from '../../pages/index.js';
import type { PublicCredential, PublicUser } from '../../tenancy/index.js';
import { LastUsed, type Member, type Snippet, WorkspacePage } from '../shared/index.js';

const KIND_LABELS: Record<PublicCredential['kind'], string> = {
  automation_key: 'Automation key',
  developer_key: 'Developer key',
  partner_credential: 'Partner credential',
};

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
          { key: 'Created', value: <Time at={member.organization.createdAt} /> },
        ]}
      />
      <h2 id="people">People</h2>
      <Table
        labelledBy="people"
        rows={users}
        columns={[
          { heading: 'Name', cell: (user) => user.name },
          { heading: 'Email', cell: (user) => <Email address={user.email} />, kind: 'email' },
          { heading: 'Role', cell: (user) => (user.role === 'admin' ? 'Administrator' : 'Member') },
        ]}
      />
      <h2 id="credentials">Credentials</h2>
      <p>
        Secrets are shown once, when a credential is created; this list shows only the first characters, to recognise a key. “Last used” counts requests since the server last started.
      </p>
      <Table
        labelledBy="credentials"
        rows={credentials}
        columns={[
          { heading: 'Label', cell: (credential) => credential.label },
          { heading: 'Kind', cell: (credential) => KIND_LABELS[credential.kind] },
          { heading: 'Starts with', cell: (credential) => <code>{credential.hint}</code> },
          { heading: 'Created', cell: (credential) => <Time at={credential.createdAt} /> },
          { heading: 'Last used', cell: (credential) => <LastUsed at={lastUsed(credential.keyId)} /> },
        ]}
      />
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
