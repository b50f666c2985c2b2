import fc from 'fast-check';
import type { Credentials } from '../conformance/credentials.js';
import type { FuzzEndpoint } from './endpoints.js';
import { malformedClientBody, malformedHeader, malformedHeaders, MALFORMED_VALUES, type CredentialPlace } from './malformed-credentials.js';
import type { RawRequest } from './raw-http.js';

/** Raw JSON text of one value; raw so it can be what JSON.stringify never makes (1e999, 10,000 brackets). */
type RawJson = string;

export interface FuzzLimits {
  /** Longest string or body the fuzzer builds (bytes); past the servers' body limits on purpose. */
  hugeBytes: number;
  /** Deepest nesting tried. */
  maxDepth: number;
}

export const SHORT_LIMITS: FuzzLimits = { hugeBytes: 300_000, maxDepth: 5_000 };
export const LONG_LIMITS: FuzzLimits = { hugeBytes: 2_000_000, maxDepth: 100_000 };

const awkwardText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF{}',
  '\uD800',
  '\uDFFF\uD800',
  '👩🏽‍💻',
  'ﷺ',
  'e\u0301',
  '\u202Eevil',
  '<script>alert(1)</script>',
  "'; DROP TABLE results; --",
  '../../../etc/passwd',
  '%00%ff%',
  '__proto__',
  'constructor',
  '{"$gt": ""}',
  'null',
  'NaN',
  '-0',
  '0x10',
  '1e999',
);

const unicodeString = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), awkwardText);

function valueArb(limits: FuzzLimits): fc.Arbitrary<RawJson> {
  const huge = fc.integer({ min: 1_000, max: limits.hugeBytes });
  return fc.oneof(
    { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: unicodeString.map((s) => JSON.stringify(s)) },
    { weight: 1, arbitrary: huge.map((n) => JSON.stringify('x'.repeat(n))) },
    { weight: 1, arbitrary: huge.map((n) => `[${Array.from({ length: Math.min(n, 100_000) / 2 }, () => '1').join(',')}]`) },
    { weight: 1, arbitrary: fc.constantFrom('1e999', '-1e999', '1e-999', '9'.repeat(400), '-0', '0.1e1', '1E2', '123456789012345678901234567890') },
    { weight: 1, arbitrary: fc.double().map((d) => (Number.isFinite(d) ? JSON.stringify(d) : '0')) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: limits.maxDepth }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 10, max: limits.maxDepth }).map((d) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`) },
    { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '{}', '[]', '""', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}') },
  );
}

/** A valid body with some fields replaced by odd values, dropped, repeated, or joined by strangers. */
function mutatedObject(seed: Record<string, unknown>, limits: FuzzLimits): fc.Arbitrary<RawJson> {
  const keys = Object.keys(seed);
  const mutation = fc.oneof(
    fc.record({ kind: fc.constant('replace' as const), key: fc.constantFrom(...keys), value: valueArb(limits) }),
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys), value: fc.constant('') }),
    fc.record({ kind: fc.constant('repeat' as const), key: fc.constantFrom(...keys), value: valueArb(limits) }),
    fc.record({ kind: fc.constant('add' as const), key: fc.oneof(unicodeString, fc.constantFrom('__proto__', 'constructor', 'q0', 'q141', 'q999999', 'Q5')), value: valueArb(limits) }),
  );
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => {
    const entries: [string, RawJson][] = keys.map((k) => [k, JSON.stringify(seed[k])]);
    for (const m of mutations) {
      const index = entries.findIndex(([k]) => k === m.key);
      if (m.kind === 'replace' && index >= 0) entries[index] = [m.key, m.value];
      else if (m.kind === 'drop' && index >= 0) entries.splice(index, 1);
      else if (m.kind === 'repeat' || m.kind === 'add') entries.push([m.key, m.value]);
    }
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  });
}

function malformedJson(seed: Record<string, unknown> | undefined): fc.Arbitrary<string> {
  const valid = JSON.stringify(seed ?? { a: 1 });
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.integer({ min: 0, max: Math.max(0, valid.length - 1) }).map((cut) => valid.slice(0, cut)),
    fc.constantFrom('{', '}', '{"a":}', "{'a':1}", '{"a":1,}', '[1,2', 'undefined', '{"a":NaN}', '{"a":Infinity}', '\u0000{}', '{"a":"\\ud800"}', '{"a":"\\x41"}', '//\n{}', '{}{}', '{"a":1}garbage'),
  );
}

function formBody(seed: Record<string, unknown> | undefined, limits: FuzzLimits): fc.Arbitrary<string> {
  const base = Object.entries(seed ?? { a: '1' }).map(([k, v]) => [k, String(v)] as [string, string]);
  const value = fc.oneof(unicodeString, fc.integer({ min: 1_000, max: limits.hugeBytes }).map((n) => 'x'.repeat(n)));
  return fc.oneof(
    fc.array(fc.record({ key: fc.constantFrom(...base.map(([k]) => k), 'extra', '__proto__', 'a[b]', 'a[]'), value, repeat: fc.boolean() }), { minLength: 1, maxLength: 4 }).map((changes) => {
      const params = new URLSearchParams(base);
      for (const c of changes) c.repeat ? params.append(c.key, c.value) : params.set(c.key, c.value);
      return params.toString();
    }),
    fc.constantFrom('%', '%E0%A4%A', 'a=%ZZ', '&&&&', '=', 'a=1&a=2&a=3', `${'a=1&'.repeat(200)}`, '\u0000=\u0000'),
    fc.string({ unit: 'binary', maxLength: 200 }),
  );
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on those). */
const percent = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

const CONTENT_TYPES = [
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'text/plain',
  'application/graphql',
  'application/vnd.api+json',
  '*/*',
  'garbage',
  'application/json, text/plain',
] as const;

export type AuthVariant = 'valid' | 'missing' | 'invalid' | 'empty' | 'repeated-valid-invalid' | 'repeated-valid-valid' | 'other-surface' | 'huge' | 'malformed';

/** Where an endpoint reads its credential; the token endpoints and pages, which need no header, are sent Basic and cookies. */
function placeOf(endpoint: FuzzEndpoint): CredentialPlace {
  switch (endpoint.credential) {
    case 'partnerBearer':
      return 'bearer';
    case 'oauthClient':
      return 'basic';
    case 'none':
      return endpoint.style === 'oauth' ? 'basic' : endpoint.style === 'page' ? 'cookie' : 'x-api-key';
    default:
      return 'x-api-key';
  }
}

function authHeaders(endpoint: FuzzEndpoint, variant: AuthVariant, c: Credentials, malformed: [string, string]): [string, string][] {
  if (variant === 'malformed') return [malformed];
  const slot = endpoint.credential;
  if (slot === 'none') return [];
  const name = slot === 'partnerBearer' || slot === 'oauthClient' ? 'authorization' : 'x-api-key';
  const format = (secret: string) =>
    slot === 'partnerBearer' ? `Bearer ${secret}` : slot === 'oauthClient' ? `Basic ${Buffer.from(`${c.oauthClientId}:${secret}`).toString('base64')}` : secret;
  const valid = format(slot === 'developerKey' ? c.developerKey : slot === 'automationKey' ? c.automationKey : slot === 'partnerBearer' ? c.partnerCredential : c.oauthClientSecret);
  const other = format(slot === 'developerKey' ? c.automationKey : c.developerKey);
  switch (variant) {
    case 'valid':
      return [[name, valid]];
    case 'missing':
      return [];
    case 'invalid':
      return [[name, format('pis_dev_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')]];
    case 'empty':
      return [[name, '']];
    case 'repeated-valid-invalid':
      return [[name, valid], [name, format('wrong')]];
    case 'repeated-valid-valid':
      return [[name, valid], [name, valid]];
    case 'other-surface':
      return [[name, other]];
    case 'huge':
      return [[name, format('k'.repeat(8_000))]];
  }
  return [];
}

export interface FuzzCase {
  request: RawRequest;
  auth: AuthVariant;
  bodyKind: string;
}

/**
 * Everything sent to one endpoint: its credential variant, content type, body and query.
 * `runClientIds`: OAuth clients of certification runs in progress, named by malformed credentials
 * as a stranger who saw an authorize link would.
 */
export function requestArb(
  endpoint: FuzzEndpoint & { queryValues?: Record<string, string[]>; queryForms?: string[] },
  credentials: Credentials,
  limits: FuzzLimits,
  runClientIds: readonly string[] = [],
): fc.Arbitrary<FuzzCase> {
  const seed = endpoint.seed?.(credentials);
  const clientIds = [credentials.oauthClientId, ...runClientIds];
  const clientBody = seed && 'client_id' in seed && endpoint.body !== 'none' ? [{ weight: 2, arbitrary: malformedClientBody(seed, endpoint.body, clientIds).map((text) => ({ kind: 'malformed client credentials', text })) }] : [];
  const bodies: fc.Arbitrary<{ kind: string; text: string | undefined }> =
    endpoint.body === 'none'
      ? fc.oneof(fc.constant({ kind: 'none', text: undefined }), malformedJson(undefined).map((text) => ({ kind: 'unexpected body', text })))
      : fc.oneof(
          { weight: 4, arbitrary: (endpoint.body === 'json' ? mutatedObject(seed ?? {}, limits) : formBody(seed, limits)).map((text) => ({ kind: 'mutated', text })) },
          { weight: 2, arbitrary: malformedJson(seed).map((text) => ({ kind: 'malformed', text })) },
          { weight: 2, arbitrary: valueArb(limits).map((text) => ({ kind: 'wrong type', text })) },
          { weight: 1, arbitrary: fc.constant({ kind: 'empty', text: '' }) },
          { weight: 1, arbitrary: fc.constant({ kind: 'none', text: undefined }) },
          ...clientBody,
        );
  const matching = endpoint.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
  const contentType = fc.oneof({ weight: 3, arbitrary: fc.constant<string | undefined>(matching) }, { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...CONTENT_TYPES) });
  const interesting = Object.entries(endpoint.queryValues ?? {}).flatMap(([key, values]) => values.map((value) => `${percent(key)}=${percent(value)}`));
  const query = endpoint.query
    ? fc.oneof(
        fc.constant(new URLSearchParams(endpoint.query).toString()),
        ...(interesting.length ? [fc.constantFrom(...interesting), fc.array(fc.constantFrom(...interesting), { minLength: 2, maxLength: 3 }).map((parts) => parts.join('&'))] : []),
        ...(endpoint.queryForms?.length ? [fc.constantFrom(...endpoint.queryForms)] : []),
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(endpoint.query)), fc.oneof(unicodeString, fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)), fc.constantFrom('-1', '0', '1e9', '999999999999', '1.5', ''))), { maxLength: 4 }).map((pairs) =>
          pairs.map(([k, v]) => `${percent(k)}=${percent(v)}`).join('&'),
        ),
        fc.constantFrom('%', '%ZZ', 'a[b]=1', 'email[]=x', '&&', '=x', 'limit=1&limit=2', 'page=1&page=1', `${'x=1&'.repeat(300)}`),
        // A parameter whose value is raw (`client_id=%:x`) or a malformed credential encoded, a run's client among them.
        fc.tuple(fc.constantFrom(...Object.keys(endpoint.query)), fc.oneof(fc.constantFrom('%', '%zz', '%:x', '%E0%A4%A', ''), fc.constantFrom(...MALFORMED_VALUES, ...clientIds).map(percent))).map(([k, v]) => `${percent(k)}=${v}`),
      )
    : fc.constant('');
  // Half the cases carry the valid credential: the guard's refusals need few cases, the bodies many.
  const auth = fc.oneof(
    { weight: 7, arbitrary: fc.constant<AuthVariant>('valid') },
    { weight: 7, arbitrary: fc.constantFrom<AuthVariant>('missing', 'invalid', 'empty', 'repeated-valid-invalid', 'repeated-valid-valid', 'other-surface', 'huge') },
    { weight: 2, arbitrary: fc.constant<AuthVariant>('malformed') },
  );
  const malformed = malformedHeader(placeOf(endpoint), clientIds);
  const extra = fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom<[string, string][]>([], [], [['content-encoding', 'gzip']], [['content-encoding', 'x-unknown']], [['accept', 'application/graphql-response+json']], [['accept', 'text/html']], [['x-request-id', 'r'.repeat(2_000)]]) },
    // Credentials in places this endpoint does not read: every guard and watcher in front of it still sees them.
    { weight: 1, arbitrary: malformedHeaders(clientIds) },
  );
  return fc.record({ body: bodies, contentType, query, auth, malformed, extra }).map(({ body, contentType: type, query: q, auth: a, malformed: bad, extra: more }) => {
    const headers: [string, string][] = [...authHeaders(endpoint, a, credentials, bad), ...more];
    if (type !== undefined && body.text !== undefined) headers.push(['content-type', type]);
    return {
      auth: a,
      bodyKind: body.kind,
      request: { method: endpoint.method, path: q ? `${endpoint.path}?${q}` : endpoint.path, headers, ...(body.text !== undefined ? { body: body.text } : {}) },
    };
  });
}
