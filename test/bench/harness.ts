import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import autocannon from 'autocannon';
import express from 'express';
import { startTestServer, type TestServer } from 'reference-server/testing';

/**
 * What a benchmark scenario is given. Every figure a scenario reports is a ratio against a
 * baseline measured in the same run on the same machine, never an absolute time.
 */
export interface BenchEnv {
  /** A seeded reference server shared by the scenarios that only read or add a little. */
  server: TestServer;
  /** A new seeded server, for scenarios that load many records; dispose it when done. */
  freshServer(): Promise<TestServer>;
  /** Bare Express 5: `GET /ping` answers a short text; `POST /echo` parses and echoes a JSON body. */
  baseline: { pingUrl: string; echoUrl: string };
  /** Requests per second a load sustains (autocannon, fixed connections and duration). */
  loadRate(options: LoadOptions): Promise<number>;
  /** Operations per second of `op`, run `count` times one after another. */
  opRate(op: (index: number) => Promise<unknown>, count: number): Promise<number>;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request's body, for loads that must not repeat a unique key. */
  bodyFor?: (index: number) => string;
  connections?: number;
}

export interface BenchResult {
  name: string;
  /** Higher is better unless `lowerIsBetter`. */
  ratio: number;
  lowerIsBetter?: boolean;
  detail?: string;
}

export interface BenchScenario {
  name: string;
  run(env: BenchEnv): Promise<BenchResult[]>;
}

export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

export async function loadRate(options: LoadOptions): Promise<number> {
  let index = 0;
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections ?? 16,
    duration: BENCH_SECONDS,
    headers: { ...(options.body || options.bodyFor ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(options.body ? { body: options.body } : {}),
    ...(options.bodyFor
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({ ...request, body: options.bodyFor?.((index += 1)) }),
            },
          ],
        }
      : {}),
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > result.requests.total / 100) {
    throw new Error(`${options.method ?? 'GET'} ${options.url}: ${failures} of ${result.requests.total} requests failed`);
  }
  return result.requests.average;
}

export async function opRate(op: (index: number) => Promise<unknown>, count: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i += 1) await op(i);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return count / seconds;
}

export async function startBaseline(): Promise<{ pingUrl: string; echoUrl: string; close(): Promise<void> }> {
  const app = express();
  app.get('/ping', (_req, res) => {
    res.type('text/plain').send('ok');
  });
  app.post('/echo', express.json({ limit: '1mb' }), (req, res) => {
    res.json(req.body);
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    pingUrl: `http://127.0.0.1:${port}/ping`,
    echoUrl: `http://127.0.0.1:${port}/echo`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const freshServer = (): Promise<TestServer> => startTestServer();
