import type { AppContext } from '../context.js';
import { type OAuthClient } from './records.js';
export type PublicOAuthClient = Omit<OAuthClient, 'secretHash'>;
/** Redirect URIs are matched as exact strings (the spec): so they must be absolute and fragment-free. */
export declare function checkRedirectUri(uri: string): void;
export declare function registerClient(ctx: AppContext, input: {
    name: string;
    redirectUris: string[];
    scopes?: string[];
    allowedOperations: string[];
    runId?: string;
    accessTokenTtlSeconds?: number;
}): Promise<{
    clientId: string;
    clientSecret: string;
    client: PublicOAuthClient;
}>;
/** Ends a client: its tokens stop working (access tokens are checked against their client) and it cannot get new ones. */
export declare function revokeClient(ctx: AppContext, clientId: string): Promise<void>;
export declare function getClient(ctx: Pick<AppContext, 'store'>, clientId: string): OAuthClient | undefined;
export declare function listClients(ctx: Pick<AppContext, 'store'>): PublicOAuthClient[];
/** The client if the id and secret match, otherwise undefined (constant-time on the secret). */
export declare function authenticateClient(ctx: Pick<AppContext, 'store' | 'keyring'>, clientId: string, clientSecret: string): OAuthClient | undefined;
