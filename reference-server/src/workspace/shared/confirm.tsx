import type { ComponentChildren } from 'preact';
import { Button, PostForm } from '../../pages/index.js';
import type { Member } from './access.js';
import { WorkspacePage, type Section } from './workspace-page.js';

/**
 * The button that starts a destructive action: a GET form, so it only opens the confirmation page
 * (GOV.UK's "Are you sure" pattern) and works without script; nothing changes until that page's POST.
 */
export function ConfirmButton({ href, children }: { href: string; children: ComponentChildren }) {
  return (
    <form method="get" action={href}>
      <Button variant="warning">{children}</Button>
    </form>
  );
}

export interface ConfirmPageProps {
  member: Member;
  csrfToken: string;
  section: Section;
  /** The question, as the page's title and heading: "Revoke the key “Zapier”?" */
  question: string;
  /** The form that does it: its path and its button's text ("Yes, revoke the key"). */
  action: string;
  confirm: string;
  /** Where "No" goes back to, and its text. */
  back: { href: string; text: string };
  /** What will be lost, in plain words: one item per consequence. */
  consequences: readonly ComponentChildren[];
}

/**
 * "Are you sure?" before a destructive action: what will be lost, a warning button that posts the
 * action (with the session's CSRF token, as every form) and a link back that changes nothing.
 */
export function ConfirmPage({ member, csrfToken, section, question, action, confirm, back, consequences }: ConfirmPageProps) {
  return (
    <WorkspacePage member={member} title={question} section={section} csrfToken={csrfToken}>
      {/* The question may name a URL or an email address: break it only where it would not fit. */}
      <h1 class="long-words">{question}</h1>
      <div>
        <p>
          <strong>This cannot be undone.</strong>
        </p>
        <ul>
          {consequences.map((item) => (
            <li>{item}</li>
          ))}
        </ul>
      </div>
      <PostForm action={action} csrfToken={csrfToken}>
        <Button variant="warning">{confirm}</Button>
      </PostForm>
      <p>
        <a href={back.href}>{back.text}</a>
      </p>
    </WorkspacePage>
  );
}

/**
 * In place of "Are you sure?" when the action would do nothing ("Send 0 failed deliveries
 * again?"): says so and offers only the way back, so no live button does nothing.
 */
export function NothingToDoPage({ member, csrfToken, section, title, reason, back }: { member: Member; csrfToken: string; section: Section; title: string; reason: ComponentChildren; back: { href: string; text: string } }) {
  return (
    <WorkspacePage member={member} title={title} section={section} csrfToken={csrfToken}>
      <h1>{title}</h1>
      <p>{reason}</p>
      <p>
        <a href={back.href}>{back.text}</a>
      </p>
    </WorkspacePage>
  );
}
