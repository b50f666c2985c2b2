import type { CheckId } from 'reference-server';

/**
 * The certifier's mutants: small reference integrations (integrations/*.mjs), each broken in one
 * deliberate way named by FLAW, and the check that must catch it. A check with no mutant here
 * fails mutants.test.ts: a check nobody has shown to catch anything proves nothing.
 */
export type Integration = 'receiver' | 'client' | 'oauth-client';

export interface Mutant {
  id: string;
  /** What the integration gets wrong, in a partner's words. */
  bug: string;
  integration: Integration;
  /** The check whose outcome must not be `pass`. */
  catches: CheckId;
  /** The checks the run selects (default: `catches` alone). */
  checks?: string[];
  /** Extra environment of the integration. */
  env?: Record<string, string>;
  /** Extra `certify run` options. */
  options?: string[];
}

export const MUTANTS: readonly Mutant[] = [
  { id: 'rejects-everything', bug: 'answers 401 to every delivery, valid ones too', integration: 'receiver', catches: 'webhook.accepts-valid' },
  { id: 'any-signature', bug: 'accepts any v1 signature without checking it', integration: 'receiver', catches: 'webhook.rejects-forged' },
  { id: 'accepts-everything', bug: 'answers 2xx to everything, a body changed after signing too', integration: 'receiver', catches: 'webhook.rejects-tampered' },
  { id: 'unsigned-passes', bug: 'lets a delivery without a signature header through', integration: 'receiver', catches: 'webhook.rejects-missing-signature' },
  { id: 'no-timestamp-check', bug: 'verifies the signature but not the timestamp (replays pass)', integration: 'receiver', catches: 'webhook.rejects-stale' },
  { id: 'past-only-window', bug: 'rejects old timestamps only, not ones from the future', integration: 'receiver', catches: 'webhook.rejects-future' },
  { id: 'first-signature-only', bug: 'checks only the first of several signatures (breaks secret rotation)', integration: 'receiver', catches: 'webhook.accepts-rotated-secret' },
  {
    id: 'processes-repeats',
    bug: 'processes a repeated webhook-id again (calls the API about it twice)',
    integration: 'receiver',
    catches: 'webhook.idempotent',
    // The API credentials, so the receiver can call the API; the 429 trap is decided by its second call.
    checks: ['webhook.idempotent', 'api.honours-retry-after'],
    env: { LOOK_UP: '1' },
  },
  { id: 'slow-ack', bug: 'does its work before answering (6 s)', integration: 'receiver', catches: 'webhook.fast-ack' },
  { id: 'hasty-429', bug: 'sends a request again at once after a 429', integration: 'client', catches: 'api.honours-retry-after' },
  { id: 'gives-up-on-503', bug: 'never sends a request again after a 503', integration: 'client', catches: 'api.retries-transient' },
  { id: 'tight-loop', bug: 'retries a failing endpoint every 50 ms', integration: 'client', catches: 'api.bounded-retries', options: ['--fault-window', '5s'] },
  { id: 'new-record-id', bug: 'retries a create with a new record_id', integration: 'client', catches: 'api.idempotent-create' },
  { id: 'first-page-only', bug: 'stops after the first page of a list', integration: 'client', catches: 'api.paginates', options: ['--fault-window', '5s'] },
  { id: 'loose-redirect', bug: 'asks for a redirect URI that was not registered', integration: 'oauth-client', catches: 'oauth.exact-redirect' },
  { id: 'no-state-or-pkce', bug: 'authorizes without state or PKCE', integration: 'oauth-client', catches: 'oauth.state-and-pkce' },
  { id: 'signs-in-again', bug: 'sends the user to sign in again when the access token expires', integration: 'oauth-client', catches: 'oauth.refreshes-on-expiry' },
  { id: 'reuses-rotated-token', bug: 'presents a rotated refresh token after the grace window', integration: 'oauth-client', catches: 'oauth.uses-rotated-refresh-token' },
  { id: 'browser-exchange', bug: 'exchanges the code from a browser (Origin sent)', integration: 'oauth-client', catches: 'oauth.server-side-exchange' },
  { id: 'never-revokes', bug: 'disconnects without revoking its tokens', integration: 'oauth-client', catches: 'oauth.revokes-on-disconnect' },
];
