import { AsyncResource } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { detached, type Fault, logFault, type Principal, principalOf, type PrincipalStep, sendError } from '../http/index.js';
import type { AppContext } from '../context.js';
import { observeCreateRetry, observeDroppedCreate, observePage, planRequest, RUN_PAGE_SIZE, type ApiAction, type RequestFacts } from './api-scenario.js';
import type { ClientRef, WatchedRecord } from './run-records.js';
import { updateRun, watchedBy } from './run-store.js';

const LISTS = /^\/api\/automation\/(submissions|profiles|webhooks)\/?$/;
const CREATE = /^\/api\/automation\/submissions\/?$/;

const handleOf = (p: Principal) => (p.via === 'oauth_access_token' ? `client:${p.clientId ?? ''}` : `key:${p.credentialId}`);

const CREDENTIAL_NAMES: Record<Principal['via'], string> = {
  automation_key: 'the automation key',
  developer_key: 'the developer key',
  partner_credential: 'a partner credential',
  oauth_access_token: "the OAuth client's access token",
};

/**
 * The client a request comes from: its credential and its User-Agent. Two processes sharing a key
 * are told apart by their User-Agent; a process keeps one across its requests, whichever
 * connection each takes (a client may open a new one after a wait), so the connection is not used.
 */
export function clientOf(p: Principal, userAgent: string | undefined): ClientRef {
  const agent = (userAgent ?? '').slice(0, 200);
  return { id: `${handleOf(p)} ua:${agent}`, label: `${CREDENTIAL_NAMES[p.via]}${agent ? ` (User-Agent ${JSON.stringify(agent)})` : ' (no User-Agent)'}` };
}

function factsOf(req: Request, at: number): RequestFacts {
  const cursor = new URL(req.originalUrl, 'http://x').searchParams.get('cursor');
  const path = `${req.baseUrl}${req.path}`.replace(/\/+$/, '') || '/';
  return {
    at,
    client: clientOf(req.principal as Principal, req.headers['user-agent']),
    method: req.method,
    path,
    ...(cursor !== null ? { cursor } : {}),
    create: req.method === 'POST' && CREATE.test(path),
    list: req.method === 'GET' && LISTS.test(path),
  };
}

const recordIdOf = (req: Request): string | undefined => {
  const value = (req.body as { record_id?: unknown } | undefined)?.record_id;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Calls `then` with the status once the surface has answered (or was cut off), before the answer
 * leaves: `then` answers 'send', or a promise after which the connection is cut instead. The cut
 * waits for it so that what the run records of the cut is committed before the client can notice
 * and retry (on PostgreSQL a retry sent at once was otherwise planned before it, and cut too).
 */
function beforeAnswer(res: Response, onFault: Fault, then: (status: number) => 'send' | Promise<void>): void {
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  (res as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
    // Runs in whoever ends the answer: a grading fault sends the answer as it is.
    let verdict: 'send' | Promise<void> = 'send';
    detached(onFault, () => {
      verdict = then(res.statusCode);
    })();
    // Set in the callback above, which TypeScript does not follow.
    const decided = verdict as 'send' | Promise<void>;
    if (decided === 'send') return end(...args);
    // Marks the cut answer as injected for the request log (never sent: the connection is cut).
    if (!res.headersSent) res.setHeader('X-Injected-Fault', 'certification run (api.idempotent-create): the answer was cut');
    void decided.then(() => res.req.socket.destroy());
    return res;
  };
}

/**
 * The API side of a certification run, a step each keyed surface gives its guard: each request of
 * a running run's credentials (its automation and developer keys, its OAuth client's tokens) is
 * shown to the run's scenario (api-scenario.ts) before the surface's routes see it, and the
 * scenario's fault, dropped answer or small page is applied here. Requests of no run pass after
 * one lookup of their credential's handle, asked with the guard's own (PrincipalStep), before any parsing.
 */
export function certificationStep(ctx: AppContext): PrincipalStep<WatchedRecord | undefined> {
  return {
    look: (caller) => watchedBy(ctx, handleOf(caller)),
    run: (req, res, next, watched) => {
      if (!watched || watched.orgId !== principalOf(req).orgId) next();
      else watchRequest(ctx, req, res, next, watched, ctx.clock.now()).catch(next);
    },
  };
}

/** Shows a request of a running run to its scenario, and applies what the scenario plans for it. */
async function watchRequest(ctx: AppContext, req: Request, res: Response, next: NextFunction, watched: WatchedRecord, at: number): Promise<void> {
  // What the answer's observations run in: this request's context, outside any transaction a
  // route may answer from (taken only for a watched request: it costs every request otherwise).
  const outside = AsyncResource.bind(<R>(work: () => R): R => work());
  const facts = factsOf(req, at);
  const planned: ApiAction = (await updateRun(ctx, watched.orgId, watched.runId, (run) => planRequest(run, facts))) ?? { kind: 'pass' };
  const fault = logFault(ctx.log, 'certification: an observation of an API request', req);
  /** Records an observation in the run; settles once committed (or failed, logged), never rejects. */
  const record = (change: Parameters<typeof updateRun>[3]): Promise<void> =>
    outside(() => updateRun(ctx, watched.orgId, watched.runId, change)).then(
      () => undefined,
      (error: unknown) => fault(error),
    );
  const observe = (change: Parameters<typeof updateRun>[3]) => void record(change);
  switch (planned.kind) {
    case 'fault':
      res.set('X-Injected-Fault', `certification run ${watched.runId} (${planned.check})`);
      if (planned.retryAfterS !== undefined) res.set('Retry-After', String(planned.retryAfterS));
      sendError(res, planned.status, planned.status === 429 ? `Too many requests (a certification run's test): retry after ${planned.retryAfterS} second(s).` : `The service is unavailable (a certification run's test): retry with backoff.`);
      return;
    case 'drop-answer':
      beforeAnswer(res, fault, (status) => {
        const recorded = record((run) => observeDroppedCreate(run, facts, status, recordIdOf(req)));
        return status >= 200 && status < 300 ? recorded : 'send';
      });
      break;
    case 'follow-create':
      beforeAnswer(res, fault, (status) => {
        observe((run) => observeCreateRetry(run, facts, recordIdOf(req), status));
        return 'send';
      });
      break;
    case 'page': {
      const url = new URL(req.url, 'http://x');
      url.searchParams.set('limit', String(RUN_PAGE_SIZE));
      req.url = `${url.pathname}${url.search}`;
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        detached(fault, () => {
          const nextCursor = (body as { next_cursor?: string | null } | null)?.next_cursor;
          observe((run) => observePage(run, facts, res.statusCode, nextCursor));
        })();
        return json(body);
      };
      break;
    }
    case 'pass':
      break;
  }
  next();
}
