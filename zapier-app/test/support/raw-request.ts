import type { Delivery } from 'reference-server/testing';

/** How Zapier hands a hook request to perform: headers other than Content-* prefixed `Http-`, in Camel-Case. */
export function zapierRawRequest(delivery: Delivery) {
  const camel = (name: string) => name.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('-');
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).map(([name, value]) => [
      /^content-(type|length)$/.test(name) ? camel(name) : `Http-${camel(name)}`,
      String(value),
    ]),
  );
  return { method: 'POST' as const, querystring: '', headers, content: delivery.rawBody };
}
