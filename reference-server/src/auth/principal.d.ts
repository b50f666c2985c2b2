/** Who is calling, as established by the surface's credential guard. */
export interface Principal {
    orgId: string;
    via: 'developer_key' | 'automation_key' | 'partner_credential' | 'oauth_access_token';
    /** keyId of a key or partner credential; jti of an access token. */
    credentialId: string;
    userId?: string;
    clientId?: string;
    scopes?: string[];
    /** GraphQL operations this caller may run (partner credentials and OAuth clients). */
    allowedOperations?: string[];
}
declare global {
    namespace Express {
        interface Request {
            principal?: Principal;
        }
    }
}
/** The principal a guard attached; routes behind a guard call this instead of re-checking. */
export declare function principalOf(req: Express.Request): Principal;
