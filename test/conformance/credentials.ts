/**
 * What the suite needs to talk to a deployment, one name per credential of the spec. Every one is
 * optional: a check that needs a missing one is skipped, with the flag or variable to set.
 * `organizationId` is the organisation the operator issued the keys for (what the instrument's
 * organizationId must name).
 */
const CREDENTIAL_NAMES = [
  'developerKey',
  'automationKey',
  'partnerCredential',
  'oauthClientId',
  'oauthClientSecret',
  'oauthRedirectUri',
  'userEmail',
  'userPassword',
  'organizationId',
] as const;

export type CredentialName = (typeof CREDENTIAL_NAMES)[number];
export type Credentials = Record<CredentialName, string>;

const words = (name: CredentialName) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** Flag and environment variable of each credential, from its name: userEmail → --user-email, USER_EMAIL (the env names are the issue's). */
export const CREDENTIAL_SOURCES = Object.fromEntries(
  CREDENTIAL_NAMES.map((name) => [name, { flag: `--${words(name)}`, env: words(name).replaceAll('-', '_').toUpperCase() }]),
) as Record<CredentialName, { flag: string; env: string }>;

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
