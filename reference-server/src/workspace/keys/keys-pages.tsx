import { Button, Email, type FieldError, PostForm, Table, TextField, Time } from '../../pages/index.js';
import type { PublicCredential } from '../../tenancy/index.js';
import { ConfirmButton, CreatedPage, LastUsed, type Member, ShownOnce, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';

export const KEYS_PATH = `${WORKSPACE_PATH}/keys`;

export interface KeysPageProps {
  member: Member;
  csrfToken: string;
  keys: readonly (PublicCredential & { ownerEmail: string })[];
  /** Epoch ms of each key's last request since the server started, by key id. */
  lastUsed: (keyId: string) => number | undefined;
  label?: string;
  errors?: readonly FieldError[];
  revoked?: string;
}

/** The organisation's automation keys: create one, see which exist, revoke one. */
export function KeysPage({ member, csrfToken, keys, lastUsed, label = '', errors = [], revoked }: KeysPageProps) {
  const labelError = errors.find((e) => e.field === 'label')?.message;
  return (
    <WorkspacePage member={member} title="Automation keys" section="keys" csrfToken={csrfToken} errors={errors} {...(revoked ? { notice: <>The key “{revoked}” was revoked. Requests with it are now refused.</> } : {})}>
      <h1>Automation keys</h1>
      <p>
        An automation key lets Zapier, n8n or your own scripts call the Automation API (<code>/api/automation</code>) for {member.organization.name}.
        It acts for the administrator who creates it.
      </p>
      <h2>Create a key</h2>
      <PostForm action={KEYS_PATH} csrfToken={csrfToken}>
        <TextField id="label" label="Label" hint="Say where the key will be used, for example “Zapier – deal flow”." value={label} maxLength={200} {...(labelError ? { error: labelError } : {})} />
        <Button>Create key</Button>
      </PostForm>
      <h2 id="keys-heading">Keys</h2>
      <Table labelledBy="keys-heading" rows={keys} empty="There are no automation keys yet." columns={[
        { heading: 'Label', cell: (key) => key.label },
        { heading: 'Starts with', cell: (key) => <code>{key.hint}</code> },
        { heading: 'Acts for', cell: (key) => <Email address={key.ownerEmail} />, kind: 'email' },
        { heading: 'Created', cell: (key) => <Time at={key.createdAt} /> },
        { heading: 'Last used', cell: (key) => <LastUsed at={lastUsed(key.keyId)} /> },
        {
          heading: 'Status',
          cell: (key) =>
            // The tag stays one short word; the time beside it wraps like any text, so nothing is cut.
            key.revokedAt ? (
              <>
                <span class="tag grey">Revoked</span> <Time at={key.revokedAt} />
              </>
            ) : (
              <ConfirmButton href={`${KEYS_PATH}/${encodeURIComponent(key.keyId)}/revoke`}>
                Revoke<span class="visually-hidden"> {key.label}</span>
              </ConfirmButton>
            ),
        },
      ]} />
    </WorkspacePage>
  );
}

/**
 * The page the create form's 303 leads to, and the only place the secret ever appears, once (a
 * single-use slot, shown-once-slots.ts): it is not stored (only its keyed hash is), not logged,
 * and this page is sent with `Cache-Control: no-store`.
 */
export function KeyCreatedPage({ member, csrfToken, credential, secret, baseUrl }: { member: Member; csrfToken: string; credential: PublicCredential; secret: string; baseUrl: string }) {
  return (
    <CreatedPage member={member} csrfToken={csrfToken} section="keys" title="Key created" subject={<>“{credential.label}”</>}>
      <ShownOnce id="secret" label="Automation key" value={secret}>
        <strong>Copy the key now: it is shown only once.</strong> The server keeps only a hash of it, so nobody can show it again. If it is lost, create a new key and revoke this one.
      </ShownOnce>
      <h2 id="try-heading">Try it</h2>
      <p>In a terminal: the key in a variable, then a call that says who the key acts for.</p>
      {/* Runs as shown: this server's address and this key, the one place it is on screen anyway. */}
      <pre class="snippet" tabIndex={0} aria-labelledby="try-heading" data-copy="try-it commands">
        <code>{`AUTOMATION_KEY='${secret}'\ncurl -H "x-api-key: $AUTOMATION_KEY" ${baseUrl}/api/automation/me`}</code>
      </pre>
      <p>
        <a href={KEYS_PATH}>Back to automation keys</a>
      </p>
    </CreatedPage>
  );
}
