import type { AppContext } from '../context.js';
import { type Credential, type CredentialKind } from './records.js';
export type PublicCredential = Omit<Credential, 'id'>;
export interface IssuedCredential {
    /** Shown once: only its keyed hash is stored. */
    secret: string;
    credential: PublicCredential;
}
/**
 * Issues a credential. An organisation has one developer key (the spec): issuing another revokes
 * the previous one in the same write, so there is never a moment with two or none. A
 * certification run's keys (`runId`) stand beside the organisation's and end with the run.
 */
export declare function issueCredential(ctx: AppContext, input: {
    kind: CredentialKind;
    orgId: string;
    label?: string;
    userId?: string;
    allowedOperations?: string[];
    runId?: string;
}): Promise<IssuedCredential>;
export declare function listCredentials(ctx: Pick<AppContext, 'store'>, orgId?: string): PublicCredential[];
export declare function revokeCredential(ctx: AppContext, keyId: string): Promise<PublicCredential>;
/**
 * The live credential of `kind` whose secret this is, or undefined. A secret of another kind is
 * refused by its prefix before any lookup; the stored hash is compared in constant time.
 */
export declare function resolveCredential(ctx: Pick<AppContext, 'store' | 'keyring'>, kind: CredentialKind, secret: string): Credential | undefined;
