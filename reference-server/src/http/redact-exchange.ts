import { MAX_NESTING } from './nesting.js';
import { isSecretParameterName, REDACTED, redactIssuedSecrets, redactUrlSecrets } from './redact-url.js';

/**
 * The rules of redact-url.ts applied to the rest of an HTTP exchange the request log keeps:
 * headers and bodies. A header or JSON field whose name says secret (`authorization`,
 * `x-api-key`, `client_secret`, `refreshToken`…) loses its value, cookies always do, and every
 * `pis_…`/`whsec_…` value anywhere is cut to its prefix. See docs/decisions/workspace-url-redaction.md.
 */

/**
 * Whether a header or field name says secret, remembered: the same few dozen names come in every
 * request and answer, and splitting a name into words each time cost more than the rest of the log.
 * Bounded: the memory is dropped when it fills (names are chosen by callers).
 */
const nameVerdicts = new Map<string, boolean>();
function saysSecret(name: string): boolean {
  let verdict = nameVerdicts.get(name);
  if (verdict === undefined) {
    if (nameVerdicts.size >= 4096) nameVerdicts.clear();
    verdict = isSecretParameterName(name);
    nameVerdicts.set(name, verdict);
  }
  return verdict;
}

/** Headers whose names do not say secret but always carry one. */
const ALWAYS_SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'proxy-authorization']);

export function isSecretHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return ALWAYS_SECRET_HEADERS.has(lower) || saysSecret(lower);
}

/** One header's value as the log keeps it: an authorization scheme stays (`Bearer [redacted]`), its credential does not. */
function redactHeaderValue(name: string, value: string): string {
  if (!isSecretHeaderName(name)) return redactIssuedSecrets(value);
  const scheme = /^(Bearer|Basic|Digest|Token)\s/i.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

export function redactHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    out[name] = redactHeaderValue(name, Array.isArray(raw) ? raw.join(', ') : String(raw));
  }
  return out;
}

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)\S*\?/i;

/** What stands for a value nested deeper than MAX_NESTING: the walk stops there (a body can be nested thousands of levels deep). */
export const TOO_DEEP = '[nested too deep: not kept]';

/** A parsed JSON value with the value of every field whose name says secret cut, and issued secrets cut anywhere. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_NESTING) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = saysSecret(key) && inner !== null && inner !== '' ? REDACTED : redactJson(inner, depth + 1);
  return out;
}

/** A string value: a URL in a field (a webhook endpoint's `?token=`) follows the URL rules; issued secrets are cut anywhere. */
function redactString(value: string): string {
  if (value.includes('?') && URL_LIKE.test(value)) return redactUrlSecrets(value);
  return value.includes('pis_') || value.includes('whsec_') ? redactIssuedSecrets(value) : value;
}

/** A `"name": "value"` pair of JSON text, the value possibly cut short. */
const JSON_STRING_FIELD = /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g;
const JSON_KEY = /"((?:[^"\\]|\\.){1,100})"\s*:/g;

/**
 * Whether JSON text has anything to cut: a secret-named key, an issued secret, or a query string
 * (a URL in a field). Most answers have none, and this scan costs a fraction of parsing them.
 */
function jsonMayHoldSecrets(text: string): boolean {
  if (text.includes('?') || text.includes('pis_') || text.includes('whsec_')) return true;
  for (const match of text.matchAll(JSON_KEY)) if (saysSecret(match[1] as string)) return true;
  return false;
}

/**
 * A body's text as the log keeps it: JSON redacted field by field. JSON that does not parse (cut
 * at a bound) still loses the string value of each field whose name says secret; any text loses
 * issued secrets.
 */
export function redactBodyText(text: string): string {
  const start = text.trimStart()[0];
  if ((start === '{' || start === '[') && jsonMayHoldSecrets(text)) {
    try {
      return JSON.stringify(redactJson(JSON.parse(text)));
    } catch {
      return redactIssuedSecrets(text.replace(JSON_STRING_FIELD, (pair, name: string, colon: string, _value: string, close: string) => (saysSecret(name) ? `"${name}"${colon}"${REDACTED}${close}` : pair)));
    }
  }
  return redactIssuedSecrets(text);
}
