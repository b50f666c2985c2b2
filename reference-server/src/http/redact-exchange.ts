import { MAX_NESTING } from './nesting.js';
import { redactGraphqlDocument } from './redact-graphql.js';
import { mayHoldInlineSecrets, REDACTED, redactInlineSecrets, redactPairs, redactUrlSecrets } from './redact-url.js';
import { isSecretHeaderName, isSecretName } from './secret-names.js';

/**
 * The redaction policy applied to an HTTP exchange: headers, and bodies by what they are. One
 * rule for names (secret-names.ts) decides headers, query and form parameters, JSON keys at any
 * depth and GraphQL arguments; URLs (userinfo and query), `Bearer …` credentials, issued secrets
 * and JWTs are cut wherever they stand; a body the policy cannot read is not kept at all. Every
 * log and report that shows an exchange goes through here. See docs/decisions/redaction-policy.md.
 */

/** One header's value as a log keeps it: an authorization scheme stays (`Bearer [redacted]`), its credential does not. */
function redactHeaderValue(name: string, value: string): string {
  if (!isSecretHeaderName(name)) return redactInlineSecrets(value);
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

/** A path with a query standing alone as a value (`/cb?code=…`): the URL rules apply to it whole. */
const RELATIVE_URL = /^\/\S*\?/;

/** What stands for a value nested deeper than MAX_NESTING: the walk stops there (a body can be nested thousands of levels deep). */
export const TOO_DEEP = '[nested too deep: not kept]';

function redactString(key: string | undefined, value: string): string {
  // GraphQL over HTTP sends its document as `query`: its literals follow the GraphQL rules.
  if (key === 'query') return redactGraphqlDocument(value);
  return RELATIVE_URL.test(value) ? redactUrlSecrets(value) : redactInlineSecrets(value);
}

/** A parsed JSON value (or a parsed form) with the value of every secret-named field cut, at any depth, and every string by the inline rules. */
export function redactJson(value: unknown, depth = 0, key?: string): unknown {
  if (typeof value === 'string') return redactString(key, value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_NESTING) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) out[name] = isSecretName(name) && inner !== null && inner !== '' ? REDACTED : redactJson(inner, depth + 1, name);
  return out;
}

/** A `"name": "value"` pair of JSON text, the value possibly cut short. */
const JSON_STRING_FIELD = /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)"((?:[^"\\]|\\.)*)("?)/g;
const JSON_KEY = /"((?:[^"\\]|\\.){1,100})"\s*:/g;

/**
 * Whether JSON text has anything to cut: a secret-named key, a GraphQL document, a query string
 * or something the inline rules cut. Most answers have none, and this scan costs a fraction of
 * parsing them.
 */
function jsonMayHoldSecrets(text: string): boolean {
  if (text.includes('?') || text.includes('"query"') || mayHoldInlineSecrets(text)) return true;
  for (const match of text.matchAll(JSON_KEY)) if (isSecretName(match[1] as string)) return true;
  return false;
}

/** JSON text redacted field by field; JSON that does not parse (cut at a bound) still loses each secret-named field's string value. */
function redactJsonText(text: string): string {
  if (!jsonMayHoldSecrets(text)) return text;
  try {
    return JSON.stringify(redactJson(JSON.parse(text)));
  } catch {
    return redactInlineSecrets(text.replace(JSON_STRING_FIELD, (pair, name: string, colon: string, _value: string, close: string) => (isSecretName(name) ? `"${name}"${colon}"${REDACTED}${close}` : pair)));
  }
}

/** A form body: pairs judged by name like a query, and each other value (decoded) by the inline rules. */
function redactFormText(text: string): string {
  return redactPairs(text)
    .split(/([&;])/)
    .map((part, i) => {
      const equals = part.indexOf('=');
      if (i % 2 === 1 || equals < 0) return part;
      let value: string;
      try {
        value = decodeURIComponent(part.slice(equals + 1).replace(/\+/g, ' '));
      } catch {
        return part;
      }
      return mayHoldInlineSecrets(value) ? `${part.slice(0, equals + 1)}${encodeURIComponent(redactInlineSecrets(value))}` : part;
    })
    .join('');
}

/** `name=value`, `name: value` and `"name": "value"` in running text, the value kept whole (an auth scheme before it stays). */
const TEXT_PAIR = /(["']?)\b([A-Za-z_][A-Za-z0-9_.-]{0,60})\1(\s*[:=]\s*)("(?:[^"\\\n]|\\.)*"?|'[^'\n]*'?|(?:(?:Bearer|Basic|Digest|Token)\s+)?[^\s"',;&<>}]+)/g;
/** `<name>value</name>` in XML or HTML. */
const TEXT_ELEMENT = /<([A-Za-z][\w:.-]*)(\s[^<>]*)?>([^<]+)<\/\1\s*>/g;

function cutPairValue(value: string): string {
  const quote = value[0];
  if (quote === '"' || quote === "'") return `${quote}${REDACTED}${value.length > 1 && value.endsWith(quote) ? quote : ''}`;
  const scheme = /^(Bearer|Basic|Digest|Token)\s+/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** Text of any other readable kind (plain, HTML, XML, YAML, CSV): the inline rules, and secret-named pairs and elements. */
export function redactText(text: string): string {
  let out = redactInlineSecrets(text);
  if (out.includes('=') || out.includes(':')) out = out.replace(TEXT_PAIR, (pair, quote: string, name: string, separator: string, value: string) => (isSecretName(name) ? `${quote}${name}${quote}${separator}${cutPairValue(value)}` : pair));
  if (out.includes('</')) out = out.replace(TEXT_ELEMENT, (element, name: string, attributes: string | undefined) => (isSecretName(name) ? `<${name}${attributes ?? ''}>${REDACTED}</${name}>` : element));
  return out;
}

type BodyKind = 'json' | 'form' | 'graphql' | 'text' | 'opaque';

const TEXT_TYPES = /^text\/|xml|yaml|csv|javascript|ndjson|html/;

function bodyKind(mediaType: string, text: string): BodyKind {
  if (mediaType === '') {
    const start = text.trimStart()[0];
    return start === '{' || start === '[' ? 'json' : 'text';
  }
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'json';
  if (mediaType === 'application/x-www-form-urlencoded') return 'form';
  if (mediaType === 'application/graphql') return 'graphql';
  return TEXT_TYPES.test(mediaType) ? 'text' : 'opaque';
}

/**
 * A body's text as a log or report keeps it, by its media type: JSON field by field, a form pair
 * by pair, GraphQL literal by literal, other text by the text rules. A body of a type the policy
 * cannot read (binary, multipart, an unknown type) is not kept: a note says what it was.
 */
export function redactBodyText(text: string, contentType?: string | number | string[]): string {
  const mediaType = String(contentType ?? '')
    .split(';')[0]
    ?.trim()
    .toLowerCase() as string;
  switch (bodyKind(mediaType, text)) {
    case 'json':
      return redactJsonText(text);
    case 'form':
      return redactFormText(text);
    case 'graphql':
      return redactGraphqlDocument(text);
    case 'text':
      return redactText(text);
    case 'opaque':
      return `[${Buffer.byteLength(text)} bytes of ${mediaType}: not kept, the log keeps only bodies it can redact]`;
  }
}
