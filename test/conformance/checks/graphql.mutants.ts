import { answer, isRecord, params, route, type Mutant, type ProxiedAnswer, type ProxiedRequest } from '../mutants/mutant.js';

const isGraphql = (req: ProxiedRequest) => route(req) === 'POST /api';
const query = (req: ProxiedRequest) => (isRecord(req.json) && typeof req.json.query === 'string' ? req.json.query : '');
const bearer = (req: ProxiedRequest) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
const dataOf = (res: ProxiedAnswer) => (isRecord(res.json) && isRecord(res.json.data) ? res.json.data : undefined);

/** The scope claim of a JWT access token (read, not verified: the proxy only needs to know what it was granted). */
function scopeOf(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return isRecord(claims) && typeof claims.scope === 'string' ? claims.scope : undefined;
  } catch {
    return undefined;
  }
}

/** A CORS layer in front of /api that allows the given origin (or every origin). */
function corsAllowing(allow: (origin: string) => string): Mutant['response'] {
  return (req, res) => {
    const origin = req.headers.origin;
    if (req.url.pathname !== '/api' || !origin) return;
    if (req.method === 'OPTIONS') Object.assign(res, { status: 204, body: Buffer.alloc(0), json: undefined });
    res.headers['access-control-allow-origin'] = allow(origin);
    res.headers['access-control-allow-methods'] = 'GET, POST, OPTIONS';
    res.headers['access-control-allow-headers'] = 'authorization, content-type';
  };
}

export const graphqlMutants: Mutant[] = [
  {
    id: 'me-is-the-organisation-owner',
    target: 'graphql.oauth.get-user-data',
    bug: "me resolves the organisation's owner, not the signed-in user",
    response(req, res) {
      const me = isGraphql(req) ? dataOf(res)?.me : undefined;
      if (isRecord(me) && typeof me.email === 'string') me.email = `owner@${me.email.split('@')[1] ?? 'example.com'}`;
    },
  },
  {
    id: 'partner-credential-only-in-x-api-key',
    target: 'graphql.partner.accepted',
    bug: 'partner credentials are read from x-api-key only; as a Bearer token they are refused',
    request: (req, ctx) =>
      isGraphql(req) && bearer(req) === ctx.demo.partnerCredential ? answer(401, { error: 'Unauthorized', message: 'Invalid token.' }, { 'www-authenticate': 'Bearer error="invalid_token"' }) : undefined,
  },
  {
    id: 'validation-errors-are-400',
    target: 'graphql.field-errors',
    bug: 'a document that fails validation is answered 400 (the GraphQL-over-HTTP default of some servers)',
    response(req, res) {
      if (isGraphql(req) && res.status === 200 && isRecord(res.json) && Array.isArray(res.json.errors) && res.json.data === undefined) res.status = 400;
    },
  },
  {
    id: 'allowlist-by-operation-name',
    target: 'graphql.allowlist.masquerade',
    bug: 'the allowlist goes by operationName: a document named getUserDataQuery may select anything',
    async request(req, ctx) {
      const text = query(req);
      if (!isGraphql(req) || !/^\s*query getUserDataQuery\b/.test(text) || !text.includes('adminOrganizations')) return;
      const organization = dataOf(await ctx.upstream('POST', '/api', { headers: { authorization: req.headers.authorization ?? '' }, json: { query: '{ organization { id name } }' } }))?.organization;
      const alias = /\{\s*(\w+)\s*:\s*adminOrganizations/.exec(text)?.[1] ?? 'adminOrganizations';
      return answer(200, { data: { [alias]: [organization] } });
    },
  },
  {
    id: 'billing-not-on-the-denylist',
    target: 'graphql.allowlist.billing-admin',
    bug: 'the allowlist is a denylist that forgot billingAccount',
    request: (req) => (isGraphql(req) && /\bbillingAccount\b/.test(query(req)) ? answer(200, { data: { billingAccount: { plan: 'growth' } } }) : undefined),
  },
  {
    id: 'organization-name-not-resolved',
    target: 'graphql.partner.organization',
    bug: 'Organization.name has no resolver and comes back null',
    response(req, res) {
      const organization = isGraphql(req) ? dataOf(res)?.organization : undefined;
      if (isRecord(organization)) organization.name = null;
    },
  },
  {
    id: 'assessment-result-email-case-sensitive',
    target: 'graphql.partner.assessment-result',
    bug: 'assessmentResult(email) compares emails case-sensitively',
    response(req, res) {
      const variables = isRecord(req.json) && isRecord(req.json.variables) ? req.json.variables : {};
      const data = isGraphql(req) ? dataOf(res) : undefined;
      if (data && 'assessmentResult' in data && Object.values(variables).some((v) => typeof v === 'string' && v !== v.toLowerCase())) data.assessmentResult = null;
    },
  },
  {
    id: 'scope-not-enforced',
    target: 'graphql.oauth.scope-enforced',
    bug: 'scopes are recorded on the token but never checked by the resolvers',
    request(req, ctx) {
      const token = isGraphql(req) ? bearer(req) : undefined;
      const scope = token ? scopeOf(token) : undefined;
      if (scope !== undefined && !scope.split(' ').includes('profile') && query(req).includes('assessmentResult')) req.headers.authorization = `Bearer ${ctx.demo.partnerCredential}`;
    },
  },
  {
    id: 'graphql-401-without-challenge',
    target: 'graphql.401-challenge',
    bug: 'a refused Bearer token gets 401 without WWW-Authenticate',
    response(req, res) {
      if (isGraphql(req) && res.status === 401) delete res.headers['www-authenticate'];
    },
  },
  {
    id: 'graphql-body-limit-1mb',
    target: 'graphql.limits.body',
    bug: 'the body limit is the framework default (1 MB), not 64 KB',
    request(req) {
      if (isGraphql(req) && req.body.length > 64 * 1024 && req.body.length < 1024 * 1024 && isRecord(req.json) && typeof req.json.query === 'string') req.json.query = req.json.query.replace(/#.*$/gm, '');
    },
  },
  {
    id: 'access-token-revocation-not-implemented',
    target: 'graphql.oauth.revoked-token',
    bug: 'access tokens are stateless JWTs: revoking one answers 200 and changes nothing',
    request: (req) => (route(req) === 'POST /api/oauth/revoke' && params(req).get('token_type_hint') === 'access_token' && params(req).get('client_secret') ? answer(200, {}) : undefined),
  },
  {
    id: 'cors-reflects-origin',
    target: 'graphql.cors.refused',
    bug: 'a CORS middleware on /api reflects any Origin (origin: true)',
    response: corsAllowing((origin) => origin),
  },
  {
    id: 'cors-allows-any-origin',
    target: 'graphql.cors.refused',
    bug: 'a CORS middleware on /api answers Access-Control-Allow-Origin: *',
    response: corsAllowing(() => '*'),
  },
];
