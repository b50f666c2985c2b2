/**
 * The platform this integration talks to and the OAuth client it is, read from the environment
 * Zapier gives the app (`zapier-platform env:set <version> BASE_URL=… CLIENT_ID=… CLIENT_SECRET=…`).
 * Read on every call, never at load time: Zapier injects the environment after the code loads.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`The integration is not configured: environment variable ${name} is missing.`);
  return value;
}

/** The platform's base URL without a trailing slash, e.g. `https://platform.example.com`. */
export const baseUrl = (): string => required('BASE_URL').replace(/\/+$/, '');
export const clientId = (): string => required('CLIENT_ID');
export const clientSecret = (): string => required('CLIENT_SECRET');

export const apiUrl = (path: `/${string}`): string => `${baseUrl()}${path}`;
