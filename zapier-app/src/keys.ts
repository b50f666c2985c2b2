import type { Bundle, ZObject } from 'zapier-platform-core';

/**
 * Where the README explains each key. There is no public documentation site: the repository's
 * README is it (the workspace's keys page has no fixed address, it is on each platform's own).
 */
export const KEY_HELP_URL = 'https://github.com/partner-integration-kit/partner-integration-kit/tree/main/zapier-app#getting-the-keys';

/**
 * The two API keys a connection may carry next to its OAuth tokens. Both are optional: a zap
 * builder who only uses the automation steps never needs a developer key, and the other way round.
 */
export const KEY_FIELDS = {
  automation: {
    key: 'automation_key',
    label: 'Automation Key',
    where:
      'An organisation admin creates it in the platform\'s workspace under **Automation keys** (`/workspace/keys` on the platform\'s address); it starts with `pis_auto_` and is shown once.',
  },
  assessment: {
    key: 'developer_key',
    label: 'Assessment Developer Key',
    where: "Your platform operator issues your organisation's developer key for the Assessment API (it starts with `pis_dev_`).",
  },
} as const;

export type KeyedSurface = keyof typeof KEY_FIELDS;

const USES: Record<KeyedSurface, string> = {
  automation: 'the Automation API (submissions, resources, transcripts and their triggers)',
  assessment: 'the Assessment API (assessments, results and benchmark tags)',
};

export function keyOf(bundle: Pick<Bundle, 'authData'>, surface: KeyedSurface): string | undefined {
  const value = bundle.authData?.[KEY_FIELDS[surface].key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The key a step needs, or an error telling the zap builder to reconnect with it. */
export function requireKey(z: Pick<ZObject, 'errors'>, bundle: Pick<Bundle, 'authData'>, surface: KeyedSurface): string {
  const key = keyOf(bundle, surface);
  if (key) return key;
  const field = KEY_FIELDS[surface];
  throw new z.errors.Error(
    `This step uses ${USES[surface]}, and this connection has no ${field.label}. Reconnect your account and enter the ${field.label}: ${field.where}`,
    `missing_${field.key}`,
  );
}

/** The message when the platform refuses a key the connection carries (revoked or mistyped). */
export function refusedKeyMessage(surface: KeyedSurface, apiMessage: string): string {
  const field = KEY_FIELDS[surface];
  return `The platform refused this connection's ${field.label} (${apiMessage}). Reconnect your account with a valid ${field.label}: ${field.where}`;
}
