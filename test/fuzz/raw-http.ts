import { request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Path and query, sent exactly as given. */
  path: string;
  /** Name/value pairs; a name may repeat (node:http sends each as its own header line). */
  headers: [string, string][];
  body?: Buffer | string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with full control of its bytes: repeated headers, any content type, bodies that
 * are not valid anything. `fetch` would merge repeated headers and refuse some values.
 */
export function send(baseUrl: string, raw: RawRequest, timeoutMs = 30_000): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    // With raw (array) headers node:http adds no Host, and an HTTP/1.1 request without one is refused.
    const flat = [...(raw.headers.some(([name]) => name.toLowerCase() === 'host') ? [] : ['host', url.host]), ...raw.headers.flat()];
    if (raw.body !== undefined && !raw.headers.some(([name]) => name.toLowerCase() === 'content-length')) {
      flat.push('content-length', String(Buffer.byteLength(raw.body)));
    }
    const req = request(
      { host: url.hostname, port: url.port, method: raw.method, path: raw.path, headers: flat, timeout: timeoutMs, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(raw.body);
  });
}
