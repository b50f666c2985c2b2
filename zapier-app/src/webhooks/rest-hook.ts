import type { Bundle, ZObject } from 'zapier-platform-core';
import { apiUrl } from '../config.js';
import { withEventId } from './event-id.js';
import { verifiedEvent, type PlatformEvent } from './verify.js';

/** Where a surface keeps its webhook subscriptions (the same CRUD on both APIs). */
export type HookPath = '/api/automation/webhooks' | '/api/v1/webhooks';

/** What Zapier keeps between subscribe, perform and unsubscribe: the subscription id and its signing secret. */
export interface SubscribeData {
  id: string;
  secret: string;
}

/**
 * The REST hook lifecycle of one trigger: subscribe Zapier's target URL to `events` (the answer's
 * `secret`, shown once, is kept in subscribeData to verify every delivery), unsubscribe by id,
 * and turn a verified delivery into the trigger's output with `toOutput`, the same function
 * performList applies, so a sample and a live delivery look alike, plus the event's id.
 */
export function restHook<T, O extends object>(options: {
  path: HookPath;
  /** The event types to subscribe to, fixed or chosen from the trigger's input fields. */
  events: string[] | ((bundle: Bundle) => string[]);
  label: string;
  toOutput: (z: ZObject, event: PlatformEvent<T>) => O | Promise<O>;
}) {
  const performSubscribe = async (z: ZObject, bundle: Bundle): Promise<SubscribeData> => {
    const events = typeof options.events === 'function' ? options.events(bundle) : options.events;
    const response = await z.request<SubscribeData>({
      url: apiUrl(options.path),
      method: 'POST',
      body: { url: bundle.targetUrl, events, description: `Zapier: ${options.label}` },
    });
    return { id: response.data.id, secret: response.data.secret };
  };

  const performUnsubscribe = async (z: ZObject, bundle: Bundle): Promise<Record<string, never>> => {
    const { id } = (bundle.subscribeData ?? {}) as Partial<SubscribeData>;
    // Already gone (deleted by hand, say) is what unsubscribing wants: not an error.
    await z.request({ url: apiUrl(`${options.path}/${encodeURIComponent(String(id))}`), method: 'DELETE', middlewareData: { notFoundIsEmpty: true } });
    return {};
  };

  const perform = async (z: ZObject, bundle: Bundle): Promise<({ event_id: string } & O)[]> => {
    const event = verifiedEvent<T>(z, bundle);
    return [withEventId(event.id, await options.toOutput(z, event))];
  };

  return { type: 'hook' as const, performSubscribe, performUnsubscribe, perform };
}
