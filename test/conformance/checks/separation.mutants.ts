import { answer, route, type Mutant, type ProxiedRequest } from '../mutants/mutant.js';

const apiKey = (req: ProxiedRequest) => req.headers['x-api-key'];
const bearer = (req: ProxiedRequest) => /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
const under = (req: ProxiedRequest, prefix: string) => req.url.pathname.startsWith(prefix);

export const separationMutants: Mutant[] = [
  {
    id: 'automation-me-checks-the-wrong-table',
    target: 'separation.automation.accepts-own',
    bug: '/api/automation/me looks the key up among developer keys, so the automation key is refused',
    request: (req, ctx) =>
      route(req) === 'GET /api/automation/me' && apiKey(req) === ctx.demo.automationKey ? answer(401, { error: 'Unauthorized', message: 'Invalid API key.' }) : undefined,
  },
  {
    id: 'assessment-anonymous-falls-back-to-default-key',
    target: 'separation.assessment.missing-credential',
    bug: 'a request to /api/v1 without x-api-key is served with the default organisation key (a development fallback left on)',
    request(req, ctx) {
      if (under(req, '/api/v1/') && !apiKey(req)) req.headers['x-api-key'] = ctx.demo.developerKey;
    },
  },
  {
    id: 'assessment-key-prefix-match',
    target: 'separation.assessment.near-miss-credential',
    bug: 'developer keys are looked up by their first characters (the key id), the secret part is never compared',
    request(req, ctx) {
      const key = apiKey(req);
      if (under(req, '/api/v1/') && key && key !== ctx.demo.developerKey && key.slice(0, 20) === ctx.demo.developerKey.slice(0, 20)) req.headers['x-api-key'] = ctx.demo.developerKey;
    },
  },
  {
    id: 'automation-key-case-insensitive',
    target: 'separation.automation.near-miss-credential',
    bug: 'automation keys are compared case-insensitively (a citext column)',
    request(req, ctx) {
      const key = apiKey(req);
      if (under(req, '/api/automation/') && key && key !== ctx.demo.automationKey && key.toLowerCase() === ctx.demo.automationKey.toLowerCase()) req.headers['x-api-key'] = ctx.demo.automationKey;
    },
  },
  {
    id: 'graphql-partner-credential-prefix-match',
    target: 'separation.graphql.near-miss-credential',
    bug: 'partner credentials are matched with startsWith, so a truncated or extended credential is accepted',
    request(req, ctx) {
      const token = bearer(req);
      const real = ctx.demo.partnerCredential;
      if (route(req) === 'POST /api' && token && token !== real && (token.startsWith(real) || real.startsWith(token)) && token.length >= real.length - 1) req.headers.authorization = `Bearer ${real}`;
    },
  },
  {
    id: 'automation-anonymous-accepted',
    target: 'separation.automation.missing-credential',
    bug: 'the automation guard lets a request without x-api-key through to the demo organisation',
    request(req, ctx) {
      if (under(req, '/api/automation/') && !apiKey(req) && !req.url.pathname.endsWith('openapi.json')) req.headers['x-api-key'] = ctx.demo.automationKey;
    },
  },
  {
    id: 'graphql-missing-bearer-is-anonymous-partner',
    target: 'separation.graphql.missing-credential',
    bug: 'POST /api without Authorization runs as the default partner instead of answering 401',
    request(req, ctx) {
      if (route(req) === 'POST /api' && !req.headers.authorization) req.headers.authorization = `Bearer ${ctx.demo.partnerCredential}`;
    },
  },
  {
    id: 'automation-key-accepted-on-api-v1',
    target: 'separation.assessment.refuses-automationKey',
    bug: 'the /api/v1 guard accepts any key of the organisation, the automation key included',
    request(req, ctx) {
      if (under(req, '/api/v1/') && apiKey(req) === ctx.demo.automationKey) req.headers['x-api-key'] = ctx.demo.developerKey;
    },
  },
  {
    id: 'developer-key-accepted-as-bearer',
    target: 'separation.graphql.refuses-developerKey',
    bug: 'GraphQL accepts an organisation API key as a Bearer token (one key table for every surface)',
    request(req, ctx) {
      const token = bearer(req);
      if (route(req) === 'POST /api' && (token === ctx.demo.developerKey || token === ctx.demo.automationKey)) req.headers.authorization = `Bearer ${ctx.demo.partnerCredential}`;
    },
  },
];
