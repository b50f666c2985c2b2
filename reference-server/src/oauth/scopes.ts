import { OAUTH_SCOPES, type OAuthScope } from '../tenancy/index.js';

/**
 * What each scope lets a client do on the partner GraphQL API, in the words the consent page
 * shows. `all` is a superset of the other two (docs/oauth.md, docs/decisions/oauth-scopes.md).
 */
export const SCOPE_DESCRIPTIONS: Record<OAuthScope, { title: string; detail: string }> = {
  basic: {
    title: 'Know who you are',
    detail: 'Your name, email address and organisation.',
  },
  profile: {
    title: 'Read your evaluations',
    detail: "Your organisation's submissions, investment profiles, scores, founders and reports.",
  },
  all: {
    title: 'Work on your behalf',
    detail: 'Everything above, plus creating submissions and reading your connected integrations and webhook subscriptions.',
  },
};

/** Scope strings (RFC 6749 §3.3) are space-delimited; order and repeats carry no meaning. */
export function parseScope(value: string): { scopes: OAuthScope[]; unknown: string[] } {
  const names = [...new Set(value.split(' ').filter(Boolean))];
  const unknown = names.filter((n) => !(OAUTH_SCOPES as readonly string[]).includes(n));
  const scopes = OAUTH_SCOPES.filter((s) => names.includes(s));
  return { scopes, unknown };
}

export const formatScope = (scopes: readonly OAuthScope[]): string => OAUTH_SCOPES.filter((s) => scopes.includes(s)).join(' ');

export const isSubset = (wanted: readonly OAuthScope[], granted: readonly OAuthScope[]): boolean =>
  wanted.every((s) => granted.includes(s));
