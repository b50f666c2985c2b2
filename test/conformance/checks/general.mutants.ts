import { answer, route, type Mutant } from '../mutants/mutant.js';

export const generalMutants: Mutant[] = [
  {
    id: 'health-is-an-api-document',
    target: 'general.health',
    bug: 'GET /api answers a JSON index of the endpoints instead of a short health string',
    request: (req) => (route(req) === 'GET /api' ? answer(200, { status: 'ok', endpoints: ['/api/v1', '/api/automation', '/api/oauth'] }) : undefined),
  },
];
