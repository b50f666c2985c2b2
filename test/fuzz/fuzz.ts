import { maxHeaderSize, STATUS_CODES } from 'node:http';
import fc from 'fast-check';
import type { Credentials } from '../conformance/credentials.js';
import { requestArb, type FuzzCase, type FuzzLimits } from './arbitraries.js';
import { ENDPOINTS, GUARD_STATUSES, type ErrorStyle, type FuzzEndpoint } from './endpoints.js';
import { journalBytes, journalSince, waitForQuiet, type Background } from './journal.js';
import { KNOWN_DEVIATIONS } from './known-deviations.js';
import { send, type RawRequest, type RawResponse } from './raw-http.js';

export interface FuzzTarget {
  baseUrl: string;
  credentials: Credentials;
  /** The server's data folder: a refused write must add nothing but the certification runs' own writes to its journal. */
  dataDir: string;
  /** False once the server process has died. */
  alive(): boolean;
  /** OAuth clients of certification runs in progress: malformed credentials name them too. */
  runClientIds?: string[];
  /** What the server changes on its own meanwhile (a run's subscription, deleted when the run ends): not blamed on a request. */
  background?: Background;
}

export interface FuzzOptions {
  runsPerEndpoint: number;
  seed: number;
  limits: FuzzLimits;
  endpoints?: FuzzEndpoint[];
  log?: (line: string) => void;
}

export interface EndpointReport {
  endpoint: string;
  requests: number;
  statuses: Record<string, number>;
  /** Cases sent with the endpoint's valid credential (every case of an endpoint that needs none). */
  authorised: number;
  /** Authorised cases answered past the credential guard and rate limit: they reached the body's validation and the code behind it. */
  reached: number;
  /** Connections closed without an answer, by error code. */
  resets: Record<string, number>;
  /** The counterexample fast-check shrank to, when the property failed. */
  failure?: string;
  /** Responses that matched a known, reported deviation (by id). */
  known: Record<string, number>;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  endpoints: EndpointReport[];
  /** Known deviations seen in this run, with their counts. */
  known: Record<string, number>;
}


const RFC6749_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unauthorized_client', 'unsupported_grant_type', 'invalid_scope', 'unsupported_token_type']);
const STACK = /\n\s+at .+:\d+:\d+|node_modules\/|\.ts:\d+:\d+/;

const header = (response: RawResponse, name: string): string => {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
};

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * How far node:http may count a request's head beyond what the fuzzer wrote: the Host,
 * Connection and Content-Length lines it adds, and the line ends.
 */
const HEAD_SLACK_BYTES = 512;

/** Bytes of a request's line and headers as the fuzzer writes them (node:http adds a few: HEAD_SLACK_BYTES). */
export const headBytes = (request: RawRequest): number =>
  Buffer.byteLength(`${request.method} ${request.path} HTTP/1.1\r\n`, 'latin1') + request.headers.reduce((n, [name, value]) => n + Buffer.byteLength(`${name}: ${value}\r\n`, 'latin1'), 0);

/**
 * node:http's own refusal, answered before any route runs: 400 for a request line or header it
 * cannot parse, 431 for a line and headers past its limit (`maxHeaderSize`, 16 kB by default).
 * The head is the first thing an HTTP server reads and checks, so a request too large in its
 * head is answered 431 whatever else is wrong with it (a cursor, a body, a credential): the
 * route never saw it, and no route's own judgement (`FuzzEndpoint.check`) applies to it.
 */
export const refusedByParser = (response: RawResponse): boolean =>
  (response.status === 431 || response.status === 400) && response.body === '' && header(response, 'connection') === 'close';

/**
 * Why a response breaks the rules, or undefined when it keeps them. With the request, a 431 is
 * accepted only for a head that is really past the limit (a route answering 431 for a small
 * request would be a bug, not the parser).
 */
export function judge(style: ErrorStyle, response: RawResponse, request?: RawRequest): string | undefined {
  if (response.status >= 500) return `answered ${response.status}`;
  if (refusedByParser(response)) {
    const bytes = request ? headBytes(request) : undefined;
    return response.status === 431 && bytes !== undefined && bytes < maxHeaderSize - HEAD_SLACK_BYTES ? `answered 431 to a request whose head is ${bytes} bytes (the limit is ${maxHeaderSize})` : undefined;
  }
  if (STACK.test(response.body)) return 'the body carries a stack trace or a source path';
  if (response.status < 400) return undefined;
  if (style === 'page') {
    // Refused sign-in forms answer with an HTML page or send the browser back with a redirect.
    return /^text\/html/.test(header(response, 'content-type')) || response.status === 405 ? undefined : `a ${response.status} sign-in page that is not HTML`;
  }
  if (!/^application\/(json|graphql-response\+json)/.test(header(response, 'content-type'))) return `a ${response.status} without a JSON body (content-type ${header(response, 'content-type') || 'none'})`;
  const body = parse(response.body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `a ${response.status} whose body is not a JSON object`;
  const record = body as Record<string, unknown>;
  const rest = record.error === STATUS_CODES[response.status] && typeof record.message === 'string';
  switch (style) {
    case 'rest':
      return rest ? undefined : `a ${response.status} without the REST error body {error: "${STATUS_CODES[response.status]}", message}`;
    case 'oauth':
      return typeof record.error === 'string' && RFC6749_ERRORS.has(record.error) && (record.error_description === undefined || typeof record.error_description === 'string')
        ? undefined
        : `a ${response.status} without an RFC 6749 error body`;
    case 'graphql': {
      const errors = record.errors;
      const graphqlBody = Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof (e as { message?: unknown }).message === 'string');
      return graphqlBody || (response.status === 401 && rest) ? undefined : `a ${response.status} without errors[] (or the 401 body)`;
    }
  }
}

const describeCase = (c: FuzzCase) => {
  const body = c.request.body === undefined ? '(no body)' : String(c.request.body);
  return `${c.request.method} ${c.request.path.slice(0, 200)} [auth ${c.auth}, ${c.bodyKind}] headers ${JSON.stringify(c.request.headers.map(([n, v]) => [n, v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v]))} body ${body.length > 300 ? `${body.slice(0, 300)}…(${body.length} chars)` : body}`;
};

/**
 * Fuzzes every endpoint with fast-check (seeded, a fixed number of runs each): each generated
 * request must get no 5xx, no stack trace, its surface's documented 4xx body, and — for a
 * refused write — no change to the store; and the server must still be alive afterwards.
 */
export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const reports: EndpointReport[] = [];
  let requests = 0;
  // A process that dies in a listener after answering (the Basic `%:x` of issue 36) is seen dead
  // by a later request (its exit reaches this process a moment later): the last few are named.
  const recent: FuzzCase[] = [];
  await waitForQuiet(target.dataDir, target.background);
  for (const listed of options.endpoints ?? ENDPOINTS) {
    const prepared = await listed.prepare?.(target.baseUrl, target.credentials);
    // What preparing set off (deliveries, a submission processed again) settles before any case.
    if (prepared) await waitForQuiet(target.dataDir, target.background);
    const endpoint = prepared
      ? { ...listed, path: prepared.path, queryValues: prepared.queryValues ?? {}, queryForms: prepared.queryForms ?? [], ...(prepared.check ? { check: prepared.check } : {}) }
      : listed;
    const report: EndpointReport = {
      endpoint: `${listed.method} ${listed.path} (${listed.name})`,
      requests: 0,
      statuses: {},
      authorised: 0,
      reached: 0,
      resets: {},
      known: {},
    };
    reports.push(report);
    const property = fc.asyncProperty(requestArb(endpoint, target.credentials, options.limits, target.runClientIds), async (fuzzCase) => {
      const before = endpoint.write ? await journalBytes(target.dataDir) : 0;
      const authorised = endpoint.credential === 'none' || fuzzCase.auth === 'valid';
      if (authorised) report.authorised += 1;
      let response: RawResponse;
      try {
        response = await send(target.baseUrl, fuzzCase.request);
      } catch (error) {
        // A server may close a connection it refuses to read (e.g. a header past node:http's
        // limit); it must live on. Counted by cause, so a reset is never a silent pass.
        if (!target.alive()) throw new Error(`the server died (${String(error)}); the last requests before it, newest first:\n      ${recent.map(describeCase).join('\n      ')}`);
        const code = String((error as { code?: unknown }).code ?? (error as Error).message);
        report.resets[code] = (report.resets[code] ?? 0) + 1;
        report.statuses.reset = (report.statuses.reset ?? 0) + 1;
        report.requests += 1;
        return;
      } finally {
        requests += 1;
        recent.unshift(fuzzCase);
        recent.length = Math.min(recent.length, 4);
      }
      report.requests += 1;
      report.statuses[response.status] = (report.statuses[response.status] ?? 0) + 1;
      if (authorised && !GUARD_STATUSES.has(response.status)) report.reached += 1;
      const problem = judge(endpoint.style, response, fuzzCase.request);
      const known = problem ? KNOWN_DEVIATIONS.find((d) => d.matches(endpoint, fuzzCase.request, response)) : undefined;
      if (known) report.known[known.id] = (report.known[known.id] ?? 0) + 1;
      else if (problem) throw new Error(`${problem}: ${response.body.slice(0, 300)}`);
      const refusal = refusedByParser(response) ? undefined : endpoint.check?.({ query: new URLSearchParams(fuzzCase.request.path.split('?')[1] ?? ''), body: fuzzCase.request.body }, response);
      if (refusal) throw new Error(refusal);
      if (response.status < 300) {
        await endpoint.undo?.(target.baseUrl, target.credentials, response);
        if (endpoint.write) await waitForQuiet(target.dataDir, target.background);
      }
      if (endpoint.write && response.status >= 400) {
        const { collections } = await journalSince(target.dataDir, before, target.background);
        if (collections === undefined) throw new Error(`the journal was compacted during a refused write (${response.status}): cannot compare`);
        if (collections.length > 0) throw new Error(`a refused write (${response.status}) changed the store: the journal gained writes to ${collections.join(', ')}`);
      }
      if (!target.alive()) throw new Error('the server died after answering this request');
    });
    const details = await fc.check(property, { seed: options.seed, numRuns: options.runsPerEndpoint, endOnFailure: true });
    if (prepared) {
      await prepared.cleanup();
      // The cleanup's writes are done before the next endpoint's refused writes are measured.
      await waitForQuiet(target.dataDir, target.background);
    }
    if (details.failed) {
      const counterexample = details.counterexample?.[0];
      report.failure = `${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}\n    request: ${counterexample ? describeCase(counterexample) : '?'}\n    (seed ${options.seed}, path ${details.counterexamplePath ?? ''})`;
    }
    const knownNote = Object.keys(report.known).length ? ` known deviations ${JSON.stringify(report.known)}` : '';
    const resetNote = Object.keys(report.resets).length ? ` resets ${JSON.stringify(report.resets)}` : '';
    options.log?.(
      `${report.failure ? 'FAIL' : 'PASS'}  ${report.endpoint}: ${report.requests} requests, ${report.authorised} authorised, ` +
        `${report.reached} reached the code ${JSON.stringify(report.statuses)}${resetNote}${knownNote}${report.failure ? `\n    ${report.failure}` : ''}`,
    );
  }
  const known: Record<string, number> = {};
  for (const report of reports) for (const [id, count] of Object.entries(report.known)) known[id] = (known[id] ?? 0) + count;
  return { seed: options.seed, requests, endpoints: reports, known };
}
