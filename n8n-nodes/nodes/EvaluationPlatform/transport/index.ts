import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';

import { apiErrorFrom, type FailedResponse, howToFix, statusOf, transientNetworkError } from './errors';
import { retryDelayMs } from './retry';

export type Surface = 'automation' | 'assessment' | 'partner';

export const CREDENTIAL_OF: Record<Surface, string> = {
	automation: 'evaluationAutomationApi',
	assessment: 'evaluationAssessmentApi',
	partner: 'evaluationPartnerOAuth2Api',
};

export type ApiContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

export interface ApiRequest {
	method: IHttpRequestMethods;
	path: string;
	body?: IDataObject | FormData;
	qs?: IDataObject;
	/**
	 * Whether sending the request twice has the same effect as sending it once. Only such
	 * requests are retried after a 5xx or a timeout; any request is retried after a 429 or a
	 * refused connection, because the server did not act on it.
	 */
	idempotent: boolean;
	itemIndex?: number;
}

export interface RequestSettings {
	timeoutMs: number;
	maxRetries: number;
	/**
	 * Of those, how many may follow a 5xx or a timeout (`maxRetries` when unset). Lower when n8n's
	 * Retry On Fail runs the node again on top: see `settingsFor`.
	 */
	maxTransientRetries?: number;
	/** Whether the user set these in the node's Options (an error may then point there). */
	fromOptions?: boolean;
}

/** What lists and dropdowns use, and steps whose Options leave them unset. */
export const DEFAULT_SETTINGS: RequestSettings = { timeoutMs: 30_000, maxRetries: 3 };

export interface ApiResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

export async function baseUrlOf(context: ApiContext, surface: Surface): Promise<string> {
	const credentials = await context.getCredentials<{ baseUrl?: string }>(CREDENTIAL_OF[surface]);
	return String(credentials.baseUrl ?? '').replace(/\/+$/, '');
}

/**
 * The one way the nodes talk to the platform: the surface's credential, n8n's own request
 * helper (so OAuth2 refresh and credential tests behave as everywhere in n8n), retries on 429,
 * 5xx and network failures as `RequestSettings` allow, and every failure as a `NodeApiError`
 * carrying the API's own message and details.
 */
export async function apiRequest(
	this: ApiContext,
	surface: Surface,
	request: ApiRequest,
	settings: RequestSettings = DEFAULT_SETTINGS,
): Promise<ApiResponse> {
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${await baseUrlOf(this, surface)}${request.path}`,
		returnFullResponse: true,
		timeout: settings.timeoutMs,
		disableFollowRedirect: true,
		headers: { accept: 'application/json' },
	};
	if (request.qs) options.qs = request.qs;
	if (request.body instanceof FormData) {
		options.body = request.body;
	} else if (request.body !== undefined) {
		options.body = request.body;
		options.json = true;
	} else {
		options.json = true;
	}

	let transientAttempt = 0;
	for (let attempt = 0; ; attempt++) {
		try {
			const response = (await this.helpers.httpRequestWithAuthentication.call(
				this,
				CREDENTIAL_OF[surface],
				options,
			)) as ApiResponse;
			return response;
		} catch (error) {
			const failed = error as FailedResponse;
			const status = statusOf(failed);
			const network = transientNetworkError(failed);
			const delay = retryDelayMs({
				attempt,
				maxRetries: settings.maxRetries,
				transientAttempt,
				maxTransientRetries: settings.maxTransientRetries,
				status,
				idempotent: request.idempotent,
				network,
				headers: failed.cause?.response?.headers ?? failed.response?.headers,
			});
			if (delay === undefined) {
				throw apiErrorFrom(this.getNode(), failed, request.itemIndex, surface, settings.fromOptions === true);
			}
			if (status !== 429 && network !== 'refused') transientAttempt += 1;
			await sleep(delay);
		}
	}
}

/** `apiRequest` for JSON bodies: the parsed body only. */
export async function apiJson(
	this: ApiContext,
	surface: Surface,
	request: ApiRequest,
	settings?: RequestSettings,
): Promise<IDataObject> {
	const response = await apiRequest.call(this, surface, request, settings);
	return (response.body ?? {}) as IDataObject;
}

export interface GraphqlResult {
	data?: IDataObject | null;
	errors?: Array<{ message: string; path?: Array<string | number>; extensions?: IDataObject }>;
}

/**
 * `POST /api` on the partner surface. GraphQL reports field errors with HTTP 200 in `errors[]`;
 * they are raised as a `NodeApiError` just like an HTTP failure.
 */
export async function graphqlRequest(
	this: ApiContext,
	document: { query: string; operationName: string; mutation: boolean; idempotent?: boolean },
	variables: IDataObject,
	itemIndex: number | undefined,
	settings?: RequestSettings,
): Promise<IDataObject> {
	const response = await apiRequest.call(
		this,
		'partner',
		{
			method: 'POST',
			path: '/api',
			body: { query: document.query, operationName: document.operationName, variables },
			// A mutation is resent after a 5xx or a timeout only when it says it is safe to repeat.
			idempotent: document.idempotent ?? !document.mutation,
			itemIndex,
		},
		settings,
	);
	const result = (response.body ?? {}) as GraphqlResult;
	if (result.errors?.length || result.data === undefined || result.data === null) {
		const errors = result.errors ?? [];
		const messages = errors.map((e) => e.message);
		const codes = new Set(errors.map((e) => e.extensions?.code));
		const fix = codes.has('INSUFFICIENT_SCOPE') || codes.has('OPERATION_NOT_ALLOWED') ? howToFix(403, 'partner') : undefined;
		const error = new NodeApiError(this.getNode(), { errors } as unknown as JsonObject, {
			message: messages[0] ?? 'The GraphQL response carried no data',
			description: [graphqlErrorDetails(errors), fix].filter(Boolean).join('\n') || undefined,
			httpCode: '200',
			itemIndex,
		});
		error.context.data = { errors } as unknown as IDataObject;
		throw error;
	}
	return result.data;
}

/**
 * What n8n shows under the message: the other errors, each error's code, and the input fields
 * the platform named (`extensions.fields`, as in a REST 400), e.g. `recordId: must not be empty`.
 */
function graphqlErrorDetails(errors: NonNullable<GraphqlResult['errors']>): string | undefined {
	const lines: string[] = [];
	errors.forEach((e, index) => {
		const code = typeof e.extensions?.code === 'string' ? e.extensions.code : undefined;
		if (index > 0) lines.push(e.message);
		const fields = Array.isArray(e.extensions?.fields) ? (e.extensions.fields as Array<{ field?: unknown; message?: unknown }>) : [];
		const named = fields.map((f) => `${String(f.field)}: ${String(f.message)}`).join('; ');
		if (code || named) lines.push([code, named].filter(Boolean).join(' — '));
	});
	return lines.length > 0 ? lines.join('\n') : undefined;
}
