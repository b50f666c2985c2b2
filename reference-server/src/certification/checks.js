/**
 * The checks of an integration certification: stable ids (a partner's baseline file and CI
 * name them), their level and the clause each one rests on. docs/certification.md explains each
 * one; a test holds the two to the same list.
 */
export const CHECK_GROUPS = ['webhook', 'api', 'oauth'];
const check = (id, level, clause, title) => ({
    id,
    group: id.slice(0, id.indexOf('.')),
    level,
    clause,
    title,
});
export const CHECKS = [
    check('webhook.accepts-valid', 'MUST', 'Standard Webhooks 1.0 §Verifying; spec §Webhooks', 'A correctly signed delivery gets a 2xx within the delivery timeout (10 s).'),
    check('webhook.rejects-forged', 'MUST', 'Standard Webhooks 1.0 §Verifying webhook authenticity', 'A delivery signed with another secret is not acknowledged (no 2xx).'),
    check('webhook.rejects-tampered', 'MUST', 'Standard Webhooks 1.0 §Signature scheme (the signed content is the raw body)', 'A delivery whose body changed by one byte after signing is not acknowledged.'),
    check('webhook.rejects-missing-signature', 'MUST', 'Standard Webhooks 1.0 §Verifying webhook authenticity', 'A delivery without a webhook-signature header is not acknowledged.'),
    check('webhook.rejects-stale', 'MUST', 'Standard Webhooks 1.0 §Replay attacks (timestamp tolerance)', 'A correctly signed delivery whose timestamp is 10 minutes old is not acknowledged.'),
    check('webhook.rejects-future', 'SHOULD', 'Standard Webhooks 1.0 §Replay attacks (timestamp tolerance)', 'A correctly signed delivery whose timestamp is 10 minutes ahead is not acknowledged.'),
    check('webhook.accepts-rotated-secret', 'SHOULD', 'Standard Webhooks 1.0 §Signature scheme (several space-separated signatures)', 'A delivery carrying two signatures, one of them valid (a secret rotation), is acknowledged.'),
    check('webhook.idempotent', 'SHOULD', 'Standard Webhooks 1.0 §Idempotency (webhook-id)', 'The same webhook-id delivered twice is acknowledged both times, and the API is called about it at most once.'),
    check('webhook.fast-ack', 'SHOULD', 'Standard Webhooks 1.0 §Responding (acknowledge quickly, work later)', 'A valid delivery is answered within 5 seconds.'),
    check('api.honours-retry-after', 'MUST', 'RFC 6585 §4; RFC 9110 §10.2.3', 'After a 429 with Retry-After: N, the next request comes no sooner than N seconds later.'),
    check('api.retries-transient', 'SHOULD', 'RFC 9110 §15.6.4 (503 is temporary)', 'A request answered 503 is sent again.'),
    check('api.bounded-retries', 'MUST', 'spec §Rate limits; RFC 9110 §15.6.4', 'Under a persistent 503 the client backs off: at most 10 requests during the fault window (60 s).'),
    check('api.idempotent-create', 'MUST', 'spec §Automation API (record_id makes a create repeatable)', 'A create sent again after its answer was lost carries the same record_id, so one submission exists.'),
    check('api.paginates', 'SHOULD', 'spec §Pagination (next_cursor)', 'A list is followed through next_cursor to its last page.'),
    check('oauth.exact-redirect', 'MUST', 'RFC 6749 §3.1.2; RFC 9700 §4.1.3', 'Every authorization request names a registered redirect URI exactly.'),
    check('oauth.state-and-pkce', 'SHOULD', 'RFC 6749 §10.12; RFC 7636; RFC 9700 §2.1.1', 'Authorization requests carry state and an S256 PKCE challenge.'),
    check('oauth.refreshes-on-expiry', 'MUST', 'RFC 6749 §6; spec §OAuth (refresh tokens)', 'Once an access token expires, the client uses its refresh token instead of sending the user to sign in again.'),
    check('oauth.uses-rotated-refresh-token', 'MUST', 'RFC 9700 §4.14.2; RFC 6819 §5.2.2.3', 'After a rotation the client presents only the newest refresh token (outside the grace window).'),
    check('oauth.server-side-exchange', 'MUST', 'RFC 6749 §2.1, §3.2.1 (confidential clients); RFC 9700 §2.5', 'Token requests come from a server: they carry no browser Origin header.'),
    check('oauth.revokes-on-disconnect', 'SHOULD', 'RFC 7009 §2', 'When the user disconnects, the client revokes its tokens.'),
];
export const CHECK_IDS = CHECKS.map((c) => c.id);
export function checkInfo(id) {
    return CHECKS.find((c) => c.id === id);
}
export const isCheckId = (value) => CHECK_IDS.includes(value);
/** `webhook,api.paginates` → the check ids named, whole groups expanded; unknown names are an error. */
export function selectChecks(names) {
    if (!names || names.length === 0)
        return [...CHECK_IDS];
    const selected = new Set();
    for (const name of names) {
        const group = CHECKS.filter((c) => c.group === name);
        if (group.length)
            group.forEach((c) => selected.add(c.id));
        else if (isCheckId(name))
            selected.add(name);
        else
            throw new Error(`unknown check or group ${JSON.stringify(name)}: choose among ${CHECK_GROUPS.join(', ')} or a check id (${CHECK_IDS.join(', ')})`);
    }
    return CHECK_IDS.filter((id) => selected.has(id));
}
//# sourceMappingURL=checks.js.map