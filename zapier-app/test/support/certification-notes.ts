/**
 * What the app says in its certificate about the checks Zapier's platform decides, and about the
 * SHOULD it cannot meet (issue 26: "where Zapier's platform does the work, the report says so").
 * The same words stand in the README's Certification section.
 */
export const ZAPIER_CERTIFICATION_NOTES: Record<string, string> = {
  'api.honours-retry-after':
    "Zapier's platform does the waiting: the app's afterResponse middleware turns a 429 (and a 503 with Retry-After) into a ThrottledError carrying that delay, and Zapier runs the step again after it.",
  'api.bounded-retries': 'A 503 without Retry-After stops the step with an error: the app has no retry loop, and Zapier does not resend a failed step by itself.',
  'api.idempotent-create':
    "Zapier resends no step, so Create Submission sends its create again itself, with the same Record ID, when the connection dropped before the answer.",
  'api.paginates': 'Zapier asks the Submission dropdown for page 0, 1, 2 … as a builder scrolls; the app follows next_cursor from one page to the next.',
  'oauth.state-and-pkce': "Zapier's OAuth flow sends state, and the app asks for PKCE (enablePkce).",
  'oauth.refreshes-on-expiry':
    "On a 401 from GraphQL the app throws RefreshAuthError; Zapier then calls the app's refreshAccessToken and retries the step (autoRefresh stays off so a refused API key is not mistaken for an expired token).",
  'oauth.uses-rotated-refresh-token': 'refreshAccessToken returns the rotated refresh token, and Zapier stores what it returns in place of the old one.',
  'oauth.revokes-on-disconnect':
    "Zapier calls nothing in the app when a connection is deleted, so the app cannot revoke its token. Revoke it yourself (POST /api/oauth/revoke) when you remove the connection; otherwise the grant lives until it expires.",
};
