import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.js';
import { activeSession, signInUrl } from '../../auth/index.js';
import { seeOther, messageDocument } from '../../pages/index.js';
import { getOrganization, type Organization, type User } from '../../tenancy/index.js';
import { SERVICE } from './names.js';

/** The signed-in person a workspace page is for, and the organisation they see. */
export interface Member {
  user: User;
  organization: Organization;
  /** The session's id: what the workspace's CSRF tokens are bound to. */
  sessionId: string;
}

/** The signed-in member, noting the session's use for its idle timeout. */
export async function memberOf(ctx: AppContext, req: Request): Promise<Member | undefined> {
  const session = await activeSession(ctx, req);
  if (!session) return undefined;
  const organization = await getOrganization(ctx, session.user.orgId);
  return organization ? { user: session.user, organization, sessionId: session.record.id } : undefined;
}

/** The member `requireMember` found for this request. */
export function member(res: Response): Member {
  return (res.locals as { member: Member }).member;
}

/**
 * Every workspace page needs a signed-in investor: without a session a GET goes to the shared
 * sign-in page and comes back; a POST is refused (its form token was bound to a session that is
 * gone), so nothing is changed by a stale tab.
 */
export function requireMember(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    memberOf(ctx, req).then((found) => {
      if (found) {
        (res.locals as { member: Member }).member = found;
        next();
        return;
      }
      seeOther(res, signInUrl(req.method === 'GET' ? req.originalUrl : '/workspace'));
    }, next);
  };
}

/** Admin pages and their forms: a member gets 403 with a page that says who can do it. */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  if (member(res).user.role === 'admin') {
    next();
    return;
  }
  res.status(403).type('html').send(
    messageDocument({
      service: SERVICE,
      title: 'Only an administrator can do this',
      children: <p>Your account is a member of {member(res).organization.name}. Ask an administrator of your organisation to do this, or to make you an administrator.</p>,
    }),
  );
};
