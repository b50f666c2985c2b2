import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * A response body that does not change between requests, encoded and tagged once: sending it costs
 * no serialisation, no UTF-8 encoding and no hash per request. The ETag has Express's own format
 * (weak, length and SHA-1), so answers carry the same header as before; Express answers 304 to a
 * matching If-None-Match.
 */
export interface PreparedBody {
  readonly body: Buffer;
  readonly etag: string;
  readonly contentType: string;
}

export function prepareBody(contentType: 'application/json' | 'text/plain' | 'application/graphql', text: string): PreparedBody {
  const body = Buffer.from(text, 'utf8');
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { body, etag: `W/"${body.length.toString(16)}-${hash}"`, contentType: `${contentType}; charset=utf-8` };
}

export function sendPrepared(res: Response, prepared: PreparedBody): void {
  res.setHeader('Content-Type', prepared.contentType);
  res.setHeader('ETag', prepared.etag);
  res.send(prepared.body);
}
