import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '../http/org-request-log.js';
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
        '  -H "x-note: costs \\$5 \\`now\\`"',
        `  --data-raw '{"query":"{ me { name } }","variables":{"q":"O'\\''Brien"}}'`,
      ].join(' \\\n'),
    );
  });

  it('turns each cut query parameter into a variable of its own name', () => {
    const curl = curlCommand('http://127.0.0.1:8787', request({ via: 'partner_credential', method: 'GET', path: '/api/v1/x?client_secret=[redacted]&page=2&access%5Ftoken=[redacted]' }));
    expect(curl).toBe('curl -X GET "http://127.0.0.1:8787/api/v1/x?client_secret=$CLIENT_SECRET&page=2&access%5Ftoken=$ACCESS_TOKEN"');
  });
});
