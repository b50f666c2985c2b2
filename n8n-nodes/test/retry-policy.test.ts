import { describe, expect, it } from 'vitest';

import { retryAfterMs, retryDelayMs, type RetryInput } from '../nodes/EvaluationPlatform/transport/retry';

const base: RetryInput = { attempt: 0, maxRetries: 3, status: undefined, idempotent: false, network: undefined, headers: undefined };

describe('retry policy', () => {
	it('resends anything the server turned away unprocessed', () => {
		expect(retryDelayMs({ ...base, status: 429 })).toBeGreaterThan(0);
		expect(retryDelayMs({ ...base, network: 'refused' })).toBeGreaterThan(0);
	});

	it('never resends a create after a 5xx or a timeout, but does resend a read', () => {
		for (const failure of [{ status: 500 }, { status: 503 }, { network: 'interrupted' as const }]) {
			expect(retryDelayMs({ ...base, ...failure })).toBeUndefined();
			expect(retryDelayMs({ ...base, ...failure, idempotent: true })).toBeGreaterThan(0);
		}
	});

	it('does not resend client errors or 501', () => {
		for (const status of [400, 401, 403, 404, 409, 413, 501]) {
			expect(retryDelayMs({ ...base, status, idempotent: true })).toBeUndefined();
		}
	});

	it('stops after maxRetries', () => {
		expect(retryDelayMs({ ...base, status: 429, attempt: 3 })).toBeUndefined();
		expect(retryDelayMs({ ...base, status: 429, attempt: 2 })).toBeDefined();
	});

	it('stops resending after a 5xx or a timeout once maxTransientRetries are spent, but not after a 429', () => {
		const spent = { ...base, idempotent: true, attempt: 1, transientAttempt: 1, maxTransientRetries: 1 };
		expect(retryDelayMs({ ...spent, status: 503 })).toBeUndefined();
		expect(retryDelayMs({ ...spent, network: 'interrupted' })).toBeUndefined();
		expect(retryDelayMs({ ...spent, status: 429 })).toBeDefined();
		expect(retryDelayMs({ ...spent, transientAttempt: 0, status: 503 })).toBeDefined();
	});

	it('prefers Retry-After, capped at a minute', () => {
		expect(retryDelayMs({ ...base, status: 429, headers: { 'retry-after': '7' } })).toBe(7000);
		expect(retryDelayMs({ ...base, status: 429, headers: { 'retry-after': '3600' } })).toBe(60_000);
	});

	it('reads Retry-After as seconds or an HTTP date, ignoring garbage', () => {
		const now = Date.UTC(2026, 0, 1, 12);
		expect(retryAfterMs({ 'retry-after': '0' }, now)).toBe(0);
		expect(retryAfterMs({ 'retry-after': new Date(now + 4000).toUTCString() }, now)).toBe(4000);
		expect(retryAfterMs({ 'retry-after': new Date(now - 4000).toUTCString() }, now)).toBe(0);
		expect(retryAfterMs({ 'retry-after': 'soon' }, now)).toBeUndefined();
		expect(retryAfterMs(undefined, now)).toBeUndefined();
	});
});
