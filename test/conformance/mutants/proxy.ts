import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Credentials } from '../credentials.js';
import { isRecord, type Mutant, type MutantContext, type ProxiedAnswer, type ProxiedRequest } from './mutant.js';

const RELAY = '/__relay/';
const WEBHOOK_COLLECTIONS = new Set(['/api/automation/webhooks', '/api/v1/webhooks']);

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function parseBody(headers: Record<string, string>, body: Buffer): Pick<ProxiedRequest, 'json' | 'form'> {
  const type = headers['content-type'] ?? '';
  if (/json/i.test(type)) {
    try {
      return { json: JSON.parse(body.toString('utf8')) as unknown };
    } catch {
      return {};
    }
  }
  return /x-www-form-urlencoded/i.test(type) ? { form: new URLSearchParams(body.toString('utf8')) } : {};
}

function requestBody(req: ProxiedRequest): Buffer {
  if (req.json !== undefined) return Buffer.from(JSON.stringify(req.json));
  if (req.form) return Buffer.from(req.form.toString());
  return req.body;
}

function answerBody(answer: ProxiedAnswer): Buffer {
  return answer.json !== undefined ? Buffer.from(JSON.stringify(answer.json)) : answer.body;
}

/** One HTTP exchange with `target`, bodies buffered. */
function send(target: URL, req: ProxiedRequest): Promise<ProxiedAnswer> {
  const body = requestBody(req);
  const headers: Record<string, string> = { ...req.headers, host: target.host };
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const type = String(res.headers['content-type'] ?? '');
        let json: unknown;
        if (/json/i.test(type) && raw.length) {
          try {
            json = JSON.parse(raw.toString('utf8')) as unknown;
          } catch {
            json = undefined;
          }
        }
        const answerHeaders: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) answerHeaders[name] = value;
        resolve({ status: res.statusCode ?? 502, headers: answerHeaders, body: raw, ...(json !== undefined ? { json } : {}) });
      });
      res.on('error', reject);
    });
    out.on('error', reject);
    out.end(body);
  });
}

/** Replaces every string in a JSON value for which `map` gives another. */
function mapStrings(value: unknown, map: (s: string) => string | undefined): unknown {
  if (typeof value === 'string') return map(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, map)]));
  return value;
}

export interface MutatingProxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * A deployment with one bug: forwards everything to the real server at `target`, letting the
 * mutant change requests and answers on the way. With a `delivery` hook, webhook subscriptions
 * are pointed at the proxy's relay (and shown to the suite with their own URLs), so the mutant
 * also sits on the server's outbound deliveries.
 */
export async function startMutatingProxy(target: string, mutant: Mutant | undefined, demo: Credentials): Promise<MutatingProxy> {
  const upstream = new URL(target);
  const secrets = new Map<string, string>();
  let origin = '';
  const relayed = (url: string) => `${origin}${RELAY}${encodeURIComponent(url)}`;
  const unrelay = (s: string) => (s.startsWith(`${origin}${RELAY}`) ? decodeURIComponent(s.slice(origin.length + RELAY.length)) : undefined);

  const ctx: MutantContext = {
    demo,
    state: new Map(),
    upstream: (method, path, options = {}) =>
      send(new URL(path, upstream), {
        method,
        url: new URL(path, upstream),
        headers: { ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
        ...(options.json !== undefined ? { json: options.json } : {}),
        body: Buffer.alloc(0),
      }),
    secretFor: (url) => secrets.get(url),
  };

  async function handle(req: ProxiedRequest): Promise<ProxiedAnswer> {
    if (req.url.pathname.startsWith(RELAY) && mutant?.delivery) {
      const destination = new URL(decodeURIComponent(req.url.pathname.slice(RELAY.length)));
      req.url = destination;
      return mutant.delivery(req, (r) => send(r.url, r), ctx);
    }
    const subscribing = mutant?.delivery && req.method === 'POST' && WEBHOOK_COLLECTIONS.has(req.url.pathname) && isRecord(req.json) && typeof req.json.url === 'string';
    const subscribedUrl = subscribing && isRecord(req.json) ? String(req.json.url) : undefined;
    const made = await mutant?.request?.(req, ctx);
    if (made) return made;
    if (subscribedUrl && isRecord(req.json) && req.json.url === subscribedUrl) req.json.url = relayed(subscribedUrl);
    const answer = await send(new URL(`${req.url.pathname}${req.url.search}`, upstream), req);
    if (mutant?.delivery && answer.json !== undefined) {
      if (subscribedUrl && isRecord(answer.json)) {
        const record = isRecord(answer.json.webhook) ? answer.json.webhook : answer.json;
        const secret = [record.secret, answer.json.secret].find((s): s is string => typeof s === 'string');
        if (secret) secrets.set(subscribedUrl, secret);
      }
      answer.json = mapStrings(answer.json, unrelay);
    }
    await mutant?.response?.(req, answer, ctx);
    return answer;
  }

  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = flatHeaders(incoming.headers);
      const body = Buffer.concat(chunks);
      const req: ProxiedRequest = { method: incoming.method ?? 'GET', url: new URL(incoming.url ?? '/', origin), headers, body, ...parseBody(headers, body) };
      handle(req).then(
        (answer) => {
          const out = answerBody(answer);
          const headers = { ...answer.headers };
          delete headers['transfer-encoding'];
          delete headers['content-length'];
          headers['content-length'] = String(out.length);
          res.writeHead(answer.status, headers).end(out);
        },
        (error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' }).end(`mutating proxy: ${String(error)}`);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
