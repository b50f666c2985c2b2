import type { RequestHandler } from 'express';
import type { AppContext } from '../context.js';
import type { Principal } from './principal.js';
/**
 * One guard per surface. Each accepts only its own kind of credential and answers a refusal with
 * its own surface's error body, so a key that works on one surface is a plain 401 on the others.
 */
/** Who an `x-api-key` header of `kind` names, if anyone (the fault injection asks too). */
export declare function apiKeyPrincipal(ctx: AppContext, kind: 'developer_key' | 'automation_key', presented: unknown): Principal | undefined;
/** The token of an `Authorization: Bearer` header, if it is one. */
export declare const bearerToken: (header: unknown) => string | undefined;
/** Who a Bearer token names: a partner credential, else an OAuth access token (the fault injection asks too). */
export declare function bearerPrincipal(ctx: AppContext, verifyAccessToken: AccessTokenVerifier, token: string): Promise<Principal | undefined>;
/** `/api/v1`: the organisation's developer key in `x-api-key`. */
export declare const developerKeyGuard: (ctx: AppContext) => RequestHandler;
/** `/api/automation`: an automation key in `x-api-key`. */
export declare const automationKeyGuard: (ctx: AppContext) => RequestHandler;
export type AccessTokenVerifier = (token: string) => Promise<Principal | undefined>;
/**
 * `POST /api`: `Authorization: Bearer` with a partner credential or an OAuth access token.
 * RFC 6750 §3.1: a request without credentials gets a bare challenge; a rejected token gets
 * `error="invalid_token"`.
 */
export declare function bearerGuard(ctx: AppContext, verifyAccessToken: AccessTokenVerifier): RequestHandler;
