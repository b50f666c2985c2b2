import { Webhook } from 'standardwebhooks';
import { isRecord, type Mutant, type MutantContext, type ProxiedAnswer, type ProxiedRequest } from '../mutants/mutant.js';

const COLLECTIONS = ['/api/automation/webhooks', '/api/v1/webhooks'];
const isCollection = (req: ProxiedRequest, path: string) => req.url.pathname === path;

/** The delivery's event, when its body is one. */
const eventOf = (req: ProxiedRequest) => (isRecord(req.json) ? req.json : undefined);

/** Sends a changed payload signed again with the subscription's secret, as a server that builds the event wrongly would. */
function resigned(req: ProxiedRequest, ctx: MutantContext): ProxiedRequest {
  const secret = ctx.secretFor(req.url.href);
  if (!secret) return req;
  const timestamp = new Date(Number(req.headers['webhook-timestamp']) * 1000);
  req.headers['webhook-signature'] = new Webhook(secret).sign(req.headers['webhook-id'] ?? '', timestamp, JSON.stringify(req.json));
  return req;
}

const ok = (): ProxiedAnswer => ({ status: 200, headers: {}, body: Buffer.alloc(0) });

export const webhookMutants: Mutant[] = [
  {
    id: 'automation-webhook-list-shows-secret',
    target: 'webhooks.automation.secret-shown-once',
    bug: 'the subscription list serialises the whole record, signing secret included',
    response(req, res, ctx) {
      const secrets = (ctx.state.get('secrets') as Map<string, string> | undefined) ?? new Map<string, string>();
      ctx.state.set('secrets', secrets);
      if (req.method === 'POST' && isCollection(req, COLLECTIONS[0] as string) && isRecord(res.json) && typeof res.json.id === 'string' && typeof res.json.secret === 'string') secrets.set(res.json.id, res.json.secret);
      if (req.method === 'GET' && isCollection(req, COLLECTIONS[0] as string) && isRecord(res.json) && Array.isArray(res.json.data)) {
        for (const item of res.json.data) if (isRecord(item) && typeof item.id === 'string' && secrets.has(item.id)) item.secret = secrets.get(item.id);
      }
    },
  },
  {
    id: 'assessment-webhook-delete-is-a-no-op',
    target: 'webhooks.assessment.secret-shown-once',
    bug: 'DELETE /api/v1/webhooks/{id} answers 204 but only marks the subscription, which stays listed',
    request: (req) => (req.method === 'DELETE' && req.url.pathname.startsWith('/api/v1/webhooks/') ? { status: 204, headers: {}, body: Buffer.alloc(0) } : undefined),
  },
  {
    id: 'automation-offers-assessment-replaced',
    target: 'webhooks.automation.event-types',
    bug: 'the automation surface lists every assessment event type, assessment.replaced included',
    response(req, res) {
      if (req.method === 'GET' && req.url.pathname === '/api/automation/webhooks/event-types' && isRecord(res.json) && Array.isArray(res.json.data)) {
        res.json.data.push({ type: 'assessment.replaced', description: 'A stored assessment result was replaced.' });
      }
    },
  },
  {
    id: 'only-first-event-type-validated',
    target: 'webhooks.assessment.foreign-event-refused',
    bug: 'the events list is validated by its first entry only',
    request(req) {
      if (req.method === 'POST' && COLLECTIONS.some((path) => isCollection(req, path)) && isRecord(req.json) && Array.isArray(req.json.events) && req.json.events.length > 1) {
        req.json.events = req.json.events.slice(0, 1);
      }
    },
  },
  {
    id: 'ssrf-guard-misses-mapped-ipv6',
    target: 'webhooks.automation.ssrf-refused',
    bug: 'the SSRF guard compares IPv4 strings, so http://[::ffff:169.254.169.254]/ is subscribed',
    request(req) {
      if (req.method === 'POST' && COLLECTIONS.some((path) => isCollection(req, path)) && isRecord(req.json) && typeof req.json.url === 'string' && /\[::ffff:/i.test(req.json.url)) {
        // Stands in for the metadata address the guard let through, without calling it.
        req.json.url = 'http://127.0.0.1:9/latest/meta-data/';
      }
    },
  },
  {
    id: 'body-reserialised-after-signing',
    target: 'webhooks.automation.signed-delivery',
    bug: 'the delivery body is pretty-printed after the signature was computed over the compact JSON',
    async delivery(req, send) {
      if (req.json !== undefined) {
        req.body = Buffer.from(JSON.stringify(req.json, null, 2));
        delete req.json;
      }
      return send(req);
    },
  },
  {
    id: 'final-events-never-sent',
    target: 'webhooks.automation.completed-event',
    bug: 'the worker updates the submission but never emits submission.completed/.awaiting_assessment/.failed',
    async delivery(req, send) {
      const type = String(eventOf(req)?.type ?? '');
      return /^submission\.(completed|awaiting_assessment|failed)$/.test(type) ? ok() : send(req);
    },
  },
  {
    id: 'server-errors-count-as-delivered',
    target: 'webhooks.automation.retry',
    bug: 'any answer from the receiver counts as delivered: a 503 is never retried',
    async delivery(req, send) {
      const reply = await send(req);
      return reply.status >= 500 ? { ...reply, status: 200 } : reply;
    },
  },
  {
    id: 'gone-treated-as-failure',
    target: 'webhooks.automation.gone-disables',
    bug: '410 Gone is handled like any other failure: retried, the subscription stays enabled',
    async delivery(req, send) {
      const reply = await send(req);
      return reply.status === 410 ? { ...reply, status: 500 } : reply;
    },
  },
  {
    id: 'completed-revision-zero-based',
    target: 'webhooks.assessment.completed-delivery',
    bug: 'assessment events count revisions from 0, while the stored result counts from 1',
    async delivery(req, send, ctx) {
      const event = eventOf(req);
      if (event && String(event.type).startsWith('assessment.') && isRecord(event.data) && typeof event.data.revision === 'number') {
        event.data.revision -= 1;
        if (typeof event.data.previous_revision === 'number') event.data.previous_revision -= 1;
        return send(resigned(req, ctx));
      }
      return send(req);
    },
  },
  {
    id: 'replaced-previous-revision-is-current',
    target: 'webhooks.assessment.replaced-delivery',
    bug: 'assessment.replaced reports previous_revision read after the write, equal to revision',
    async delivery(req, send, ctx) {
      const event = eventOf(req);
      if (event?.type === 'assessment.replaced' && isRecord(event.data)) {
        event.data.previous_revision = event.data.revision;
        return send(resigned(req, ctx));
      }
      return send(req);
    },
  },
];

