import type { RequestHandler, Router } from 'express';
import { endAllSessions, endSession, SESSION_IDLE_MS, sessionsOf, signInUrl } from '../../auth/index.js';
import type { AppContext } from '../../context.js';
import { type PageTools, seeOther, sendPage } from '../../pages/index.js';
import { get, member, mountRoutes, post, viewer, WORKSPACE_PATH } from '../shared/index.js';
import { SessionsPage } from './sessions-page.js';

const signOut = (ctx: AppContext): RequestHandler => async (req, res) => {
  await endSession(ctx, req, res);
  seeOther(res, signInUrl(WORKSPACE_PATH));
};

const sessionsPage = (ctx: AppContext, tools: PageTools): RequestHandler => async (req, res) =>
  sendPage(res, <SessionsPage {...viewer(tools, req, res)} sessions={await sessionsOf(ctx, member(res).user.id)} idleMinutes={SESSION_IDLE_MS / 60_000} />);

const signOutEverywhere = (ctx: AppContext): RequestHandler => async (_req, res) => {
  await endAllSessions(ctx, res, member(res).user.id);
  seeOther(res, signInUrl(WORKSPACE_PATH));
};

/** Signing out, and every member's own sessions (never anyone else's). */
export function sessionRoutes(ctx: AppContext, router: Router, tools: PageTools): void {
  mountRoutes(router, tools, [
    post('/sign-out', signOut(ctx), 'members'),
    get('/sessions', sessionsPage(ctx, tools), 'members'),
    post('/sessions/sign-out-everywhere', signOutEverywhere(ctx), 'members'),
  ]);
}
