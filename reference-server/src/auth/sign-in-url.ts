/** Where people sign in: the OAuth surface serves the page, the workspace sends people to it. */
export const SIGN_IN_PATH = '/api/oauth/sign-in';
const DEFAULT_RETURN = '/workspace';

/** A base no request can name: resolving against it shows whether a value leaves this origin. */
const RESOLVE_BASE = 'http://return-to.invalid';

/**
 * Where a sign-in may send the browser afterwards: only a path of the workspace on this origin.
 * The value is resolved first, the way the browser will (dot segments, `%2e%2e` included), and
 * the resolved path checked, so `/workspace/../../x` cannot leave `/workspace`. Anything else
 * (another host, `//host`, a backslash trick) falls back to the workspace home, so the sign-in
 * page cannot be used as an open redirect; what is returned is the resolved form.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\\\s]/.test(value)) return DEFAULT_RETURN;
  let resolved: URL;
  try {
    resolved = new URL(value, RESOLVE_BASE);
  } catch {
    return DEFAULT_RETURN;
  }
  if (resolved.origin !== RESOLVE_BASE || !/^\/workspace(?:\/|$)/.test(resolved.pathname)) return DEFAULT_RETURN;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

export const signInUrl = (returnTo: string): string => `${SIGN_IN_PATH}?return_to=${encodeURIComponent(safeReturnPath(returnTo))}`;
