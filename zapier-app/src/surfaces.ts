import { baseUrl } from './config.js';

/**
 * Which of the platform's surfaces a URL belongs to. Each surface takes its own credential, and a
 * credential is only ever sent to its own surface on the configured platform: a URL elsewhere
 * (a file the user asked us to fetch, say) is `foreign` and gets no credential at all.
 */
export type Surface = 'graphql' | 'automation' | 'assessment' | 'oauth' | 'foreign';

export function surfaceOf(url: string): Surface {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(baseUrl());
  } catch {
    return 'foreign';
  }
  if (target.origin !== base.origin) return 'foreign';
  const prefix = base.pathname.replace(/\/+$/, '');
  if (!target.pathname.startsWith(`${prefix}/`)) return 'foreign';
  const path = target.pathname.slice(prefix.length);
  if (path === '/api') return 'graphql';
  if (path.startsWith('/api/automation/')) return 'automation';
  if (path.startsWith('/api/v1/')) return 'assessment';
  if (path.startsWith('/api/oauth/')) return 'oauth';
  return 'foreign';
}
