import { apiKeyPrincipal, bearerPrincipal, bearerToken } from '../auth/guards.js';
import { sendError } from '../http/rest-errors.js';
import { observeCreateRetry, observeDroppedCreate, observePage, planRequest, RUN_PAGE_SIZE } from './api-scenario.js';
import { noRunWatching, updateRun, watchedBy } from './run-store.js';
const LISTS = /^\/api\/automation\/(submissions|profiles|webhooks)\/?$/;
const CREATE = /^\/api\/automation\/submissions\/?$/;
/** Who a request names, as its surface's guard will find it (the guard still answers for itself). */
async function callerOf(ctx, verifyAccessToken, req) {
    if (req.path.startsWith('/api/automation/'))
        return apiKeyPrincipal(ctx, 'automation_key', req.headers['x-api-key']);
    if (req.path.startsWith('/api/v1/'))
        return apiKeyPrincipal(ctx, 'developer_key', req.headers['x-api-key']);
    if (req.method === 'POST' && (req.path === '/api' || req.path === '/api/')) {
        const token = bearerToken(req.headers.authorization);
        return token ? bearerPrincipal(ctx, verifyAccessToken, token) : undefined;
    }
    return undefined;
}
const handleOf = (p) => (p.via === 'oauth_access_token' ? `client:${p.clientId ?? ''}` : `key:${p.credentialId}`);
function factsOf(req, at) {
    const cursor = new URL(req.originalUrl, 'http://x').searchParams.get('cursor');
    return {
        at,
        method: req.method,
        path: req.path,
        ...(cursor !== null ? { cursor } : {}),
        create: req.method === 'POST' && CREATE.test(req.path),
        list: req.method === 'GET' && LISTS.test(req.path),
    };
}
const recordIdOf = (req) => {
    const value = req.body?.record_id;
    return typeof value === 'string' ? value : undefined;
};
/** Calls `then` with the status once the surface has answered (or was cut off), before the answer leaves. */
function beforeAnswer(res, then) {
    const end = res.end.bind(res);
    res.end = (...args) => {
        if (then(res.statusCode) === 'send')
            return end(...args);
        res.req.socket.destroy();
        return res;
    };
}
/**
 * The API side of a certification run: each request of a running run's credentials (its
 * automation and developer keys, its OAuth client's tokens) is shown to the run's scenario
 * (api-scenario.ts) before the surface sees it, and the scenario's fault, dropped answer or small
 * page is applied here. Requests of no run pass after one count.
 */
export function certificationApiWatch(ctx, verifyAccessToken) {
    return (req, res, next) => {
        if (noRunWatching(ctx) || !req.path.startsWith('/api')) {
            next();
            return;
        }
        void (async () => {
            const caller = await callerOf(ctx, verifyAccessToken, req);
            const watched = caller ? watchedBy(ctx, handleOf(caller)) : undefined;
            if (!watched || watched.orgId !== caller?.orgId) {
                next();
                return;
            }
            const facts = factsOf(req, ctx.clock.now());
            const action = await updateRun(ctx, watched.orgId, watched.runId, (run) => planRequest(run, facts));
            apply(action ?? { kind: 'pass' });
            function apply(planned) {
                const observe = (change) => {
                    updateRun(ctx, watched.orgId, watched.runId, change).catch((error) => ctx.log.warn({ err: error }, 'certification: an observation was not stored'));
                };
                switch (planned.kind) {
                    case 'fault':
                        res.set('X-Injected-Fault', `certification run ${watched.runId} (${planned.check})`);
                        if (planned.retryAfterS !== undefined)
                            res.set('Retry-After', String(planned.retryAfterS));
                        sendError(res, planned.status, planned.status === 429 ? `Too many requests (a certification run's test): retry after ${planned.retryAfterS} second(s).` : `The service is unavailable (a certification run's test): retry with backoff.`);
                        return;
                    case 'drop-answer':
                        beforeAnswer(res, (status) => {
                            observe((run) => observeDroppedCreate(run, facts, status, recordIdOf(req)));
                            return status >= 200 && status < 300 ? 'drop' : 'send';
                        });
                        break;
                    case 'follow-create':
                        beforeAnswer(res, (status) => {
                            observe((run) => observeCreateRetry(run, facts, recordIdOf(req), status));
                            return 'send';
                        });
                        break;
                    case 'page': {
                        const url = new URL(req.url, 'http://x');
                        url.searchParams.set('limit', String(RUN_PAGE_SIZE));
                        req.url = `${url.pathname}${url.search}`;
                        const json = res.json.bind(res);
                        res.json = (body) => {
                            const nextCursor = body?.next_cursor;
                            observe((run) => observePage(run, facts, res.statusCode, nextCursor));
                            return json(body);
                        };
                        break;
                    }
                    case 'pass':
                        break;
                }
                next();
            }
        })().catch(next);
    };
}
//# sourceMappingURL=api-watch.js.map