import type { Response } from 'express';
import { detached, type Fault } from './log-fault.js';

/** The first bytes of a body as they were sent or received, decoded only when the log is read. */
export interface CapturedBody {
  /** More was sent than was kept. */
  readonly truncated: boolean;
  /** The kept bytes as UTF-8 text (a character cut at the bound becomes U+FFFD). */
  text(): string;
}

/** One part of a body as its writer gave it: a Buffer, or a string with its encoding. */
type Part = Buffer | { text: string; encoding: BufferEncoding };

/**
 * Bytes kept by reference, in at most `maxBytes`: a part within the bound is kept as it is (no
 * copy: the writer hands it over and never changes it), the part that crosses the bound is copied
 * up to it (so a large body is not kept alive by its first bytes), and nothing after it is kept.
 */
export class BoundedBytes implements CapturedBody {
  readonly #parts: Part[] = [];
  #kept = 0;
  #truncated = false;

  constructor(private readonly maxBytes: number) {}

  get truncated(): boolean {
    return this.#truncated;
  }

  add(chunk: unknown, encoding?: unknown): void {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const room = this.maxBytes - this.#kept;
    if (typeof chunk === 'string') {
      if (chunk === '') return;
      const enc = typeof encoding === 'string' && Buffer.isEncoding(encoding) ? encoding : 'utf8';
      const bytes = Buffer.byteLength(chunk, enc);
      if (bytes <= room) {
        this.#parts.push({ text: chunk, encoding: enc });
        this.#kept += bytes;
      } else this.#cut(Buffer.from(chunk, enc), room);
      return;
    }
    const bytes = chunk instanceof Uint8Array ? chunk : undefined;
    if (!bytes || bytes.length === 0) return;
    if (bytes.length <= room) {
      this.#parts.push(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      this.#kept += bytes.length;
    } else this.#cut(bytes, room);
  }

  #cut(bytes: Uint8Array, room: number): void {
    this.#truncated = true;
    if (room <= 0) return;
    this.#parts.push(Buffer.from(bytes.subarray(0, room)));
    this.#kept += room;
  }

  text(): string {
    const buffers = this.#parts.map((p) => (Buffer.isBuffer(p) ? p : Buffer.from(p.text, p.encoding)));
    return (buffers.length === 1 ? (buffers[0] as Buffer) : Buffer.concat(buffers)).toString('utf8');
  }
}

const CAPTURED = Symbol('capturedBody');
const CAPTURING = Symbol('capturesBodies');
type Capturing = Response & { [CAPTURED]?: BoundedBytes };
type Writer = (this: Response, ...args: unknown[]) => unknown;

/**
 * Makes every response of one app (their shared prototype: Express gives each app its own) keep
 * what it sends whenever a BoundedBytes is on it. Done once per app, so a request whose answer is
 * kept costs one object and one property, not a pair of wrappers of its own.
 */
function captureOn(proto: Record<PropertyKey, unknown>, onFault: Fault): void {
  const write = proto['write'] as Writer;
  const end = proto['end'] as Writer;
  // Runs in whoever calls res.write/res.end: keeping a part that fails must not fail the answer itself.
  const keep = detached(onFault, function (this: Capturing, chunk: unknown, encoding: unknown) {
    this[CAPTURED]?.add(chunk, encoding);
  });
  // `apply(this, arguments)`: the arguments pass through as given, without a rest array per call.
  proto['write'] = function (this: Capturing, chunk: unknown, encoding?: unknown) {
    if (this[CAPTURED] !== undefined) keep.call(this, chunk, encoding);
    return write.apply(this, arguments as unknown as unknown[]);
  };
  proto['end'] = function (this: Capturing, chunk?: unknown, encoding?: unknown) {
    if (this[CAPTURED] !== undefined) keep.call(this, chunk, encoding);
    return end.apply(this, arguments as unknown as unknown[]);
  };
  proto[CAPTURING] = true;
}

/**
 * Keeps the first `maxBytes` of what a response sends (every `write` and the `end`), for the
 * request log, by reference: no copy, no decoding until the log is read. The response itself goes
 * out unchanged. `onFault` (told the response) hears a part that could not be kept; the first
 * call for an app's responses installs the capture, and its `onFault` serves them all.
 */
export function captureResponseBody(res: Response, maxBytes: number, onFault: Fault): CapturedBody {
  const proto = Object.getPrototypeOf(res) as Record<PropertyKey, unknown>;
  if (proto[CAPTURING] !== true) captureOn(proto, onFault);
  const body = new BoundedBytes(maxBytes);
  (res as Capturing)[CAPTURED] = body;
  return body;
}
