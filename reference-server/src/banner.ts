import type { DemoCredentials } from './seed.js';

/** Where the sandbox is kept, as the banner names it: a data folder, or a database (its URL without the password). */
export interface BannerPlace {
  kind: 'folder' | 'database';
  shown: string;
}

/**
 * The start-up text a developer reads: the workspace to open first, where each surface is and, once,
 * the demo secrets. Behind a proxy (`publicUrl`) the addresses are the ones partners use.
 */
export function formatBanner(listening: string, place: BannerPlace, demo: DemoCredentials | undefined, publicUrl?: string): string {
  const url = publicUrl ?? listening;
  const kept = place.kind === 'database' ? 'database' : 'data folder';
  const lines = [
    '',
    `Partner integration reference server on ${listening}  (${place.kind === 'database' ? 'database' : 'data'}: ${place.shown})`,
    ...(publicUrl && publicUrl !== listening ? [`Reached by partners at ${publicUrl}`] : []),
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
      `  This ${kept} was seeded earlier; its secrets were shown then and are stored only as hashes.`,
      place.kind === 'database'
        ? '  Issue new ones with `npx reference-server key create … --database-url …` from anywhere that reaches the database.'
        : '  Issue new ones with `npx reference-server key create …`, or start over: stop, delete the folder, start.',
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
    `  These secrets are shown once: the ${kept} keeps only their hashes.`,
    '',
  );
  return lines.join('\n');
}
