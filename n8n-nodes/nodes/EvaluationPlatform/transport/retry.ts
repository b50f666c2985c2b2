/**
 * When to send a failed request again, and after how long. Pure, so the policy is tested
 * without a server or a clock.
 */
export interface RetryInput {
	/** 0 for the first attempt. */
	attempt: number;
	maxRetries: number;
	/** Retries already spent on failures the platform may have acted on (5xx, timeouts). */
	transientAttempt?: number;
	/** At most this many of those; `maxRetries` when unset. */
	maxTransientRetries?: number;
	status: number | undefined;
	idempotent: boolean;
	/** A connection that was refused before the request left, or a timeout / reset after. */
	network: 'refused' | 'interrupted' | undefined;
	headers: Record<string, unknown> | undefined;
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 60_000;

/** The wait before the next attempt, or `undefined` when the failure is final. */
export function retryDelayMs(input: RetryInput): number | undefined {
	if (input.attempt >= input.maxRetries) return undefined;
	const { status } = input;
	// The server turned the request away unprocessed: safe to resend whatever it was.
	const notProcessed = status === 429 || input.network === 'refused';
	// The request may have been acted on: only resend what is safe to repeat.
	const maybeProcessed =
		(status !== undefined && status >= 500 && status !== 501) || input.network === 'interrupted';
	if (!notProcessed && !(maybeProcessed && input.idempotent)) return undefined;
	if (!notProcessed && (input.transientAttempt ?? 0) >= (input.maxTransientRetries ?? input.maxRetries)) return undefined;
	const advised = retryAfterMs(input.headers);
	if (advised !== undefined) return Math.min(advised, MAX_DELAY_MS);
	const exponential = BASE_DELAY_MS * 2 ** input.attempt;
	// Full jitter keeps many workflows that failed together from retrying together.
	return Math.min(MAX_DELAY_MS, Math.round(exponential / 2 + Math.random() * (exponential / 2)));
}

/** `Retry-After` (RFC 9110 §10.2.3): delay seconds or an HTTP date. */
export function retryAfterMs(headers: Record<string, unknown> | undefined, now = Date.now()): number | undefined {
	if (!headers) return undefined;
	const raw = headers['retry-after'] ?? headers['Retry-After'];
	const value = Array.isArray(raw) ? raw[0] : raw;
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const text = String(value).trim();
	if (/^\d+$/.test(text)) return Number(text) * 1000;
	const date = Date.parse(text);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - now);
}
