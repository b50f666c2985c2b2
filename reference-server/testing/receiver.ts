import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: string;
}

export interface WebhookEvent {
  id: string;
  type: string;
  created_at?: string;
  organization_id?: string;
  data: Record<string, unknown>;
}

/** What the receiver answers: `body` defaults to `ok`. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver for tests: node:http on 127.0.0.1, port 0. It records every request with
 * its raw body, answers whatever `respond` says (200 by default) and checks signatures with the
 * stock `standardwebhooks` library, as a partner's receiver would. Tests await arrivals
 * (`waitFor`, `next`), never sleep.
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  respond: (delivery: Delivery) => Answer = () => ({ status: 200 });
  #server: Server | undefined;
  #port = 0;
  #waiters = new Set<() => boolean>();

  /** The URL of `/hook` on this receiver (valid once started). */
  get url(): string {
    return this.urlOf('/hook');
  }

  /** The URL of any path on this receiver (give each subscription its own to tell them apart). */
  urlOf(path: string): string {
    return `http://127.0.0.1:${this.#port}${path}`;
  }

  /** Listens (again on the same port after `stop`, so a subscription's URL stays valid). */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery: Delivery = { path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
        this.deliveries.push(delivery);
        const answer = this.respond(delivery);
        res.writeHead(answer.status, answer.headers ?? {}).end(answer.body ?? 'ok');
        for (const waiter of [...this.#waiters]) if (waiter()) this.#waiters.delete(waiter);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.#port, '127.0.0.1', () => resolve());
    });
    this.#port = (server.address() as AddressInfo).port;
    this.#server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` requests have arrived in all. */
  waitFor(count: number): Promise<void> {
    return this.#until(() => this.deliveries.length >= count).then(() => undefined);
  }

  /** Resolves with the first delivery (already here or still to come) that `match` accepts. */
  next(match: (delivery: Delivery) => boolean = () => true): Promise<Delivery> {
    return this.#until(() => this.deliveries.find(match));
  }

  /** The deliveries' bodies, parsed. */
  events(): WebhookEvent[] {
    return this.deliveries.map((d) => JSON.parse(d.rawBody) as WebhookEvent);
  }

  /** Checks a delivery's Standard Webhooks signature and timestamp with `secret` (`whsec_…`); throws when it does not verify. */
  static verify(secret: string, delivery: Delivery): WebhookEvent {
    const headers: Record<string, string> = {};
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const value = delivery.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return new Webhook(secret).verify(delivery.rawBody, headers) as WebhookEvent;
  }

  #until<T>(found: () => T | undefined | false): Promise<T> {
    return new Promise((resolve) => {
      const check = () => {
        const value = found();
        if (value === undefined || value === false) return false;
        resolve(value);
        return true;
      };
      if (!check()) this.#waiters.add(check);
    });
  }
}
