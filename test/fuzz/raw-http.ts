import { request } from 'node:http';
import { connect } from 'node:net';

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
  if (raw.headers.some(([name, value]) => !SENDABLE.test(name) || !SENDABLE.test(value))) return sendOverSocket(baseUrl, raw, timeoutMs);
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

/** What node:http's client agrees to write in a header (it throws ERR_INVALID_CHAR on anything else). */
const SENDABLE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * A request whose headers carry what node:http's client refuses to write (control characters,
 * CR LF, characters past U+00FF as UTF-8 bytes), written byte for byte on a socket; the answer
 * is read to the connection's end (Connection: close).
 */
function sendOverSocket(baseUrl: string, raw: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const url = new URL(baseUrl);
  const body = raw.body === undefined ? Buffer.alloc(0) : Buffer.from(raw.body);
  const lines = [`${raw.method} ${raw.path} HTTP/1.1`, `host: ${url.host}`, 'connection: close', ...raw.headers.map(([name, value]) => `${name}: ${value}`)];
  if (raw.body !== undefined && !raw.headers.some(([name]) => name.toLowerCase() === 'content-length')) lines.push(`content-length: ${body.length}`);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const settle = (error?: Error) => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (unparsed) {
        // A server that answered and then reset the rest of the request still answered.
        reject(error ?? (unparsed as Error));
      }
    };
    socket.on('error', settle);
    socket.on('end', () => settle());
    socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8'), body]));
  });
}

/** Status, headers and body of one HTTP/1.1 answer (Content-Length, chunked, or up to the connection's end). */
function parseResponse(bytes: Buffer): RawResponse {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) throw Object.assign(new Error('the connection closed without an answer'), { code: 'ECONNRESET' });
  const [statusLine = '', ...headerLines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = headers[name] === undefined ? line.slice(colon + 1).trim() : `${headers[name]}, ${line.slice(colon + 1).trim()}`;
  }
  let rest = bytes.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    rest = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    rest = rest.subarray(0, Number(headers['content-length']));
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.toString('utf8') };
}
