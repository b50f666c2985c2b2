import { type LoggedRequest, REDACTED } from '../http/index.js';

/**
 * A logged request as a curl command to run again: the same method, URL, headers and body, with
 * every secret the log cut replaced by a shell variable the person sets from what they hold
 * ($AUTOMATION_KEY, $ACCESS_TOKEN…), never the secret itself (the log does not have it).
 */

/** The variable a request's own credential becomes, by how it was given. */
const CREDENTIAL_VARIABLES: Record<LoggedRequest['via'], string> = {
  automation_key: 'AUTOMATION_KEY',
  developer_key: 'DEVELOPER_KEY',
  partner_credential: 'PARTNER_CREDENTIAL',
  oauth_access_token: 'ACCESS_TOKEN',
  unknown: 'API_KEY',
};

/** Headers curl sets itself, or that only describe the connection the request came on (and `sec-*`, which only browsers and fetch set). */
const LEFT_OUT = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'accept-encoding', 'user-agent', 'cookie', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']);

type Part = string | { variable: string };

/** `name` as a shell variable's name: `client_secret` → `CLIENT_SECRET`. */
const variableName = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '').toUpperCase() || 'SECRET';

/** In double quotes, so variables expand; everything else is escaped so it stays literal. */
const doubleQuoted = (parts: readonly Part[]) => `"${parts.map((p) => (typeof p === 'string' ? p.replace(/[\\"$`]/g, '\\$&') : `$${p.variable}`)).join('')}"`;
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The URL with each `name=[redacted]` of its query as `name=$NAME`. */
function urlParts(url: string): Part[] {
  const parts: Part[] = [];
  const pattern = /([?&;])([^=&;#]+)=\[redacted\]/g;
  let last = 0;
  for (const match of url.matchAll(pattern)) {
    const [whole, separator, name] = match as unknown as [string, string, string];
    parts.push(url.slice(last, match.index), `${separator}${name}=`, { variable: variableName(decodeURIComponentSafe(name)) });
    last = match.index + whole.length;
  }
  parts.push(url.slice(last));
  return parts;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function headerParts(request: LoggedRequest, name: string, value: string): Part[] {
  if (!value.includes(REDACTED)) return [`${name}: ${value}`];
  const own = name === 'x-api-key' || name === 'authorization' ? CREDENTIAL_VARIABLES[request.via] : variableName(name);
  const [before, after] = value.split(REDACTED) as [string, string];
  return [`${name}: ${before}`, { variable: own }, after];
}

export function curlCommand(baseUrl: string, request: LoggedRequest): string {
  const lines = [`curl -X ${request.method} ${doubleQuoted(urlParts(`${baseUrl}${request.path}`))}`];
  for (const [name, value] of Object.entries(request.exchange.requestHeaders)) {
    if (!LEFT_OUT.has(name) && !name.startsWith('sec-')) lines.push(`  -H ${doubleQuoted(headerParts(request, name, value))}`);
  }
  const body = request.exchange.requestBody;
  if (body) lines.push(`  --data-raw ${singleQuoted(body.text)}`);
  return lines.join(' \\\n');
}
