/**
 * What the suite needs to talk to a deployment, one field per credential of the spec. Every field
 * is optional: a check that needs a missing one is skipped, with the flag or variable to set.
 */
export interface Credentials {
  developerKey: string;
  automationKey: string;
  partnerCredential: string;
  oauthClientId: string;
  oauthClientSecret: string;
  oauthRedirectUri: string;
  userEmail: string;
  userPassword: string;
  /** The organisation the operator issued the keys for (what the instrument's organizationId must name). */
  organizationId: string;
}

export type CredentialName = keyof Credentials;

/** Flag and environment variable of each credential (the env names are the issue's). */
export const CREDENTIAL_SOURCES: Record<CredentialName, { flag: string; env: string }> = {
  developerKey: { flag: '--developer-key', env: 'DEVELOPER_KEY' },
  automationKey: { flag: '--automation-key', env: 'AUTOMATION_KEY' },
  partnerCredential: { flag: '--partner-credential', env: 'PARTNER_CREDENTIAL' },
  oauthClientId: { flag: '--oauth-client-id', env: 'OAUTH_CLIENT_ID' },
  oauthClientSecret: { flag: '--oauth-client-secret', env: 'OAUTH_CLIENT_SECRET' },
  oauthRedirectUri: { flag: '--oauth-redirect-uri', env: 'OAUTH_REDIRECT_URI' },
  userEmail: { flag: '--user-email', env: 'USER_EMAIL' },
  userPassword: { flag: '--user-password', env: 'USER_PASSWORD' },
  organizationId: { flag: '--organization-id', env: 'ORGANIZATION_ID' },
};

/** Flags win over the environment; blank values count as absent. */
export function resolveCredentials(flags: Partial<Record<CredentialName, string>>, env: NodeJS.ProcessEnv): Partial<Credentials> {
  const out: Partial<Credentials> = {};
  for (const [name, source] of Object.entries(CREDENTIAL_SOURCES) as [CredentialName, { env: string }][]) {
    const value = flags[name]?.trim() || env[source.env]?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/** The same demo credentials a reference server prints, in the suite's shape. */
export function fromDemo(demo: {
  organizationId: string;
  developerKey: string;
  automationKey: string;
  partnerCredential: string;
  oauthClient: { clientId: string; clientSecret: string; redirectUri: string };
  user: { email: string; password: string };
}): Credentials {
  return {
    developerKey: demo.developerKey,
    automationKey: demo.automationKey,
    partnerCredential: demo.partnerCredential,
    oauthClientId: demo.oauthClient.clientId,
    oauthClientSecret: demo.oauthClient.clientSecret,
    oauthRedirectUri: demo.oauthClient.redirectUri,
    userEmail: demo.user.email,
    userPassword: demo.user.password,
    organizationId: demo.organizationId,
  };
}
