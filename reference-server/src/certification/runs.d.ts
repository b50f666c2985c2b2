import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type Page } from '../store/store.js';
import { type CheckId } from './checks.js';
import { type RunRecord } from './records.js';
export declare const DEFAULT_TIMEOUT_S: number;
export declare const DEFAULT_FAULT_WINDOW_S = 60;
export declare const DEFAULT_ACCESS_TOKEN_TTL_S = 60;
export declare const startRunSchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    webhookUrl: z.ZodOptional<z.ZodURL>;
    subscriptionId: z.ZodOptional<z.ZodString>;
    checks: z.ZodOptional<z.ZodArray<z.ZodString>>;
    redirectUris: z.ZodOptional<z.ZodArray<z.ZodString>>;
    timeoutSeconds: z.ZodDefault<z.ZodInt>;
    faultWindowSeconds: z.ZodDefault<z.ZodInt>;
    accessTokenTtlSeconds: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export type StartRunInput = z.input<typeof startRunSchema>;
export declare class RunInputError extends Error {
    name: string;
}
/** What a run hands its integration once: the secrets are in no record. */
export interface StartedRun {
    run: RunRecord;
    credentials: {
        base_url: string;
        automation_key?: string;
        developer_key?: string;
        oauth_client?: {
            client_id: string;
            client_secret: string;
            redirect_uris: string[];
            access_token_lifetime_seconds: number;
        };
        /** `secret` is absent for a borrowed subscription: the integration made it and holds its secret. */
        webhook?: {
            subscription_id: string;
            url: string;
            secret?: string;
        };
    };
    url: string;
}
export declare const publicBase: (ctx: Pick<AppContext, "config">) => string;
export declare const runUrl: (ctx: Pick<AppContext, "config">, runId: string) => string;
/**
 * Starts a certification run for one integration of the organisation: makes the credentials it
 * will use (each marked with the run, ended with it), the webhook subscription the receiver
 * probes go to, and the run with its driver job, in that order; anything made before a failure
 * is ended again.
 */
export declare function startRun(ctx: AppContext, orgId: string, raw: StartRunInput, options: {
    startedBy: string;
    partnerOperations: string[];
}): Promise<StartedRun>;
/** A run as it starts: every selected check pending, every scenario at its first step. */
export declare function newRunRecord(input: Pick<RunRecord, 'id' | 'orgId' | 'startedBy' | 'integration' | 'credentials' | 'options'> & {
    now: number;
    timeoutMs: number;
    checks: CheckId[];
}): RunRecord;
/**
 * Ends a run: its credentials stop working first, then the run is closed (pending checks become
 * `not_run`) in one write with its job and watch entries. Finishing twice changes nothing.
 */
export declare function finishRun(ctx: AppContext, orgId: string, runId: string, why: string): Promise<RunRecord | undefined>;
/** The organisation's runs, newest first. */
export declare function listRuns(ctx: Pick<AppContext, 'store'>, orgId: string, query?: {
    limit?: number;
    after?: string;
}): Page<RunRecord>;
/** A run by id in whichever organisation holds it (the operator's commands name only the id). */
export declare function findRun(ctx: Pick<AppContext, 'store'>, runId: string): RunRecord | undefined;
