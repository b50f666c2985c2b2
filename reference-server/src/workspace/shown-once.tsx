import type { Response } from 'express';
import type { ComponentChildren } from 'preact';
import { sendPage } from '../pages/surface.js';
import type { Member } from './access.js';
import { WorkspacePage, type Section } from './layout.js';

/**
 * A secret (a key, a signing secret, an invite link) on the one page that shows it: a notice that
 * says it is shown once and what to do if it is lost, then the value in a read-only field to copy.
 * The page is the GET a create form's 303 leads to, reading a single-use slot (shown-once-slots.ts),
 * sent with `Cache-Control: no-store`.
 */
export function ShownOnce({ id, label, value, children }: { id: string; label: string; value: string; children: ComponentChildren }) {
  return (
    <>
      <div class="notice" role="status">
        <p>{children}</p>
      </div>
      <label for={id}>{label}</label>
      <input id={id} class="secret" type="text" readOnly value={value} autoComplete="off" spellcheck={false} />
    </>
  );
}

export interface AlreadyShownProps {
  member: Member;
  csrfToken: string;
  section: Section;
  /** What was shown, in the reader's words: "automation key", "signing secret", "invite link". */
  what: string;
  /** Where the thing lives now, and the text of the link there. */
  back: { href: string; text: string };
  children: ComponentChildren;
}

/**
 * A reload (or a second visit) of a shown-once page: the secret is gone from the server, and the
 * page says that nothing new was created, so nobody reloads to "get it again" and mints another.
 */
export function AlreadyShownPage({ member, csrfToken, section, what, back, children }: AlreadyShownProps) {
  return (
    <WorkspacePage member={member} title={`The ${what} was already shown`} section={section} csrfToken={csrfToken}>
      <h1>The {what} was already shown</h1>
      <p>
        It is shown only once, on the page right after it was created, and this server does not keep it. Reloading that page creates nothing new: no second {what} was made.
      </p>
      <p>{children}</p>
      <p>
        <a href={back.href}>{back.text}</a>
      </p>
    </WorkspacePage>
  );
}

/** The answer to a shown-once GET whose slot is spent: 410 Gone, with the page that says so. */
export function sendAlreadyShown(res: Response, props: AlreadyShownProps): void {
  sendPage(res, <AlreadyShownPage {...props} />, 410);
}
