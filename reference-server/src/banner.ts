import type { DemoCredentials } from './seed.js';

/** The start-up text a developer reads: the workspace to open first, where each surface is and, once, the demo secrets. */
export function formatBanner(url: string, dataDir: string, demo: DemoCredentials | undefined): string {
  const lines = [
    '',
    `Partner integration reference server on ${url}  (data: ${dataDir})`,
    '',
    // Where a person starts: keys, webhooks, request log and certification are all in the workspace.
    `  Workspace           ${url}/workspace   (open in a browser; sign in as an organisation's user)`,
    `  Health              GET  ${url}/api`,
    `  OAuth 2.0           ${url}/api/oauth/authorize · /api/oauth/token · /api/oauth/revoke`,
    `  OAuth metadata      ${url}/.well-known/oauth-authorization-server`,
    `  Partner GraphQL     POST ${url}/api`,
    `  Assessment API      ${url}/api/v1        (x-api-key: developer key)`,
    `  Automation API      ${url}/api/automation (x-api-key: automation key)`,
    '',
  ];
  if (!demo) {
    lines.push(
      '  This data folder was seeded earlier; its secrets were shown then and are stored only as hashes.',
      '  Issue new ones with `npx reference-server key create …`, or start over: stop, delete the folder, start.',
      '',
    );
    return lines.join('\n');
  }
  lines.push(
    `  Demo organisation   ${demo.organizationName} (${demo.organizationId})`,
    `  Investor login      ${demo.user.email} / ${demo.user.password}`,
    `  Developer key       ${demo.developerKey}`,
    `  Automation key      ${demo.automationKey}`,
    `  Partner credential  ${demo.partnerCredential}`,
    `  OAuth client id     ${demo.oauthClient.clientId}`,
    `  OAuth client secret ${demo.oauthClient.clientSecret}`,
    `  OAuth redirect URIs ${demo.oauthClient.redirectUris.join('\n                      ')}`,
    '',
    '  These secrets are shown once: the data folder keeps only their hashes.',
    '',
  );
  return lines.join('\n');
}
