import { ensure, ensureRestError, ensureStatus, jsonObject } from '../assert.js';
import type { CredentialName } from '../credentials.js';
import type { Reply } from '../http.js';
import type { Check, CheckContext } from '../runner.js';
import { nearMisses } from './near-misses.js';

/** One cheap authenticated read per surface, called with a given credential. */
const probes = {
  assessment: (t: CheckContext, key: string) => t.http.get('/api/v1/assessment/questions', { headers: { 'x-api-key': key } }),
  automation: (t: CheckContext, key: string) => t.http.get('/api/automation/me', { headers: { 'x-api-key': key } }),
  graphql: (t: CheckContext, token: string) =>
    t.http.post('/api', { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, json: { query: '{ __typename }' } }),
} satisfies Record<string, (t: CheckContext, credential: string) => Promise<Reply>>;

type Surface = keyof typeof probes;

const OWN: Record<Surface, CredentialName> = { assessment: 'developerKey', automation: 'automationKey', graphql: 'partnerCredential' };
const LABEL: Record<CredentialName, string> = {
  developerKey: 'developer key',
  automationKey: 'automation key',
  partnerCredential: 'partner credential',
  oauthClientId: 'OAuth client id',
  oauthClientSecret: 'OAuth client secret',
  oauthRedirectUri: 'redirect URI',
  userEmail: 'user email',
  userPassword: 'user password',
  organizationId: 'organisation id',
};

function refusal(surface: Surface, reply: Reply): void {
  if (surface === 'graphql') {
    // GraphQL (spec, Errors): 401 with `{error: Unauthorized}` or an invalid-token message.
    ensureStatus(reply, 401);
    const body = jsonObject(reply);
    ensure(typeof body.error === 'string' || typeof body.message === 'string', 'the 401 body has neither error nor message');
    return;
  }
  // Assessment 401: error = Unauthorized (spec, Errors); the automation API's body is not shown,
  // the reference server uses the same REST error body (docs/automation.md).
  ensureRestError(reply, 401, 'Unauthorized');
}

/** Every other surface's credential, presented to each surface, is a plain 401. */
const crossChecks: Check[] = (Object.keys(probes) as Surface[]).flatMap((surface) =>
  (Object.entries(OWN) as [Surface, CredentialName][])
    .filter(([other]) => other !== surface)
    .map(([, credential]) => ({
      id: `separation.${surface}.refuses-${credential}`,
      clause: surface === 'assessment' && credential === 'automationKey' ? 'General rules 2' : 'What the service does (credentials are not shared)',
      title: `the ${surface} surface refuses a ${LABEL[credential]} with 401`,
      needs: [credential],
      async run(t: CheckContext) {
        refusal(surface, await probes[surface](t, t.cred(credential)));
      },
    })),
);

const unauthorizedClause = (surface: Surface) => (surface === 'graphql' ? 'Errors · GraphQL 401' : `Errors · ${surface === 'assessment' ? 'Assessment' : 'Automation'} API 401`);

const ownChecks: Check[] = (Object.keys(probes) as Surface[]).flatMap((surface) => [
  {
    id: `separation.${surface}.accepts-own`,
    clause: 'What the service does (one credential per surface)',
    title: `the ${surface} surface accepts its own ${LABEL[OWN[surface]]}`,
    needs: [OWN[surface]],
    async run(t: CheckContext) {
      const reply = await probes[surface](t, t.cred(OWN[surface]));
      ensureStatus(reply, 200);
    },
  },
  {
    id: `separation.${surface}.missing-credential`,
    clause: unauthorizedClause(surface),
    title: `the ${surface} surface answers 401 without a credential`,
    async run(t: CheckContext) {
      const reply =
        surface === 'graphql'
          ? await t.http.post('/api', { headers: { accept: 'application/json' }, json: { query: '{ __typename }' } })
          : await t.http.get(surface === 'assessment' ? '/api/v1/assessment/questions' : '/api/automation/me');
      refusal(surface, reply);
    },
  },
  {
    id: `separation.${surface}.invalid-credential`,
    clause: unauthorizedClause(surface),
    title: `the ${surface} surface answers 401 to a made-up credential`,
    async run(t: CheckContext) {
      refusal(surface, await probes[surface](t, t.unique('not-a-real-credential-')));
    },
  },
  {
    id: `separation.${surface}.near-miss-credential`,
    clause: unauthorizedClause(surface),
    title: `the ${surface} surface answers 401 to its own ${LABEL[OWN[surface]]} with the last character changed, one short, one extra or upper-cased`,
    needs: [OWN[surface]],
    async run(t: CheckContext) {
      for (const [how, near] of Object.entries(nearMisses(t.cred(OWN[surface])))) {
        t.secret(near, `${LABEL[OWN[surface]]} (${how})`);
        const reply = await probes[surface](t, near);
        ensure(reply.status === 401, `the ${LABEL[OWN[surface]]} ${how} was answered ${reply.status}: a key must match exactly, not by prefix or case (${unauthorizedClause(surface)})`);
        refusal(surface, reply);
      }
    },
  },
]);

export const separationChecks: Check[] = [...ownChecks, ...crossChecks];
