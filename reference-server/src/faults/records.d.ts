import { z } from 'zod';
import type { StoredRecord } from '../store/store.js';
/** Faults live in the GLOBAL scope, so "is any fault set?" is one count on the hot path. */
export declare const FAULTS = "faults";
export declare const FAULT_SURFACES: readonly ["automation", "assessment", "graphql"];
export type FaultSurface = (typeof FAULT_SURFACES)[number];
export declare const FAULT_KINDS: readonly ["429", "500", "503", "latency", "disconnect"];
export type FaultKind = (typeof FAULT_KINDS)[number];
/**
 * A fault an organisation's admin sets on one of its own surfaces, to prove a connector's retry
 * and error handling against the real server: for the next `count` requests, or for `minutes`.
 */
export declare const faultInputSchema: z.ZodObject<{
    surface: z.ZodEnum<{
        automation: "automation";
        assessment: "assessment";
        graphql: "graphql";
    }>;
    kind: z.ZodEnum<{
        429: "429";
        500: "500";
        503: "503";
        latency: "latency";
        disconnect: "disconnect";
    }>;
    count: z.ZodOptional<z.ZodInt>;
    minutes: z.ZodOptional<z.ZodInt>;
    retry_after_seconds: z.ZodDefault<z.ZodInt>;
    latency_ms: z.ZodDefault<z.ZodInt>;
}, z.core.$strict>;
export type FaultInput = z.input<typeof faultInputSchema>;
export interface FaultRecord extends StoredRecord {
    /** `flt_…` */
    id: string;
    orgId: string;
    surface: FaultSurface;
    kind: FaultKind;
    /** Requests still to fault; absent for a timed fault. */
    remaining?: number;
    /** When a timed fault ends. */
    until?: string;
    retryAfterSeconds: number;
    latencyMs: number;
    createdAt: string;
}
export declare const faultView: (f: FaultRecord) => {
    retry_after_seconds: number;
    latency_ms: number;
    created_at: string;
    until?: string | undefined;
    remaining?: number | undefined;
    id: string;
    surface: "automation" | "assessment" | "graphql";
    kind: "429" | "500" | "503" | "latency" | "disconnect";
};
export type FaultView = ReturnType<typeof faultView>;
