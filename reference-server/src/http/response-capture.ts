import type { Response } from 'express';
import { detached, type Fault } from './detached.js';

export interface CapturedBody {
  text: string;
  /** More was sent than was kept. */
  truncated: boolean;
}

/**
 * Keeps the first `maxBytes` of what a response sends (every `write` and the `end`), for the
 * request log, and returns a function that reads it once the response is done. The response
 * itself goes out unchanged.
 */
export function captureResponseBody(res: Response, maxBytes: number, onFault: Fault): () => CapturedBody {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  // Runs in whoever calls res.write/res.end: a copy that fails must not fail the answer itself.
  const keep = detached(onFault, (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    if (kept >= maxBytes) {
      truncated ||= buffer.length > 0;
      return;
    }
    const part = buffer.subarray(0, maxBytes - kept);
    truncated ||= part.length < buffer.length;
    chunks.push(part);
    kept += part.length;
  });
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as Response['end'];
  return () => ({ text: Buffer.concat(chunks).toString('utf8'), truncated });
}
