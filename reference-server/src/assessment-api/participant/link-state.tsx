import type { Request, Response } from 'express';
import type { AppContext } from '../../context.js';
import { messageDocument } from '../../pages/index.js';
import { inviteForToken, inviteStatus, markOpened, type InviteRecord, type InviteStatus } from '../../assessments/index.js';
import { SERVICE } from './participant-pages.js';

export const dateWords = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The link's path (`<mount>/<token>`), which every page of the invite hangs off. */
export const linkBase = (req: Request) => `${req.baseUrl}/${req.params.token}`;

const message = (res: Response, status: number, title: string, text: string) =>
  res.status(status).type('html').send(messageDocument({ service: SERVICE, title, children: <p>{text}</p> }));

/** The page that says why a link no longer works, for each state but `open`. */
const CLOSED: Partial<Record<InviteStatus, (res: Response, invite: InviteRecord) => void>> = {
  completed: (res, invite) =>
    message(res, 410, 'You have already completed this assessment', `Your answers were sent on ${dateWords(invite.completedAt ?? invite.createdAt)}. This link cannot be used again. If you need to change your answers, ask whoever invited you for a new link.`),
  revoked: (res) =>
    message(res, 410, 'This invitation has been withdrawn', 'The organisation that invited you has withdrawn this link. Any answers you had saved have been deleted. Ask them for a new link if you still need one.'),
  expired: (res, invite) => message(res, 410, 'This link has expired', `The link stopped working on ${dateWords(invite.expiresAt)}. Ask whoever invited you for a new link.`),
};

/** The invite of the link if it can still be answered; otherwise answers with the page that says why. */
export async function openInvite(ctx: AppContext, req: Request, res: Response): Promise<InviteRecord | undefined> {
  const invite = await inviteForToken(ctx, String(req.params.token));
  if (!invite) {
    message(res, 404, 'This link is not recognised', 'Check that you copied the whole link from your invitation. If it still does not work, ask whoever invited you for a new link.');
    return undefined;
  }
  const closed = CLOSED[inviteStatus(invite, ctx.clock.now())];
  if (!closed) return invite;
  closed(res, invite);
  return undefined;
}

/** `openInvite`, and the first visit of any page marks the invite opened. */
export async function visitInvite(ctx: AppContext, req: Request, res: Response): Promise<InviteRecord | undefined> {
  const invite = await openInvite(ctx, req, res);
  return invite && markOpened(ctx, invite);
}
