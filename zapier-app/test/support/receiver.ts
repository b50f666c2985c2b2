import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Stands in for Zapier's hook URL on 127.0.0.1: records every request, and `next()` resolves
 * with the next delivery whose body matches (no sleeping, no polling).
 */
export class HookReceiver {
  readonly deliveries: Delivery[] = [];
  #waiters: { match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }[] = [];
  #server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const delivery = { headers: req.headers, body };
      this.deliveries.push(delivery);
      res.end('ok');
      this.#waiters = this.#waiters.filter((w) => (w.match(delivery) ? (w.resolve(delivery), false) : true));
    });
  });

  /** The hook URL (listening on first use). */
  async url(): Promise<string> {
    if (!this.#server.listening) await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address() as { port: number };
    return `http://127.0.0.1:${address.port}/hooks/catch/1/abc/`;
  }

  next(match: (d: Delivery) => boolean): Promise<Delivery> {
    const seen = this.deliveries.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** How Zapier hands a hook request to perform: headers other than Content-* prefixed `Http-`, in Camel-Case. */
export function zapierRawRequest(delivery: Delivery) {
  const camel = (name: string) => name.split('-').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('-');
  const headers = Object.fromEntries(
    Object.entries(delivery.headers).map(([name, value]) => [
      /^content-(type|length)$/.test(name) ? camel(name) : `Http-${camel(name)}`,
      String(value),
    ]),
  );
  return { method: 'POST' as const, querystring: '', headers, content: delivery.body };
}
