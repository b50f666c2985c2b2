import { isDeepStrictEqual } from 'node:util';
import type { Reply } from './http.js';

/** A broken rule of the spec; the runner prints its message with the check's exchanges. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
}

/** Not applicable to this deployment or run (a credential is missing); never used to hide a failure. */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

/**
 * The deployment gives the check nothing to decide the clause on (fewer than 101 benchmark tags
 * and no stated page size): skipped saying why, and failed when the run certifies (`--require-all`).
 */
export class CheckUndecided extends CheckSkipped {
  override name = 'CheckUndecided';
}

export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

export function ensureEqual(actual: unknown, expected: unknown, what: string): void {
  ensure(isDeepStrictEqual(actual, expected), `${what}: expected ${show(expected)}, got ${show(actual)}`);
}

export function ensureStatus(reply: Reply, ...expected: number[]): void {
  ensure(expected.includes(reply.status), `expected HTTP ${expected.join(' or ')}, got ${reply.status}`);
}

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The reply's body as a JSON object (fails when it is not one). */
export function jsonObject(reply: Reply): JsonObject {
  ensure(isObject(reply.json), `expected a JSON object body, got ${show(reply.text.slice(0, 200))}`);
  return reply.json;
}

/** The body of a 200 reply, a JSON object. */
export function okJson(reply: Reply): JsonObject {
  ensureStatus(reply, 200);
  return jsonObject(reply);
}

export function field<T = unknown>(object: JsonObject, name: string, type: 'string' | 'number' | 'boolean' | 'object' | 'array'): T {
  const value = object[name];
  const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  ensure(actual === type, `field ${name}: expected ${type}, got ${actual}`);
  return value as T;
}

/** No stack trace or source path in a body: a deployment must never leak one. */
export function ensureNoStackTrace(reply: Reply): void {
  ensure(!/\n\s+at .+\(.+:\d+:\d+\)|node_modules\/|\.ts:\d+:\d+/.test(reply.text), 'the body looks like it carries a stack trace');
}

/** The REST surfaces' error body: `{error: <reason phrase>, message, …}` (spec, Errors). */
export function ensureRestError(reply: Reply, status: number, error: string): JsonObject {
  ensureStatus(reply, status);
  ensure(/^application\/json/.test(reply.headers.get('content-type') ?? ''), `expected a JSON error body, got content-type ${reply.headers.get('content-type')}`);
  const body = jsonObject(reply);
  ensureEqual(body.error, error, 'error');
  ensureNoStackTrace(reply);
  return body;
}

/** RFC 6749 §5.2: `{error, error_description?}` with one of the registered codes. */
export function ensureOAuthError(reply: Reply, status: number, error: string): JsonObject {
  ensureStatus(reply, status);
  const body = jsonObject(reply);
  ensureEqual(body.error, error, 'error');
  if (body.error_description !== undefined) ensure(typeof body.error_description === 'string', 'error_description must be a string');
  ensureNoStackTrace(reply);
  return body;
}
