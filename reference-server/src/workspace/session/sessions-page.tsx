import { Button, PostForm, Table, Time } from '../../pages/index.js';
import type { SessionRecord } from '../../auth/index.js';
import { type Member, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';

export const SESSIONS_PATH = `${WORKSPACE_PATH}/sessions`;

export interface SessionsPageProps {
  member: Member;
  csrfToken: string;
  sessions: readonly SessionRecord[];
  /** How long an unused session lasts, in minutes (shown, so people know why they were signed out). */
  idleMinutes: number;
}

/**
 * The signed-in person's own browser sessions (never anyone else's, admins included) and one
 * form that ends them all. Records carry the keyed hash of the cookie as their id, which is not
 * shown: no per-session button is needed to end a stolen one, "everywhere" does.
 */
export function SessionsPage({ member, csrfToken, sessions, idleMinutes }: SessionsPageProps) {
  return (
    <WorkspacePage member={member} title="Your sessions" section="sessions" csrfToken={csrfToken}>
      <h1>Your sessions</h1>
      <p>
        Browsers signed in as {member.user.email}. A session ends 12 hours after signing in, or after {idleMinutes} minutes without use.
      </p>
      <Table
        label="Signed-in browsers"
        rows={sessions}
        columns={[
          {
            heading: 'Signed in',
            cell: (session) => (
              <>
                <Time at={session.authTime} />
                {session.id === member.sessionId ? <strong> (this browser)</strong> : null}
              </>
            ),
          },
          { heading: 'Last used', cell: (session) => <Time at={session.lastSeenAt ?? session.authTime} /> },
          { heading: 'From', cell: (session) => <code>{session.address ?? 'unknown'}</code>, kind: 'id' },
          { heading: 'Browser', cell: (session) => session.userAgent ?? 'unknown', kind: 'id' },
        ]}
      />
      <h2>Sign out everywhere</h2>
      <p>Ends every session above, this one included: any browser still signed in as you, or anyone holding a copied session cookie, must sign in again.</p>
      <PostForm action={`${SESSIONS_PATH}/sign-out-everywhere`} csrfToken={csrfToken}>
        <Button variant="warning">Sign out everywhere</Button>
      </PostForm>
    </WorkspacePage>
  );
}
