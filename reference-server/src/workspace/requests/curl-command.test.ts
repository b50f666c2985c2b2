import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../../http/org-request-log.js';
import { curlCommand } from './curl-command.js';

const request = (overrides: Partial<LoggedRequest>): LoggedRequest => ({
  id: 'rql_1',
  surface: 'graphql',
  at: 0,
  method: 'POST',
  path: '/api',
  status: 200,
  latencyMs: 1,
  via: 'oauth_access_token',
  credentialId: 'tok_1',
  clientId: 'cli_1',
  fault: null,
  exchange: { requestHeaders: {}, requestBody: null, bodyNote: null, responseHeaders: {}, responseBody: null },
  ...overrides,
});

describe('copy as curl', () => {
  it('names the credential by how it was given, keeps the scheme, and quotes the body for the shell', () => {
    const curl = curlCommand(
      'https://sandbox.example',
      request({
        exchange: {
          requestHeaders: { host: 'sandbox.example', authorization: 'Bearer [redacted]', 'content-type': 'application/json', 'sec-fetch-mode': 'cors', 'x-note': 'costs $5 `now`' },
          requestBody: { text: `{"query":"{ me { name } }","variables":{"q":"O'Brien"}}`, truncated: false },
          bodyNote: null,
          responseHeaders: {},
          responseBody: null,
        },
      }),
    );
    expect(curl).toBe(
      [
        'curl -X POST "https://sandbox.example/api"',
        '  -H "authorization: Bearer $ACCESS_TOKEN"',
        '  -H "content-type: application/json"',
        '  -H "sec-fetch-mode: cors"',
        '  -H "x-note: costs \\$5 \\`now\\`"',
        `  --data-raw '{"query":"{ me { name } }","variables":{"q":"O'\\''Brien"}}'`,
      ].join(' \\\n'),
    );
  });

  it('keeps every header as sent, each credential a variable named for what it is', () => {
    // What an integration sent to the Automation API with a stray bearer token beside its key.
    const curl = curlCommand(
      'http://127.0.0.1:8787',
      request({
        surface: 'automation',
        via: 'automation_key',
        method: 'GET',
        path: '/api/automation/me',
        exchange: {
          requestHeaders: { host: '127.0.0.1:8787', 'x-api-key': '[redacted]', authorization: 'Bearer [redacted]', 'user-agent': 'Zapier', 'accept-encoding': 'gzip', 'x-session-id': '[redacted]' },
          requestBody: null,
          bodyNote: null,
          responseHeaders: {},
          responseBody: null,
        },
      }),
    );
    expect(curl).toBe(
      [
        'curl -X GET "http://127.0.0.1:8787/api/automation/me"',
        '  -H "x-api-key: $AUTOMATION_KEY"',
        '  -H "authorization: Bearer $ACCESS_TOKEN"',
        '  -H "user-agent: Zapier"',
        '  -H "accept-encoding: gzip"',
        '  -H "x-session-id: $X_SESSION_ID"',
        '  --compressed',
      ].join(' \\\n'),
    );
  });

  it('names a developer key, a partner credential, Basic credentials and the secrets of a body', () => {
    const assessment = curlCommand('http://h', request({ surface: 'assessment', via: 'developer_key', method: 'GET', path: '/api/v1/x', exchange: { requestHeaders: { 'x-api-key': '[redacted]' }, requestBody: null, bodyNote: null, responseHeaders: {}, responseBody: null } }));
    expect(assessment).toContain('-H "x-api-key: $DEVELOPER_KEY"');
    const partner = curlCommand('http://h', request({ via: 'partner_credential', exchange: { requestHeaders: { authorization: 'Bearer [redacted]' }, requestBody: null, bodyNote: null, responseHeaders: {}, responseBody: null } }));
    expect(partner).toContain('-H "authorization: Bearer $PARTNER_CREDENTIAL"');
    const token = curlCommand(
      'http://h',
      request({
        path: '/api/oauth/token',
        exchange: {
          requestHeaders: { authorization: 'Basic [redacted]', 'content-type': 'application/x-www-form-urlencoded' },
          requestBody: { text: 'grant_type=refresh_token&refresh_token=[redacted]', truncated: false },
          bodyNote: null,
          responseHeaders: {},
          responseBody: null,
        },
      }),
    );
    expect(token).toContain('-H "authorization: Basic $BASIC_CREDENTIALS"');
    expect(token).toContain(`--data-raw 'grant_type=refresh_token&refresh_token='"$REFRESH_TOKEN"`);
    const json = curlCommand('http://h', request({ exchange: { requestHeaders: { 'content-type': 'application/json' }, requestBody: { text: '{"password":"[redacted]","note":"it\'s"}', truncated: false }, bodyNote: null, responseHeaders: {}, responseBody: null } }));
    expect(json).toContain(`--data-raw '{"password":"'"$PASSWORD"'","note":"it'\\''s"}'`);
  });

  it('turns each cut query parameter into a variable of its own name', () => {
    const curl = curlCommand('http://127.0.0.1:8787', request({ via: 'partner_credential', method: 'GET', path: '/api/v1/x?client_secret=[redacted]&page=2&access%5Ftoken=[redacted]' }));
    expect(curl).toBe('curl -X GET "http://127.0.0.1:8787/api/v1/x?client_secret=$CLIENT_SECRET&page=2&access%5Ftoken=$ACCESS_TOKEN"');
  });

  it('runs in bash as the request that was sent, once the variables are set', () => {
    const curl = curlCommand(
      'http://h',
      request({
        path: '/api?x=1&client_secret=[redacted]',
        exchange: {
          requestHeaders: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
          requestBody: { text: `{"password":"[redacted]","note":"it's $HOME"}`, truncated: false },
          bodyNote: null,
          responseHeaders: {},
          responseBody: null,
        },
      }),
    );
    // curl stood in for by a function that prints each argument it is given on a line.
    const argv = execFileSync('bash', ['--norc', '--noprofile', '-c', `curl() { printf '%s\\n' "$@"; }\n${curl}`], { env: { PASSWORD: 'pw', ACCESS_TOKEN: 'tok', CLIENT_SECRET: 'cs' } }).toString();
    expect(argv.split('\n').slice(0, -1)).toEqual(['-X', 'POST', 'http://h/api?x=1&client_secret=cs', '-H', 'content-type: application/json', '-H', 'authorization: Bearer tok', '--data-raw', `{"password":"pw","note":"it's $HOME"}`]);
  });
});
