import type { Request, RequestHandler, Response } from 'express';
import type { ComponentChildren, VNode } from 'preact';
import { type PageTools, sendPage } from '../../pages/index.js';
import type { Member } from './access.js';
import { viewer } from './route-table.js';
import type { ShownOnceSlots } from './shown-once-slots.js';
import { WorkspacePage, type Section } from './workspace-page.js';

/**
 * A secret (a key, a signing secret, an invite link) on the one page that shows it: a notice that
 * says it is shown once and what to do if it is lost, then the value in a read-only field to copy
 * (`SecretValue`).
 * The page is the GET a create form's 303 leads to, reading a single-use slot (shown-once-slots.ts),
 * sent with `Cache-Control: no-store`.
 */
export function ShownOnce({ id, label, value, children }: { id: string; label: string; value: string; children: ComponentChildren }) {
  return (
    <>
      <div class="notice" role="status">
        <p>{children}</p>
      </div>
      <SecretValue id={id} label={label} copy={label.toLowerCase()} value={value} />
    </>
  );
}

/**
 * A secret to copy: a read-only text box that wraps (a key is never cut off at 320 px) and grows
 * to its content, with a Copy button beside it where script runs (copy-buttons.ts); without
 * script the text is there to select.
 */
export function SecretValue({ id, label, value, copy = label }: { id: string; label: string; value: string; copy?: string }) {
  return (
    <div class="form-group">
      <label for={id}>{label}</label>
      <textarea id={id} class="secret" readOnly rows={2} autoComplete="off" spellcheck={false} data-copy={copy}>
        {value}
      </textarea>
    </div>
  );
}

/** The page a create form's 303 leads to: what was made, in a panel, then the secret shown once (`ShownOnce`). */
export function CreatedPage({ member, csrfToken, section, title, subject, children }: { member: Member; csrfToken: string; section: Section; title: string; subject: ComponentChildren; children: ComponentChildren }) {
  return (
    <WorkspacePage member={member} title={title} section={section} csrfToken={csrfToken}>
      <div class="panel">
        <h1>{title}</h1>
        <p>{subject}</p>
      </div>
      {children}
    </WorkspacePage>
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

/** What the "already shown" page of one kind of secret says: the parts that are not the viewer's. */
export type AlreadyShown = Omit<AlreadyShownProps, 'member' | 'csrfToken'>;

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

/**
 * The one GET that shows a just-created secret, taken from its single-use slot: `page` renders it
 * (undefined when its record went meanwhile). A reload, a slot of another session or a vanished
 * record answers 410 with the page that says it was already shown.
 */
export const shownOncePage =
  <T,>(tools: Pick<PageTools, 'csrf'>, slots: ShownOnceSlots<T>, gone: AlreadyShown, page: (shown: T, req: Request, res: Response) => VNode | undefined | Promise<VNode | undefined>): RequestHandler =>
  (req, res, next) => {
    slots.take(req, String(req.params['slot'])).then(async (shown) => {
      const body = shown === undefined ? undefined : await page(shown, req, res);
      if (body) sendPage(res, body);
      else sendPage(res, <AlreadyShownPage {...viewer(tools, req, res)} {...gone} />, 410);
    }).catch(next);
  };
