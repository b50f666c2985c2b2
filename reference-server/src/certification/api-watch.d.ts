import type { RequestHandler } from 'express';
import { type AccessTokenVerifier } from '../auth/guards.js';
import type { AppContext } from '../context.js';
/**
 * The API side of a certification run: each request of a running run's credentials (its
 * automation and developer keys, its OAuth client's tokens) is shown to the run's scenario
 * (api-scenario.ts) before the surface sees it, and the scenario's fault, dropped answer or small
 * page is applied here. Requests of no run pass after one count.
 */
export declare function certificationApiWatch(ctx: AppContext, verifyAccessToken: AccessTokenVerifier): RequestHandler;
