import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Bundle, ZObject } from 'zapier-platform-core';

/** An event as the platform delivers it (Standard Webhooks payload). */
export interface PlatformEvent<T = Record<string, unknown>> {
  id: string;
  type: string;
  created_at: string;
  organization_id: string;
  data: T;
}

/**
 * Zapier hands a hook's request over as `rawRequest` (headers and the body as received); some
 * runtimes prefix header names with `Http-`. Standard Webhooks headers, lower-cased, unprefixed.
 */
function webhookHeaders(raw: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) headers[name.replace(/^http[-_]/i, '').replace(/_/g, '-').toLowerCase()] = value;
  return headers;
}

/**
 * The delivered event, after checking its Standard Webhooks signature with the secret the
 * subscription returned (kept in `subscribeData`): a request to the hook URL that the platform
 * did not sign, or signed more than five minutes ago, triggers nothing.
 */
export function verifiedEvent<T>(z: ZObject, bundle: Bundle): PlatformEvent<T> {
  const secret = (bundle.subscribeData as { secret?: unknown } | undefined)?.secret;
  const raw = bundle.rawRequest;
  if (typeof secret !== 'string' || !secret) {
    throw new z.errors.HaltedError('This trigger has no signing secret for its subscription: turn the zap off and on again to resubscribe.');
  }
  if (!raw || typeof raw.content !== 'string') throw new z.errors.HaltedError('The webhook request has no body.');
  try {
    return new Webhook(secret).verify(raw.content, webhookHeaders(raw.headers)) as PlatformEvent<T>;
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      throw new z.errors.HaltedError(`Ignored a request to the hook URL that the platform did not sign: ${error.message}.`);
    }
    throw error;
  }
}
