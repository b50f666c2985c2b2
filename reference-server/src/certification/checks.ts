/**
 * The checks of an integration certification: stable ids (a partner's baseline file and CI
 * name them), their level and the clause each one rests on. docs/certification.md explains each
 * one; a test holds the two to the same list.
 */
export const CHECK_GROUPS = ['webhook', 'api', 'oauth'] as const;
export type CheckGroup = (typeof CHECK_GROUPS)[number];

export type CheckLevel = 'MUST' | 'SHOULD';

export interface CheckInfo {
  id: string;
  group: CheckGroup;
  level: CheckLevel;
  clause: string;
  /** What passing means, in one sentence. */
  title: string;
  /** What goes wrong in production when it fails (`code` in backticks; docs/certification.md has the same words). */
  why: string;
  /** What to change in the integration. */
  fix: string;
  /** While it is pending: what the integration has to do for the run to decide it. */
  reach: string;
}

type Advice = Pick<CheckInfo, 'why' | 'fix' | 'reach'>;

const check = (id: string, level: CheckLevel, clause: string, title: string, advice: Advice): CheckInfo => ({
  id,
  group: id.slice(0, id.indexOf('.')) as CheckGroup,
  level,
  clause,
  title,
  ...advice,
});

const AFTER_VALID = 'Sent right after a correctly signed delivery is acknowledged (webhook.accepts-valid).';
const OAUTH_CONNECT = "Connect your integration with the run's OAuth client: send a user to `/api/oauth/authorize` with one of the redirect URIs and sign in.";

export const CHECKS = [
  check('webhook.accepts-valid', 'MUST', 'Standard Webhooks 1.0 §Verifying; spec §Webhooks', 'A correctly signed delivery gets a 2xx within the delivery timeout (10 s).', {
    why: 'A receiver that refuses real deliveries loses events: the platform retries for a while, then gives up.',
    fix: 'Verify over the raw body (not a re-serialised JSON), with the `whsec_` secret as given (the library decodes it), and answer 2xx.',
    reach: "Have your receiver listen at its URL, verifying with this run's signing secret: the run sends it a correctly signed delivery, and tries again each second while nothing listens.",
  }),
  check('webhook.rejects-forged', 'MUST', 'Standard Webhooks 1.0 §Verifying webhook authenticity', 'A delivery signed with another secret is not acknowledged (no 2xx).', {
    why: 'Anyone who knows your URL can post a fake `submission.completed` and make your CRM act on it.',
    fix: "Verify every delivery with the `standardwebhooks` library (`verify(rawBody, headers)`) and answer 401 when it throws. Shopify's app review rejects apps that don't.",
    reach: AFTER_VALID,
  }),
  check('webhook.rejects-tampered', 'MUST', 'Standard Webhooks 1.0 §Signature scheme (the signed content is the raw body)', 'A delivery whose body changed by one byte after signing is not acknowledged.', {
    why: 'A receiver that checks the signature of a re-serialised body, or only that a signature is present, accepts altered data.',
    fix: 'Verify over the exact bytes received, before parsing.',
    reach: AFTER_VALID,
  }),
  check('webhook.rejects-missing-signature', 'MUST', 'Standard Webhooks 1.0 §Verifying webhook authenticity', 'A delivery without a webhook-signature header is not acknowledged.', {
    why: 'A receiver that skips verification when the header is absent is as open as one with none.',
    fix: 'Treat a missing `webhook-signature` as invalid.',
    reach: AFTER_VALID,
  }),
  check('webhook.rejects-stale', 'MUST', 'Standard Webhooks 1.0 §Replay attacks (timestamp tolerance)', 'A correctly signed delivery whose timestamp is 10 minutes old is not acknowledged.', {
    why: 'A captured delivery replayed later is accepted again: replay attacks.',
    fix: 'Check `webhook-timestamp` within a tolerance (the library allows ±5 minutes).',
    reach: AFTER_VALID,
  }),
  check('webhook.rejects-future', 'SHOULD', 'Standard Webhooks 1.0 §Replay attacks (timestamp tolerance)', 'A correctly signed delivery whose timestamp is 10 minutes ahead is not acknowledged.', {
    why: 'A far-future timestamp defeats a window that only looks backwards.',
    fix: 'Check both directions (the library does).',
    reach: AFTER_VALID,
  }),
  check('webhook.accepts-rotated-secret', 'SHOULD', 'Standard Webhooks 1.0 §Signature scheme (several space-separated signatures)', 'A delivery carrying two signatures, one of them valid (a secret rotation), is acknowledged.', {
    why: 'During a secret rotation the platform sends two signatures; a receiver that reads only the first one drops every delivery of the overlap.',
    fix: 'Accept a delivery if any `v1,` signature matches (the library does).',
    reach: AFTER_VALID,
  }),
  check('webhook.idempotent', 'SHOULD', 'Standard Webhooks 1.0 §Idempotency (webhook-id)', 'The same webhook-id delivered twice is acknowledged both times, and the API is called about it at most once.', {
    why: 'Deliveries are at-least-once: a repeat processed twice creates duplicate deals, emails or charges.',
    fix: 'Keep handled `webhook-id`s for a day; acknowledge a repeat with 2xx and skip the work.',
    reach: "After the other probes the run sends one webhook-id twice, then counts for 5 s the API calls the run's credentials make about its subject.",
  }),
  check('webhook.fast-ack', 'SHOULD', 'Standard Webhooks 1.0 §Responding (acknowledge quickly, work later)', 'A valid delivery is answered within 5 seconds.', {
    why: 'A receiver that works before answering times out under load; the platform retries, and the work runs twice.',
    fix: 'Answer 2xx first, queue the work.',
    reach: 'Decided with the first correctly signed delivery: its answer time.',
  }),
  check('api.honours-retry-after', 'MUST', 'RFC 6585 §4; RFC 9110 §10.2.3', 'After a 429 with Retry-After: N, the next request comes no sooner than N seconds later.', {
    why: 'A client that retries a 429 at once burns its budget and keeps being throttled (HubSpot grades apps on their 429 share).',
    fix: 'Wait `Retry-After` seconds (or until its HTTP date) before the next request.',
    reach: "Make an API call with the run's automation or developer key (for example `GET /api/automation/me`): it gets a 429 with `Retry-After: 2`, and the next call is graded.",
  }),
  check('api.retries-transient', 'SHOULD', 'RFC 9110 §15.6.4 (503 is temporary)', 'A request answered 503 is sent again.', {
    why: 'A 503 is temporary: a client that gives up at once fails a whole workflow for a blip.',
    fix: 'Retry 503 (and 429, 502, 504, network errors) with backoff.',
    reach: "After the 429, the next API call of the run's credentials gets a 503: the run waits for it to be sent again.",
  }),
  check('api.bounded-retries', 'MUST', 'spec §Rate limits; RFC 9110 §15.6.4', 'Under a persistent 503 the client backs off: at most 10 requests during the fault window (60 s).', {
    why: 'A tight retry loop against a failing endpoint turns an outage into a flood, and a key into a rate-limited one.',
    fix: "Exponential backoff with a cap, and a maximum number of attempts counted across every layer that retries (n8n's Retry On Fail runs a node again on top of the node's own retries: 3 tries of 4 requests are 12).",
    reach: "Then the run's API calls get 503s for the fault window (60 s): keep the integration calling, and the number of requests is counted.",
  }),
  check('api.idempotent-create', 'MUST', 'spec §Automation API (record_id makes a create repeatable)', 'A create sent again after its answer was lost carries the same record_id, so one submission exists.', {
    why: "When a create's answer is lost, the create may have happened: a retry with a new `record_id` makes a duplicate submission.",
    fix: 'Make the `record_id` once, before the first attempt, and send the same body on every retry: the API answers 200 with the existing submission.',
    reach: "Create a submission with the run's automation key (`POST /api/automation/submissions` with a `record_id`): its answer is lost, and the create your integration sends again is graded.",
  }),
  check('api.paginates', 'SHOULD', 'spec §Pagination (next_cursor)', 'A list is followed through next_cursor to its last page.', {
    why: 'A sync that reads only the first page silently misses records once a customer has more than a page.',
    fix: 'Follow `next_cursor` until it is null.',
    reach: "List with the run's automation key (`GET /api/automation/submissions`, `/profiles` or `/webhooks`, a list of two or more): pages hold one item, and the run waits for your integration to follow `next_cursor` to the last page.",
  }),
  check('oauth.exact-redirect', 'MUST', 'RFC 6749 §3.1.2; RFC 9700 §4.1.3', 'Every authorization request names a registered redirect URI exactly.', {
    why: 'A client that lets the redirect URI vary (or a server that matched by prefix) leaks codes to other pages.',
    fix: 'Send exactly one of the registered URIs, character for character.',
    reach: OAUTH_CONNECT,
  }),
  check('oauth.state-and-pkce', 'SHOULD', 'RFC 6749 §10.12; RFC 7636; RFC 9700 §2.1.1', 'Authorization requests carry state and an S256 PKCE challenge.', {
    why: 'Without `state` a login can be forced onto the user (CSRF); without PKCE a stolen code can be redeemed.',
    fix: 'Send a random `state` and check it on return; send an S256 `code_challenge` and its `code_verifier`.',
    reach: OAUTH_CONNECT,
  }),
  check('oauth.refreshes-on-expiry', 'MUST', 'RFC 6749 §6; spec §OAuth (refresh tokens)', 'Once an access token expires, the client uses its refresh token instead of sending the user to sign in again.', {
    why: 'A connection that asks the user to sign in again every hour is a connection users abandon.',
    fix: 'On 401 (or before `expires_in`), use the refresh token.',
    reach: "Once connected, keep calling the API past the access token's lifetime (60 s): the run waits for a refresh-token request.",
  }),
  check('oauth.uses-rotated-refresh-token', 'MUST', 'RFC 9700 §4.14.2; RFC 6819 §5.2.2.3', 'After a rotation the client presents only the newest refresh token (outside the grace window).', {
    why: 'Refresh tokens rotate: presenting an old one after the grace window is taken as theft and revokes the whole grant (RFC 9700).',
    fix: 'Store the new refresh token from every refresh answer, atomically, before using the new access token.',
    reach: 'Once connected, refresh twice (each refresh answer carries a new refresh token): the run grades which one comes back.',
  }),
  check('oauth.server-side-exchange', 'MUST', 'RFC 6749 §2.1, §3.2.1 (confidential clients); RFC 9700 §2.5', 'Token requests come from a server: they carry no browser Origin header.', {
    why: 'A token request from a browser means the client secret is in the browser.',
    fix: 'Exchange codes and refresh tokens from your server.',
    reach: "Decided on your integration's token requests (`POST /api/oauth/token`), once it connects.",
  }),
  check('oauth.revokes-on-disconnect', 'SHOULD', 'RFC 7009 §2', 'When the user disconnects, the client revokes its tokens.', {
    why: 'Tokens left alive after a user disconnects are tokens someone can still use.',
    fix: 'Call the revocation endpoint with the refresh token when the user disconnects. `not_run` until your integration disconnects during the run.',
    reach: 'Disconnect the integration (revoke its refresh token at `/api/oauth/revoke`).',
  }),
] as const satisfies readonly CheckInfo[];

export type CheckId = (typeof CHECKS)[number]['id'];

export const CHECK_IDS = CHECKS.map((c) => c.id) as CheckId[];

export function checkInfo(id: CheckId): CheckInfo {
  return CHECKS.find((c) => c.id === id) as CheckInfo;
}

export const isCheckId = (value: string): value is CheckId => (CHECK_IDS as string[]).includes(value);

/** `webhook,api.paginates` → the check ids named, whole groups expanded; unknown names are an error. */
export function selectChecks(names: readonly string[] | undefined): CheckId[] {
  if (!names || names.length === 0) return [...CHECK_IDS];
  const selected = new Set<CheckId>();
  for (const name of names) {
    const group = CHECKS.filter((c) => c.group === name);
    if (group.length) group.forEach((c) => selected.add(c.id));
    else if (isCheckId(name)) selected.add(name);
    else throw new Error(`unknown check or group ${JSON.stringify(name)}: choose among ${CHECK_GROUPS.join(', ')} or a check id (${CHECK_IDS.join(', ')})`);
  }
  return CHECK_IDS.filter((id) => selected.has(id));
}
