import type { CheckId } from './checks.js';
import type { RunRecord } from './run-records.js';
import { PROBES, REPEAT_WATCH_MS } from './webhook-probes.js';

const iso = (at: number) => new Date(at).toISOString();

function webhookWait(run: RunRecord, id: CheckId): string {
  const next = PROBES[run.webhook.next];
  if (run.webhook.next === 0) return `waiting for the receiver at ${run.integration.webhookUrl ?? 'its URL'} to acknowledge a correctly signed delivery (${run.webhook.unreachable} tries so far)`;
  if (id === 'webhook.idempotent' && run.webhook.repeated?.secondAckAt) return `watching the API for calls about ${run.webhook.repeated.subjectId} until ${iso(Date.parse(run.webhook.repeated.secondAckAt) + REPEAT_WATCH_MS)}`;
  return next ? `waiting for the receiver's answer to the probes (next: ${next.name})` : "waiting for the receiver's answer";
}

function apiWait(run: RunRecord, id: CheckId): string {
  const api = run.api;
  const by = (client: { label: string } | undefined) => client?.label ?? 'the client';
  switch (id) {
    case 'api.honours-retry-after':
      return api.retryAfter.phase === 'sent'
        ? `waiting for the next request of ${by(api.retryAfter.client)}, answered 429 at ${iso(api.retryAfter.sentAt as number)}`
        : 'waiting for a request with the run’s credentials (it will be answered 429 with Retry-After)';
    case 'api.retries-transient':
      if (api.transient.phase === 'sent') return `waiting for ${by(api.transient.client)} to send ${api.transient.method} ${api.transient.path} again after its 503`;
      return api.transient.phase === 'armed' ? 'waiting for a request (it will be answered 503 with Retry-After)' : 'waiting for api.honours-retry-after to be decided first';
    case 'api.bounded-retries':
      if (api.bounded.phase === 'faulting') return `the fault window of ${by(api.bounded.client)} runs until ${iso((api.bounded.startedAt as number) + run.options.faultWindowMs)} (${api.bounded.attempts} request(s) so far)`;
      return api.bounded.phase === 'armed' ? 'waiting for a request (it will start the fault window of 503s)' : 'waiting for the traps before it to be decided first';
    case 'api.idempotent-create':
      return api.create.phase === 'dropped'
        ? `waiting for ${by(api.create.client)} to send the create again (its answer was cut; record_id ${api.create.recordId ?? '(none)'})`
        : 'waiting for a create (POST /api/automation/submissions)';
    case 'api.paginates':
      return api.pages.expect ? `waiting for a request with cursor=${api.pages.expect}` : 'waiting for a list request (GET /api/automation/submissions, /profiles or /webhooks)';
    default:
      return 'waiting';
  }
}

function oauthWait(run: RunRecord, id: CheckId): string {
  const oauth = run.oauth;
  switch (id) {
    case 'oauth.exact-redirect':
    case 'oauth.state-and-pkce':
      return 'waiting for an authorization request (GET /api/oauth/authorize)';
    case 'oauth.server-side-exchange':
      return 'waiting for a token request (POST /api/oauth/token)';
    case 'oauth.refreshes-on-expiry':
      return oauth.accessExpiresAt !== undefined ? `waiting for a refresh (the access token expires at ${iso(oauth.accessExpiresAt)})` : 'waiting for a code exchange, then a refresh once its access token expires';
    case 'oauth.uses-rotated-refresh-token':
      return `waiting for a second refresh with the newest refresh token (${oauth.refreshes} so far)`;
    case 'oauth.revokes-on-disconnect':
      return 'waiting for a revocation (POST /api/oauth/revoke)';
    default:
      return 'waiting';
  }
}

/** What a pending check waits for, in a partner's words (the progress lines of `certify run`, the report). */
export function waitingFor(run: RunRecord, id: CheckId): string {
  if (id.startsWith('webhook.')) return webhookWait(run, id);
  if (id.startsWith('api.')) return apiWait(run, id);
  return oauthWait(run, id);
}
