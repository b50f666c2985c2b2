import type { Response } from 'express';

/**
 * What the OAuth surface found out about a request it answered, for whoever watches its client
 * (a certification run): the surface alone reads credentials and cookies, so a watcher never
 * decodes them again and never counts a claim the surface did not verify.
 */
export interface OAuthEvidence {
  /** The client the request names (client_id, or the Basic user name), proven or not. */
  named?: string;
  /** The client whose secret the token or revocation endpoint verified. */
  authenticated?: string;
  /** The browser an authorization request came from: the pages' random per-browser id. */
  browser?: string;
  /** The consent form issued a code: that browser completed sign-in and consent for `named`. */
  codeIssued?: boolean;
}

const KEY = 'oauthEvidence';

export function tellOAuthWatch(res: Response, evidence: OAuthEvidence): void {
  res.locals[KEY] = { ...(res.locals[KEY] as OAuthEvidence | undefined), ...evidence };
}

export const oauthEvidence = (res: Response): OAuthEvidence => (res.locals[KEY] as OAuthEvidence | undefined) ?? {};
