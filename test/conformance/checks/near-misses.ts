/**
 * A secret's near misses: what a deployment that looks keys up by prefix or by their id part,
 * compares case-insensitively or ignores the length wrongly accepts. Far-off made-up values
 * catch none of those bugs.
 */
export function nearMisses(secret: string): Record<string, string> {
  return {
    'with the last character changed': `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
    'one character short': secret.slice(0, -1),
    'with one character extra': `${secret}x`,
    ...(secret.toUpperCase() !== secret ? { 'upper-cased': secret.toUpperCase() } : {}),
  };
}
