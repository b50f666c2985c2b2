import { createHmac, timingSafeEqual } from 'crypto';

/** Standard Webhooks 1.0: how far a delivery's timestamp may be from the receiver's clock. */
export const TOLERANCE_SECONDS = 5 * 60;

export type Verdict = { ok: true } | { ok: false; reason: string };

export interface SignedDelivery {
	id: string | undefined;
	timestamp: string | undefined;
	signature: string | undefined;
	rawBody: string;
}

/**
 * Checks a delivery the way the `standardwebhooks` libraries do: HMAC-SHA256 of
 * `{id}.{timestamp}.{body}` with the base64 key after `whsec_`, compared in constant time with
 * every `v1,` signature in the header, and the timestamp within the tolerance.
 */
export function verifyDelivery(secret: string, delivery: SignedDelivery, nowSeconds: number): Verdict {
	const { id, timestamp, signature, rawBody } = delivery;
	if (!id || !timestamp || !signature) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
	if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'webhook-timestamp is not unix seconds' };
	const sent = Number(timestamp);
	if (Math.abs(nowSeconds - sent) > TOLERANCE_SECONDS) return { ok: false, reason: 'webhook-timestamp is outside the 5 minute window' };
	const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
	const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${rawBody}`).digest();
	for (const entry of signature.split(' ')) {
		const [version, value] = entry.split(',', 2);
		if (version !== 'v1' || !value) continue;
		const given = Buffer.from(value, 'base64');
		if (given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
	}
	return { ok: false, reason: 'no webhook-signature matches the body' };
}
