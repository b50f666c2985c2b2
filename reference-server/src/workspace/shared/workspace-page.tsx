import type { ComponentChildren } from 'preact';
import { Button, COPY_BUTTONS_SCRIPT, ErrorSummary, FOCUS_ON_LOAD_SCRIPT, type FieldError, Layout, PostForm } from '../../pages/index.js';
import type { Member } from './access.js';
import { SERVICE, WORKSPACE_PATH } from './names.js';

export type Section = 'overview' | 'submissions' | 'results' | 'keys' | 'profiles' | 'invites' | 'webhooks' | 'requests' | 'developer' | 'certification' | 'sessions';

const SECTIONS: readonly { id: Section; label: string; href: string; adminOnly: boolean }[] = [
  { id: 'overview', label: 'Overview', href: WORKSPACE_PATH, adminOnly: false },
  { id: 'submissions', label: 'Submissions', href: `${WORKSPACE_PATH}/submissions`, adminOnly: false },
  { id: 'results', label: 'Assessment results', href: `${WORKSPACE_PATH}/results`, adminOnly: false },
  { id: 'keys', label: 'Automation keys', href: `${WORKSPACE_PATH}/keys`, adminOnly: true },
  { id: 'profiles', label: 'Profiles', href: `${WORKSPACE_PATH}/profiles`, adminOnly: true },
  { id: 'invites', label: 'Invites', href: `${WORKSPACE_PATH}/invites`, adminOnly: true },
  { id: 'webhooks', label: 'Webhooks', href: `${WORKSPACE_PATH}/webhooks`, adminOnly: true },
  { id: 'requests', label: 'Request log', href: `${WORKSPACE_PATH}/requests`, adminOnly: true },
  { id: 'developer', label: 'Developer tools', href: `${WORKSPACE_PATH}/developer-tools`, adminOnly: true },
  { id: 'certification', label: 'Certification', href: `${WORKSPACE_PATH}/certification`, adminOnly: true },
  { id: 'sessions', label: 'Your sessions', href: `${WORKSPACE_PATH}/sessions`, adminOnly: false },
];

export interface WorkspacePageProps {
  member: Member;
  title: string;
  section: Section;
  csrfToken: string;
  /** The form's problems: summarised at the top (and the title says so) when there are any. */
  errors?: readonly FieldError[];
  /** What the last form did, said once at the top. */
  notice?: ComponentChildren;
  /** The page's `data-live-region` parts update themselves every this many seconds. */
  liveSeconds?: number;
  /** The link above the heading back to the list or section the page belongs to. */
  back?: { href: string; text: string };
  children: ComponentChildren;
}

/** What a section's page with a form is given: the viewer, the form's values as typed, their problems and what the last form did. */
export interface FormPageProps<Values> {
  member: Member;
  csrfToken: string;
  values: Values;
  errors?: readonly FieldError[];
  notice?: string;
}

/**
 * Every workspace page: who is signed in to which organisation, the sections this person may
 * open (admins see the admin ones), a sign-out form, the form's errors or last notice, and the page itself.
 */
export function WorkspacePage({ member, title, section, csrfToken, errors = [], notice, liveSeconds, back, children }: WorkspacePageProps) {
  const isAdmin = member.user.role === 'admin';
  return (
    <Layout title={title} service={SERVICE} width="wide" hasErrors={errors.length > 0} scripts={[COPY_BUTTONS_SCRIPT.path, FOCUS_ON_LOAD_SCRIPT.path]} {...(liveSeconds ? { liveSeconds } : {})}>
      <div class="workspace-bar">
        <p class="muted">
          {member.user.name} ({member.user.email}) · {member.organization.name} · {isAdmin ? 'Administrator' : 'Member'}
        </p>
        <PostForm action={`${WORKSPACE_PATH}/sign-out`} csrfToken={csrfToken}>
          <Button variant="secondary">Sign out</Button>
        </PostForm>
      </div>
      <nav aria-label="Workspace">
        {/* Folded behind "Menu" on narrow screens without script; always open on wide ones (styles.ts). */}
        <details class="nav-menu">
          <summary>Menu</summary>
          <ul class="workspace-nav">
            {SECTIONS.filter((s) => isAdmin || !s.adminOnly).map((s) => (
              <li>
                <a href={s.href} aria-current={s.id === section ? 'page' : undefined}>
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </details>
      </nav>
      <ErrorSummary errors={errors} />
      {notice ? <Notice>{notice}</Notice> : null}
      {back ? (
        <p>
          <a href={back.href}>{back.text}</a>
        </p>
      ) : null}
      {children}
    </Layout>
  );
}

/** A one-line confirmation at the top of the page after a form went through. */
function Notice({ children }: { children: ComponentChildren }) {
  return (
    <div class="notice success" role="status">
      {children}
    </div>
  );
}
