import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { RunRecord } from './records.js';
/** True when `refreshToken` had been rotated, and its grace window was over, before `at` (oauth/ answers). */
export type StaleRefreshToken = (refreshToken: string, at: number) => boolean;
interface TokenRequest {
    at: number;
    grantType: string;
    origin: string | undefined;
    refreshToken: string | undefined;
    status: number;
}
/** `GET /api/oauth/authorize` of the run's client. */
export declare function observeAuthorize(run: RunRecord, at: number, query: Record<string, string | undefined>): void;
/** `POST /api/oauth/token` of the run's client, once answered. */
export declare function observeToken(run: RunRecord, request: TokenRequest, stale: boolean): void;
/** `POST /api/oauth/revoke` of the run's client, once answered. */
export declare function observeRevoke(run: RunRecord, at: number, status: number): void;
/**
 * The OAuth side of a certification run: the run's client's authorization, token and revocation
 * requests are graded as they come (oauth/ itself is unchanged; this only watches).
 */
export declare function certificationOAuthWatch(ctx: AppContext, staleRefreshToken: StaleRefreshToken): RequestHandler;
export {};
