import { type LoggedRequest, REDACTED } from '../../http/index.js';

/**
 * A logged request as a curl command to run again: the same method, URL, every header as it came
 * and the body, with every secret the log cut replaced by a shell variable named for what it is
 * ($AUTOMATION_KEY in `x-api-key`, $ACCESS_TOKEN in `authorization: Bearer`, $CLIENT_SECRET in a
 * body's `client_secret`…), never the secret itself (the log does not have it). Two credentials
 * sent side by side stay two variables: replaying shows what was sent, not what was accepted.
 */

/** The key in `x-api-key`, by the API it was sent to: each takes one kind. */
const API_KEY_VARIABLES: Record<LoggedRequest['surface'], string> = {
  automation: 'AUTOMATION_KEY',
  assessment: 'DEVELOPER_KEY',
  graphql: 'API_KEY',
};

/**
 * Headers that describe the connection the request came on (curl sets its own) or were added by a
 * proxy in front of the server; every other header is sent again as it came.
 */
const LEFT_OUT = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

type Part = string | { variable: string };

/** `name` as a shell variable's name: `client_secret` → `CLIENT_SECRET`. */
const variableName = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase() || 'SECRET';

/** In double quotes, so variables expand; everything else is escaped so it stays literal. */
const doubleQuoted = (parts: readonly Part[]) => `"${parts.map((p) => (typeof p === 'string' ? p.replace(/[\\"$`]/g, '\\$&') : `$${p.variable}`)).join('')}"`;
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Literal text in single quotes, each variable in double quotes beside it: one shell word. */
const mixedQuoted = (parts: readonly Part[]) =>
  parts
    .filter((p) => p !== '')
    .map((p) => (typeof p === 'string' ? singleQuoted(p) : `"$${p.variable}"`))
    .join('') || "''";

/** `text` with each `[redacted]` as the variable `name` gives for the text before it. */
function withVariables(text: string, pattern: RegExp, name: (match: RegExpMatchArray) => string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const cut = (match.index ?? 0) + match[0].length - REDACTED.length;
    parts.push(text.slice(last, cut), { variable: name(match) });
    last = cut + REDACTED.length;
  }
  parts.push(text.slice(last));
  return parts;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `name=[redacted]` in a query or a form body as `name=$NAME`. */
const PAIR = /(?:^|[?&;])([^=&;#?]+)=\[redacted\]/g;
/** `"name": "[redacted]"` in JSON. */
const JSON_PAIR = /"((?:[^"\\]|\\.){1,100})"\s*:\s*"\[redacted\]/g;
/** Any other cut: named for where it stands. */
const ANY_CUT = /\[redacted\]/g;

const pairName = (match: RegExpMatchArray) => variableName(decodeURIComponentSafe(match[1] ?? ''));

/** The variable of a header's credential: by the header, the scheme and the API it went to. */
function headerVariable(request: LoggedRequest, name: string, before: string): string {
  if (name === 'x-api-key') return API_KEY_VARIABLES[request.surface];
  if (name === 'authorization' || name === 'proxy-authorization') {
    if (/^bearer\s*$/i.test(before.trim())) return request.via === 'partner_credential' ? 'PARTNER_CREDENTIAL' : 'ACCESS_TOKEN';
    if (/^basic\s*$/i.test(before.trim())) return 'BASIC_CREDENTIALS';
  }
  return variableName(name);
}

function headerParts(request: LoggedRequest, name: string, value: string): Part[] {
  return [`${name}: `, ...withVariables(value, ANY_CUT, (match) => headerVariable(request, name, value.slice(0, match.index)))];
}

/** Cut values named by their field (each of `named` in turn), and any other cut as `fallback`. */
function cutsAsVariables(text: string, named: readonly RegExp[], fallback: string): Part[] {
  let parts: Part[] = [text];
  for (const pattern of [...named, ANY_CUT]) {
    parts = parts.flatMap((part) => (typeof part === 'string' ? withVariables(part, pattern, pattern === ANY_CUT ? () => fallback : pairName) : [part]));
  }
  return parts;
}

/** A body's cuts: by their field's name in JSON, or as a `name=` pair (a form, or a URL inside the body). */
const bodyParts = (text: string, contentType: string) => cutsAsVariables(text, /json/i.test(contentType) ? [JSON_PAIR, PAIR] : [PAIR], 'BODY_SECRET');

export function curlCommand(baseUrl: string, request: LoggedRequest): string {
  const url = `${baseUrl}${request.path}`;
  const lines = [`curl -X ${request.method} ${doubleQuoted(cutsAsVariables(url, [PAIR], 'URL_SECRET'))}`];
  const headers = Object.entries(request.exchange.requestHeaders).filter(([name]) => !LEFT_OUT.has(name));
  for (const [name, value] of headers) lines.push(`  -H ${doubleQuoted(headerParts(request, name, value))}`);
  // The client accepted a compressed answer: curl then decompresses it rather than print its bytes.
  if (headers.some(([name]) => name === 'accept-encoding')) lines.push('  --compressed');
  const body = request.exchange.requestBody;
  if (body) lines.push(`  --data-raw ${mixedQuoted(bodyParts(body.text, request.exchange.requestHeaders['content-type'] ?? ''))}`);
  return lines.join(' \\\n');
}
