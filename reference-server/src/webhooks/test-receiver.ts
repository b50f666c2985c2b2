import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/**
 * A webhook receiver for tests: node:http on 127.0.0.1, port 0. Records every request with its
 * raw body (signatures are over the raw bytes) and answers whatever `respond` says (200 by
 * default). `waitFor(n)` resolves when n requests have arrived — tests await arrivals, never sleep.
 */
export class TestReceiver {
  readonly deliveries: Delivery[] = [];
  respond: (delivery: Delivery) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
  #server: Server | undefined;
  #port = 0;
  #waiters: { count: number; resolve: () => void }[] = [];

  get url(): string {
    return `http://127.0.0.1:${this.#port}/hook`;
  }

  /** Listens (again on the same port after `stop`, so a subscription's URL stays valid). */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const delivery = { path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') };
        this.deliveries.push(delivery);
        const answer = this.respond(delivery);
        res.writeHead(answer.status, answer.headers ?? {}).end('ok');
        this.#waiters = this.#waiters.filter((w) => (this.deliveries.length >= w.count ? (w.resolve(), false) : true));
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

  waitFor(count: number): Promise<void> {
    if (this.deliveries.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  events(): { id: string; type: string; data: Record<string, unknown> }[] {
    return this.deliveries.map((d) => JSON.parse(d.rawBody) as { id: string; type: string; data: Record<string, unknown> });
  }
}
