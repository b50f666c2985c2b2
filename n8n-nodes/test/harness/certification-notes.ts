/**
 * What the package says in its certificate about the checks n8n's runtime decides, and about the
 * SHOULD it cannot meet (issue 26: "say which and how the node meets the check"). The same words
 * stand in the README's Certification section.
 */
export const N8N_CERTIFICATION_NOTES: Record<string, string> = {
	'api.honours-retry-after':
		"The node's own transport (transport/retry.ts): after a 429 or a 503 it waits the Retry-After the platform sent before its next attempt.",
	'api.bounded-retries':
		"The node's own policy: at most 3 retries, with exponential backoff and full jitter, then the step fails. When a user turns on n8n's Retry On Fail, n8n's tries share those retries after a 5xx or a timeout instead of multiplying them (helpers/common.ts settingsFor).",
	'oauth.state-and-pkce': "n8n's OAuth client does this for the credential, which asks for n8n's PKCE grant type.",
	'oauth.server-side-exchange': 'n8n exchanges the code from the n8n server (its /rest/oauth2-credential/callback), never from the browser.',
	'oauth.refreshes-on-expiry':
		"n8n's runtime does this, not the node: every partner call goes through n8n's httpRequestWithAuthentication with the OAuth2 credential, and n8n-core answers a 401 by refreshing the credential and sending the request again.",
	'oauth.uses-rotated-refresh-token': 'n8n-core stores the refresh token each refresh returns, under a per-credential lock, so the next refresh presents the newest one.',
	'oauth.revokes-on-disconnect':
		"n8n deletes an OAuth2 credential without calling the provider's revocation endpoint, and a node is not told when its credential is deleted, so the package cannot revoke. The README asks users to revoke the refresh token (POST /api/oauth/revoke) when they remove the credential; otherwise the grant lives until it expires.",
};
