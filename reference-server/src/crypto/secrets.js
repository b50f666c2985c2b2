import { randomBytes } from 'node:crypto';
/**
 * Every secret the service issues: 256 random bits behind a prefix that names its kind, so a
 * leaked value is recognisable (secret scanners, logs) and a credential pasted into the wrong
 * surface is refused before any lookup.
 */
export const SECRET_PREFIXES = {
    developer_key: 'pis_dev_',
    automation_key: 'pis_auto_',
    partner_credential: 'pis_partner_',
    client_secret: 'pis_cs_',
    refresh_token: 'pis_rt_',
    authorization_code: 'pis_code_',
    session: 'pis_sess_',
    invite_token: 'pis_inv_',
};
export function generateSecret(kind) {
    return SECRET_PREFIXES[kind] + randomBytes(32).toString('base64url');
}
export function secretKindOf(value) {
    return Object.keys(SECRET_PREFIXES).find((kind) => value.startsWith(SECRET_PREFIXES[kind]));
}
/** Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret() {
    return `whsec_${randomBytes(32).toString('base64')}`;
}
//# sourceMappingURL=secrets.js.map