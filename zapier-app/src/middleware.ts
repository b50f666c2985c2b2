import type { AfterResponseMiddleware, BeforeRequestMiddleware, HttpRequestOptions } from 'zapier-platform-core';
import { apiError, graphqlErrors, retryAfterSeconds } from './api-errors.js';
import { refusedKeyMessage, requireKey } from './keys.js';
import { surfaceOf } from './surfaces.js';

/**
 * Each surface gets its own credential and nothing else: the OAuth access token only on the
 * GraphQL endpoint, the automation key only on `/api/automation`, the developer key only on
 * `/api/v1`. A step whose surface needs a key the connection lacks stops here, before any
 * request, with a message telling the zap builder to reconnect with that key.
 */
export const addCredentials: BeforeRequestMiddleware = (request, z, bundle) => {
  const surface = surfaceOf(request.url);
  if (surface === 'foreign') return request;
  // Our afterResponse turns a 429 into ThrottledError itself, keeping the API's own message.
  (request as HttpRequestOptions & { throwForThrottlingEarly?: boolean }).throwForThrottlingEarly = false;
  request.headers = { accept: 'application/json', ...request.headers };
  if (surface === 'graphql' && bundle.authData?.['access_token']) {
    request.headers['Authorization'] = `Bearer ${bundle.authData['access_token']}`;
  } else if (surface === 'automation' || surface === 'assessment') {
    request.headers['x-api-key'] = requireKey(z, bundle, surface);
  }
  return request;
};

/**
 * Turns the platform's error answers into the errors Zapier acts on, with the API's own message:
 * 429, and a 503 with `Retry-After`, → ThrottledError after that delay; 401 on GraphQL → RefreshAuthError (Zapier refreshes
 * the token and retries); 401 on a key surface → ExpiredAuthError naming the key (refreshing the
 * token cannot fix a revoked key); other errors → z.errors.Error; GraphQL `errors[]` with a 200
 * → z.errors.Error. A request sent with `skipThrowForStatus` handles its statuses itself, and one
 * with `middlewareData.notFoundIsEmpty` gets its 404 back (a search that found nothing).
 */
export const handleErrors: AfterResponseMiddleware = (response, z) => {
  const surface = surfaceOf(response.request.url ?? '');
  if (surface === 'foreign') return response;
  const { status } = response;
  // A 503 that names when to come back is the same request: Zapier retries the step after the delay.
  const retryAfter = retryAfterSeconds(response.getHeader('retry-after'));
  if (status === 429 || (status === 503 && retryAfter !== undefined)) {
    const { message } = apiError(status, response.data);
    throw new z.errors.ThrottledError(message, retryAfter);
  }
  if (response.skipThrowForStatus || response.request.skipThrowForStatus) return response;
  // A search asks for "not found" as an answer, not an error.
  if (status === 404 && response.request.middlewareData?.['notFoundIsEmpty']) {
    response.skipThrowForStatus = true;
    return response;
  }
  if (status === 401 && surface === 'graphql') throw new z.errors.RefreshAuthError(apiError(status, response.data).message);
  if (status === 401 && (surface === 'automation' || surface === 'assessment')) {
    throw new z.errors.ExpiredAuthError(refusedKeyMessage(surface, apiError(status, response.data).message));
  }
  if (status >= 400) {
    const { message, code } = apiError(status, response.data);
    throw new z.errors.Error(message, code, status);
  }
  if (surface === 'graphql') {
    const errors = graphqlErrors((response.data as { errors?: unknown } | undefined)?.errors);
    if (errors) throw new z.errors.Error(errors.message, errors.code, status);
  }
  return response;
};
