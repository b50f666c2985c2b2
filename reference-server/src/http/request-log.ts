import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { detached, identifyRequests, logResponseFault, requestIdOf } from './log-fault.js';
import { redactUrlSecrets } from './redact-url.js';
import { BODY_BYTES_READ, type OrgRequestLog } from './org-request-log.js';
import { type CapturedBody, captureResponseBody } from './response-capture.js';

const STARTED = Symbol('logStarted');
const ANSWER = Symbol('loggedAnswer');
type Logged = Response & { [STARTED]?: number; [ANSWER]?: CapturedBody };

/** Only a request with a credential can belong to an organisation: only its answer is read for the workspace's log. */
const carriesCredential = (headers: Request['headers']) => headers['x-api-key'] !== undefined || headers.authorization !== undefined;

/**
 * Request ids for the log: a random prefix per process and a counter. Unique within a process and
 * across restarts, without drawing random bytes for every request (ids are not secrets).
 */
export function requestIds(): () => string {
  const prefix = `req_${randomBytes(6).toString('base64url')}`;
  let count = 0;
  return () => `${prefix}${(count += 1).toString(36)}`;
}

/** Told of every response that finished (not one cut off), with the time since its request came in: the metrics. */
export type FinishedResponse = (res: Response, elapsedMs: number) => void;

export interface RequestLogOptions {
  nextId?: () => string;
  perOrganisation?: OrgRequestLog;
  /** The address the line names; `req.ip` unless the app trusts no proxy, when the peer's own address is the same answer for less. */
  clientAddress?: (req: Request) => string | undefined;
  /** Called from the same listener as the line, so timing a request costs no middleware and no listener of its own. */
  finished?: FinishedResponse;
}

/**
 * One log line per request when its response is done: `{req: {id, method, url, remoteAddress}, res: {statusCode},
 * responseTime}`. No headers or bodies are logged, so no credential can reach the line (the
 * logger's redaction still applies). The line is built once, at the end: no child logger, no
 * serializers and no request id unless the line is written. A caller's `x-request-id` is kept.
 * A secret in the URL (an invite link's token) is cut to its prefix. `perOrganisation`, when
 * given, also keeps the request (with its answer's first bytes, held only for requests that carry
 * a credential, by reference) for the workspace's request log of the caller's organisation.
 */
export function requestLog(log: Logger, options: RequestLogOptions = {}): RequestHandler {
  const nextId = options.nextId ?? requestIds();
  const { perOrganisation, finished } = options;
  const clientAddress = options.clientAddress ?? ((req: Request) => req.ip);
  // The line's shape is fixed here (id, method, redacted URL, status, time): no path of the
  // logger's redaction can match it, and walking them all was about a tenth of this line's cost.
  // The same logger otherwise (bindings, level, destination); log.test.ts checks no credential
  // reaches a request line.
  const lines = log.child({}, { redact: [] });
  const keepFault = logResponseFault(log, 'request log: keeping the answer');
  // One listener for every response (its `this`), built here: a request adds its start time and,
  // when its answer is kept, the capture, and nothing else.
  const done = detached(logResponseFault(log, 'request log'), function (this: Logged) {
    const req = this.req;
    const elapsedMs = performance.now() - (this[STARTED] as number);
    const responseTime = Math.round(elapsedMs);
    perOrganisation?.observe(req, this, responseTime, this[ANSWER]);
    // A fault the server injected on purpose (a certification trap, an operator's fault rule,
    // marked by X-Injected-Fault) is the plan working, not an error: info, whatever its status.
    const injected = this.hasHeader('x-injected-fault');
    const level = injected ? 'info' : !this.writableFinished ? 'warn' : this.statusCode >= 500 ? 'error' : 'info';
    if (lines.isLevelEnabled(level)) {
      lines[level](
        {
          req: { id: requestIdOf(req), method: req.method, url: redactUrlSecrets(req.originalUrl), remoteAddress: clientAddress(req) },
          res: { statusCode: this.statusCode },
          responseTime,
        },
        this.writableFinished ? 'request completed' : 'request aborted',
      );
    }
    if (finished && this.writableFinished) finished(this, elapsedMs);
  });
  return (req, res, next) => {
    const logged = res as Logged;
    logged[STARTED] = performance.now();
    identifyRequests(req, nextId);
    if (perOrganisation && carriesCredential(req.headers)) logged[ANSWER] = captureResponseBody(res, BODY_BYTES_READ, keepFault);
    // 'close' comes once per response: `on` spares the wrapper `once` builds.
    res.on('close', done);
    next();
  };
}
