import type { StartedRun } from './runs.js';

/**
 * A run's credentials under the names an integration reads them by: the environment of
 * `certify run --command`, and the `.env` block the workspace shows once (docs/certification.md
 * lists them). The sign-in pair is given only when `certify run` seeded a fresh folder.
 */
export function runEnvironment(runId: string, url: string, c: StartedRun['credentials'], signIn?: { email: string; password: string }): Record<string, string> {
  const env: Record<string, string> = { BASE_URL: c.base_url, CERTIFY_RUN_ID: runId, CERTIFY_RUN_URL: url };
  if (c.automation_key) env['AUTOMATION_KEY'] = c.automation_key;
  if (c.developer_key) env['DEVELOPER_KEY'] = c.developer_key;
  if (c.oauth_client) {
    env['OAUTH_CLIENT_ID'] = c.oauth_client.client_id;
    env['OAUTH_CLIENT_SECRET'] = c.oauth_client.client_secret;
    env['OAUTH_REDIRECT_URI'] = c.oauth_client.redirect_uris[0] as string;
    env['OAUTH_AUTHORIZE_URL'] = `${c.base_url}/api/oauth/authorize`;
    env['OAUTH_TOKEN_URL'] = `${c.base_url}/api/oauth/token`;
    env['OAUTH_REVOKE_URL'] = `${c.base_url}/api/oauth/revoke`;
    env['OAUTH_ACCESS_TOKEN_TTL_SECONDS'] = String(c.oauth_client.access_token_lifetime_seconds);
  }
  if (c.webhook) {
    env['WEBHOOK_URL'] = c.webhook.url;
    if (c.webhook.secret) env['WEBHOOK_SECRET'] = c.webhook.secret;
  }
  if (signIn) {
    env['SIGN_IN_EMAIL'] = signIn.email;
    env['SIGN_IN_PASSWORD'] = signIn.password;
  }
  return env;
}

/** `NAME=value` lines a `.env` file (dotenv, `node --env-file`, docker) reads as they are: the values hold no space, quote or newline. */
export const envFileText = (env: Record<string, string>): string =>
  Object.entries(env)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n');
