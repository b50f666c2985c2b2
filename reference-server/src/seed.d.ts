import type { AppContext } from './context.js';
/** What `seed --demo --json` prints: every credential of the demo organisation, shown once. */
export interface DemoCredentials {
    organizationId: string;
    organizationName: string;
    user: {
        email: string;
        password: string;
    };
    developerKey: string;
    automationKey: string;
    partnerCredential: string;
    oauthClient: {
        clientId: string;
        clientSecret: string;
        redirectUri: string;
        redirectUris: string[];
    };
}
export declare const DEMO_ORG_NAME = "Northwind Ventures";
export declare const DEMO_USER_EMAIL = "demo@northwind.example";
/** n8n's OAuth callback on a local n8n first: the connector a developer is most likely to try. */
export declare const DEMO_REDIRECT_URIS: string[];
export declare function seedDemo(ctx: AppContext): Promise<DemoCredentials>;
