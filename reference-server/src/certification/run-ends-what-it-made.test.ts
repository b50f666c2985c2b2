import { describe, expect, it } from 'vitest';
import { authorizePath, bulkSubmissions, finishCertification, graphql, settle, signInAndConsent, startCertification, tokenRequest, WebhookReceiver, type TestServer, type TokenBody } from 'reference-server/testing';
import { serverAndReceiverForFile } from '../../testing/server-and-receiver.js';

/**
 * Everything a run's credentials made ends with the run (issue 36): the webhook subscriptions its
 * automation and developer keys made (and are then never delivered to), a CRM target its
 * developer key set, its OAuth client's refresh and access tokens, the keys themselves. The
 * organisation's own subscription, made with its own key, stays and is delivered to.
 */
let server: TestServer;
let receiver: WebhookReceiver;
serverAndReceiverForFile((started) => ({ server, receiver } = started));
const REDIRECT = 'http://127.0.0.1:9/callback';

const api = (path: string, key: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': key, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });

async function subscribe(path: string, key: string, hook: string): Promise<string> {
  const answer = await api(path, key, { method: 'POST', body: { url: receiver.urlOf(hook) } });
  expect(answer.status, `${path} ${hook}`).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

describe('a run that ends', () => {
  it('takes with it the subscriptions and CRM target its keys made, its OAuth tokens and its keys; the organisation’s own stay', async () => {
    // api.paginates alone: no fault of the API scenario meets the requests below.
    const started = await startCertification(server, { checks: ['api.paginates', 'oauth'], redirectUris: [REDIRECT] });
    const { automation_key: automationKey, developer_key: developerKey, oauth_client: oauthClient } = started.credentials as Required<typeof started.credentials>;
    const ownAutomation = await subscribe('/api/automation/webhooks', server.demo.automationKey, '/org');
    const runAutomation = await subscribe('/api/automation/webhooks', automationKey, '/run-automation');
    const runAssessment = await subscribe('/api/v1/webhooks', developerKey, '/run-assessment');
    expect((await api('/api/v1/crm-sync', developerKey, { method: 'PUT', body: { url: receiver.urlOf('/run-crm') } })).status).toBe(200);

    const client = { client_id: oauthClient.client_id, client_secret: oauthClient.client_secret };
    const back = await signInAndConsent(server, authorizePath(server, { clientId: client.client_id, redirectUri: REDIRECT, state: 's' }));
    const pair = await tokenRequest(server, { grant_type: 'authorization_code', code: back.searchParams.get('code') as string, redirect_uri: REDIRECT, ...client });
    expect(pair.status).toBe(200);
    const tokens = (await pair.json()) as TokenBody;
    expect((await graphql(server, tokens.access_token, 'query getUserDataQuery { me { email } }')).status).toBe(200);

    await finishCertification(server, started.run.id);

    // The subscriptions the run's keys made are gone from both surfaces; the organisation's stays active.
    const automationList = (await (await api('/api/automation/webhooks', server.demo.automationKey)).json()) as { data: { id: string; status: string }[] };
    expect(automationList.data.map((s) => [s.id, s.status])).toEqual([[ownAutomation, 'active']]);
    expect(runAutomation).not.toBe(ownAutomation);
    expect((await api(`/api/v1/webhooks/${runAssessment}`, server.demo.developerKey)).status).toBe(404);
    expect(await (await api('/api/v1/crm-sync', server.demo.developerKey)).json()).toEqual({ success: true, crmSync: null });

    // An event after the end reaches the organisation's receiver only.
    await bulkSubmissions(server, { count: 1, prefix: 'after-run-', company: 'After Run' });
    await receiver.next((d) => d.path === '/org');
    await settle(server);
    expect(receiver.deliveries.map((d) => d.path).filter((path) => path !== '/org')).toEqual([]);

    // The OAuth client's tokens and the keys no longer work.
    expect((await tokenRequest(server, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, ...client })).status).toBe(401);
    expect((await graphql(server, tokens.access_token, 'query getUserDataQuery { me { email } }')).status).toBe(401);
    expect((await api('/api/automation/me', automationKey)).status).toBe(401);
    expect((await api('/api/v1/assessment/questions', developerKey)).status).toBe(401);
    expect((await api('/api/automation/me', server.demo.automationKey)).status).toBe(200);
  });
});
