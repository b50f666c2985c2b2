import { createHash } from 'node:crypto';
import { observeAuthorize } from './oauth-grading.js';
import type { AuthorizeFacts, HeldAuthorize, RunRecord } from './run-records.js';

/**
 * Requests that name a run's OAuth client are graded only once they have proved to be the
 * run's client (docs/decisions: who a certification run grades). Anyone who saw an authorize URL
 * can send one with a wrong redirect URI, or a token request with a bad code: those are kept
 * here, shown on the run page as "not counted", and never reach a check or a report.
 */

/** Held authorization requests kept per run, and not-counted lines shown: a stranger's flood stays this small. */
export const HELD_KEPT = 20;
export const NOT_COUNTED_SHOWN = 20;
/** A redirect URI longer than this is cut in what is kept (a real client's URI is far shorter). */
const REDIRECT_KEPT = 300;

const iso = (at: number) => new Date(at).toISOString();

/** The browser's random page id, as kept in a run: a digest, so a run record gives nobody a cookie to replay. */
export const browserDigest = (browser: string): string => createHash('sha256').update(browser).digest('base64url').slice(0, 22);

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** What an authorization request (its query, or the consent form's hidden fields) asked for. */
export function authorizeFacts(run: RunRecord, source: Record<string, unknown>): AuthorizeFacts {
  const redirect = text(source['redirect_uri']);
  const method = text(source['code_challenge_method']);
  return {
    redirect: redirect === undefined ? null : redirect.slice(0, REDIRECT_KEPT),
    registered: redirect !== undefined && run.integration.redirectUris.includes(redirect),
    state: text(source['state']) !== undefined,
    challenge: text(source['code_challenge']) !== undefined,
    challengeMethod: method === undefined ? null : method === 'S256' || method === 'plain' ? method : 'other',
  };
}

/** Records a line about a request that was not counted; no text of the request itself goes in. */
export function notCounted(run: RunRecord, at: number, note: string): void {
  const log = (run.notCounted ??= { total: 0, latest: [] });
  log.total += 1;
  log.latest = [...log.latest, { at: iso(at), note }].slice(-NOT_COUNTED_SHOWN);
}

const describeHeld = ({ facts }: HeldAuthorize): string =>
  `GET /api/oauth/authorize with ${facts.registered ? 'a registered' : facts.redirect === null ? 'no' : 'an unregistered'} redirect URI, state ${facts.state ? 'set' : 'missing'}, ${facts.challengeMethod === 'S256' ? 'an S256' : 'no S256'} code challenge`;

/** An authorization request naming the run's client: held until that browser completes sign-in and consent. */
export function holdAuthorize(run: RunRecord, held: HeldAuthorize): void {
  const list = (run.oauth.held ??= []);
  // The same request again from the same browser (the page shown again after sign-in) is one request.
  const same = JSON.stringify(held.facts);
  if (list.some((h) => h.browser === held.browser && JSON.stringify(h.facts) === same)) return;
  list.push(held);
  // The oldest held request makes room: it was never completed, so it is not counted.
  while (list.length > HELD_KEPT) {
    const dropped = list.shift() as HeldAuthorize;
    notCounted(run, dropped.at, `${describeHeld(dropped)}: no sign-in and consent followed`);
  }
}

/**
 * The browser completed sign-in and consent for the run's client (a code was issued): every
 * authorization request held for that browser is the client's and is graded now; if none is
 * held, the completed request itself (the consent form carries its parameters) is.
 */
export function completeAuthorize(run: RunRecord, browser: string, at: number, completed: AuthorizeFacts): void {
  const held = run.oauth.held ?? [];
  const mine = held.filter((h) => h.browser === browser);
  run.oauth.held = held.filter((h) => h.browser !== browser);
  if (mine.length === 0) observeAuthorize(run, at, completed);
  for (const h of mine) observeAuthorize(run, h.at, h.facts);
}

/** What the run page lists as not counted: the lines recorded, and the requests still held (never completed so far). */
export function notCountedOf(run: RunRecord): { total: number; lines: Array<{ at: string; note: string }> } {
  const held = (run.oauth.held ?? []).map((h) => ({ at: iso(h.at), note: `${describeHeld(h)}: ${run.status === 'running' ? 'no sign-in and consent from that browser yet' : 'no sign-in and consent followed'}` }));
  const lines = [...(run.notCounted?.latest ?? []), ...held].sort((a, b) => a.at.localeCompare(b.at));
  return { total: (run.notCounted?.total ?? 0) + held.length, lines };
}
