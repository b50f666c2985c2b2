import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/** What n8n's request helper throws: a NodeApiError whose cause is the HTTP client's error. */
export interface FailedResponse {
	message?: string;
	code?: string;
	httpCode?: string | null;
	response?: { status?: number; headers?: Record<string, unknown>; data?: unknown };
	cause?: FailedResponse;
}

const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);
const INTERRUPTED = new Set(['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'EPIPE']);

function innermost(error: FailedResponse): FailedResponse {
	return error.cause && typeof error.cause === 'object' ? error.cause : error;
}

export function statusOf(error: FailedResponse): number | undefined {
	const status = innermost(error).response?.status ?? error.response?.status;
	if (typeof status === 'number') return status;
	const code = Number(error.httpCode);
	return Number.isInteger(code) && code >= 100 ? code : undefined;
}

export function transientNetworkError(error: FailedResponse): 'refused' | 'interrupted' | undefined {
	if (statusOf(error) !== undefined) return undefined;
	const code = innermost(error).code ?? error.code;
	if (code && REFUSED.has(code)) return 'refused';
	if (code && INTERRUPTED.has(code)) return 'interrupted';
	if (/timeout/i.test(innermost(error).message ?? '')) return 'interrupted';
	return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const list = (value: unknown): string | undefined =>
	Array.isArray(value) && value.length > 0
		? value.map((v) => (isObject(v) ? JSON.stringify(v) : String(v))).join(', ')
		: undefined;

/**
 * The details of an error body besides `error` and `message`, as one readable line: the
 * Assessment API's `missing`/`invalid` keys, the Automation API's field list, anything else.
 */
export function describeDetails(body: Record<string, unknown>): string | undefined {
	const parts: string[] = [];
	for (const [key, value] of Object.entries(body)) {
		if (key === 'error' || key === 'message' || key.endsWith('Count')) continue;
		if (Array.isArray(value)) {
			const text = list(value);
			if (text) parts.push(`${key}: ${text}`);
		} else if (isObject(value)) {
			parts.push(`${key}: ${JSON.stringify(value)}`);
		} else if (value !== undefined && value !== null) {
			parts.push(`${key}: ${String(value)}`);
		}
	}
	return parts.length > 0 ? parts.join('; ') : undefined;
}

/** Which credential a request used, to say which one to fix. */
export type CredentialKind = 'automation' | 'assessment' | 'partner';

const CREDENTIAL_NAME: Record<CredentialKind, string> = {
	automation: 'Evaluation Platform Automation API credential (automation key)',
	assessment: 'Evaluation Platform Assessment API credential (developer key)',
	partner: 'Evaluation Platform Partner OAuth2 API credential',
};

/**
 * How to fix the refusals a user can fix: a wrong key or token, a missing scope, a rate limit.
 * `hasOptions`: the request came from a step, whose Options set its retries; lists and dropdowns
 * have none, so their advice names none.
 */
export function howToFix(status: number, kind: CredentialKind | undefined, hasOptions = false): string | undefined {
	const credential = kind ? CREDENTIAL_NAME[kind] : 'credential';
	if (status === 401) {
		return kind === 'partner'
			? `Reconnect the ${credential}: open it and click "Reconnect" to sign in again (the token expired or was revoked)`
			: `Check the ${credential}: the key may be mistyped, revoked, or a key of another API (an automation key is not a developer key). Ask an organization admin for a new key if needed`;
	}
	if (status === 403) {
		return kind === 'partner'
			? `The ${credential} lacks a scope or operation this step needs: add the scope named above to the credential's Scope field and reconnect, or ask the platform operator to allow the operation for your OAuth client`
			: `The ${credential} may not do this: ask an organization admin for a key with access to it`;
	}
	if (status === 429) {
		return hasOptions
			? 'The platform is limiting the rate of this key. Wait a minute and run again, or raise Max Retries under Options so the node waits and retries by itself'
			: 'The platform is limiting the rate of this key. Wait a minute and open the list again (lists retry 3 times by themselves)';
	}
	return undefined;
}

/** A failed request as n8n users expect it: the API's message up front, its details below. */
export function apiErrorFrom(node: INode, error: FailedResponse, itemIndex?: number, kind?: CredentialKind, hasOptions = false): NodeApiError {
	const inner = innermost(error);
	const status = statusOf(error);
	const body = inner.response?.data;
	if (status === undefined) {
		const network = transientNetworkError(error);
		const reason = inner.code ?? inner.message ?? 'no response';
		// The code goes in the description: NodeApiError rewrites messages that name one.
		const message =
			network === 'interrupted'
				? 'The request to the platform timed out or was cut off'
				: network === 'refused'
					? 'The platform could not be reached'
					: (error.message ?? reason);
		// Lists and dropdowns have no Options: they wait 30 s and retry 3 times, whatever a step sets.
		const where = hasOptions ? 'check the Base URL in the credential and the Timeout option' : 'check the Base URL in the credential (lists wait 30 seconds and retry 3 times)';
		const description = network ? `${reason}; ${where}` : undefined;
		return new NodeApiError(node, { reason } as JsonObject, { message, description, itemIndex });
	}
	// A refused credential is named by the node, not by the API's message: that names a header
	// (x-api-key), and n8n's lists break messages at dashes.
	const apiMessage = status === 401 && kind !== undefined ? `The platform refused the ${CREDENTIAL_NAME[kind]}` : isObject(body) && typeof body.message === 'string' ? body.message : undefined;
	const oauthMessage =
		isObject(body) && typeof body.error_description === 'string' ? body.error_description : undefined;
	const details = isObject(body) ? describeDetails(body) : undefined;
	// Built from the body, not the HTTP client's error: NodeApiError would otherwise replace the
	// description with the body's message and drop the details.
	const apiError = new NodeApiError(node, (isObject(body) ? body : { body: String(body ?? '') }) as JsonObject, {
		message: apiMessage ?? oauthMessage ?? `The platform answered HTTP ${status}`,
		description: [details, howToFix(status, kind, hasOptions)].filter(Boolean).join('. ') || undefined,
		httpCode: String(status),
		itemIndex,
	});
	if (isObject(body)) apiError.context.data = body;
	return apiError;
}
