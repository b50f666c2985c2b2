import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: string;
  receivedAt: number;
}

type Responder = (delivery: Delivery, attempt: number) => { status: number; headers?: Record<string, string> };

/**
 * The suite's own webhook endpoint on 127.0.0.1: it keeps every delivery with its raw body and
 * answers 200 unless a check set another answer for its path (to test retries and 410).
 */
export class WebhookReceiver {
  readonly deliveries: Delivery[] = [];
  private readonly responders = new Map<string, Responder>();
  private readonly waiters = new Set<() => void>();
  private server?: Server;
  private origin = '';

  constructor(private readonly publicUrl?: string) {}

  async start(host = '127.0.0.1'): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '/';
        const delivery: Delivery = {
          path,
          method: req.method ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
        };
        this.deliveries.push(delivery);
        const attempt = this.deliveries.filter((d) => d.path === path).length;
        const answer = this.responders.get(path)?.(delivery, attempt) ?? { status: 200 };
        res.writeHead(answer.status, answer.headers).end();
        for (const wake of this.waiters) wake();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(0, host, resolve);
    });
    const { port } = this.server.address() as AddressInfo;
    this.origin = this.publicUrl ?? `http://${host}:${port}`;
  }

  /** A fresh URL on this receiver (give each check its own path). */
  url(path: string): string {
    return `${this.origin}${path}`;
  }

  respond(path: string, responder: Responder): void {
    this.responders.set(path, responder);
  }

  received(path: string): Delivery[] {
    return this.deliveries.filter((d) => d.path === path);
  }

  /** Resolves with the deliveries on `path` once there are `count` of them, or rejects after `timeoutMs`. */
  waitFor(path: string, count = 1, timeoutMs = 15_000): Promise<Delivery[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const got = this.received(path);
        if (got.length < count) return false;
        cleanup();
        resolve(got);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${this.received(path).length} of ${count} expected webhook deliveries to ${path} arrived within ${timeoutMs} ms`));
      }, timeoutMs);
      const wake = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      this.waiters.add(wake);
      check();
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
