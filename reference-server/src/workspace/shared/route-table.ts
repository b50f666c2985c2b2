import type { Request, RequestHandler, Response, Router } from 'express';
import type { PageTools } from '../../pages/index.js';
import { member, requireAdmin, type Member } from './access.js';

/** Who may open a route: any member of the organisation, or its administrators only. */
export type Audience = 'members' | 'admins';

export interface Route {
  method: 'get' | 'post';
  path: string;
  handle: RequestHandler;
  audience: Audience;
}

/** A page. Most workspace sections are for administrators, so that is the default. */
export const get = (path: string, handle: RequestHandler, audience: Audience = 'admins'): Route => ({ method: 'get', path, handle, audience });

/** A form's target: its body is parsed and its CSRF token checked before the role, then the handler. */
export const post = (path: string, handle: RequestHandler, audience: Audience = 'admins'): Route => ({ method: 'post', path, handle, audience });

/**
 * An action behind an "Are you sure?" page: GET shows the page, whose form posts to the same path
 * to do it (`ConfirmButton` opens the page; nothing changes until the POST).
 */
export const confirmed = (path: string, confirmPage: RequestHandler, act: RequestHandler): Route[] => [get(path, confirmPage), post(path, act)];

/**
 * Mounts a section's routes in the order listed (a fixed path such as `/keys/created/:slot` before a
 * parameter one). Handlers may be async: Express 5 hands a rejected promise to the surface's error page.
 */
export function mountRoutes(router: Router, { acceptForm }: Pick<PageTools, 'acceptForm'>, routes: readonly Route[]): void {
  for (const { method, path, handle, audience } of routes) {
    const guards = [...(method === 'post' ? acceptForm : []), ...(audience === 'admins' ? [requireAdmin] : [])];
    router[method](path, ...guards, handle);
  }
}

/** What every workspace page is given: the signed-in member and a CSRF token for its forms (the sign-out one at least). */
export const viewer = ({ csrf }: Pick<PageTools, 'csrf'>, req: Request, res: Response): { member: Member; csrfToken: string } => ({ member: member(res), csrfToken: csrf.token(req, res) });

/**
 * A handler of one record looked up inside the member's organisation: when the lookup finds nothing
 * (another organisation's id among others) the request falls through to the surface's 404 page.
 */
export const withFound =
  <T>(lookup: (req: Request, res: Response) => T | undefined | Promise<T | undefined>, handle: (found: T, req: Request, res: Response) => void | Promise<void>): RequestHandler =>
  async (req, res, next) => {
    const found = await lookup(req, res);
    if (found === undefined) {
      next();
      return;
    }
    await handle(found, req, res);
  };
