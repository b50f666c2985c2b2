import { z } from 'zod';
import type { StoredRecord } from '../store/index.js';

/** Faults live in the GLOBAL scope, so "is any fault set?" is one count on the hot path. */
export const FAULTS = 'faults';

export const FAULT_SURFACES = ['automation', 'assessment', 'graphql'] as const;
export type FaultSurface = (typeof FAULT_SURFACES)[number];

export const FAULT_KINDS = ['429', '500', '503', 'latency', 'disconnect'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * A fault an organisation's admin sets on one of its own surfaces, to prove a connector's retry
 * and error handling against the real server: for the next `count` requests, or for `minutes`.
 */
export const faultInputSchema = z
  .object({
    surface: z.enum(FAULT_SURFACES),
    kind: z.enum(FAULT_KINDS),
    count: z.int().min(1).max(1000).optional(),
    minutes: z.int().min(1).max(1440).optional(),
    retry_after_seconds: z.int().min(0).max(3600).default(1),
    latency_ms: z.int().min(1).max(30_000).default(2000),
  })
  .strict()
  .refine((f) => f.count === undefined || f.minutes === undefined, { message: 'give either count or minutes, not both', path: ['minutes'] });
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

export const faultView = (f: FaultRecord) => ({
  id: f.id,
  surface: f.surface,
  kind: f.kind,
  ...(f.remaining !== undefined ? { remaining: f.remaining } : {}),
  ...(f.until !== undefined ? { until: f.until } : {}),
  retry_after_seconds: f.retryAfterSeconds,
  latency_ms: f.latencyMs,
  created_at: f.createdAt,
});
export type FaultView = ReturnType<typeof faultView>;
