/**
 * Every secret the service issues: 256 random bits behind a prefix that names its kind, so a
 * leaked value is recognisable (secret scanners, logs) and a credential pasted into the wrong
 * surface is refused before any lookup.
 */
export declare const SECRET_PREFIXES: {
    readonly developer_key: "pis_dev_";
    readonly automation_key: "pis_auto_";
    readonly partner_credential: "pis_partner_";
    readonly client_secret: "pis_cs_";
    readonly refresh_token: "pis_rt_";
    readonly authorization_code: "pis_code_";
    readonly session: "pis_sess_";
    readonly invite_token: "pis_inv_";
};
export type SecretKind = keyof typeof SECRET_PREFIXES;
export declare function generateSecret(kind: SecretKind): string;
export declare function secretKindOf(value: string): SecretKind | undefined;
/** Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes. */
export declare function generateWebhookSecret(): string;
