import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packedFiles, repoRoot } from './pack-contents.js';

/** The n8n community package as npm would publish it: the built nodes and credentials and nothing of the repository's own. */
describe('n8n-nodes-evaluation-platform tarball', () => {
  const files = packedFiles('n8n-nodes');
  const manifest = JSON.parse(readFileSync(`${repoRoot}n8n-nodes/package.json`, 'utf8')) as {
    n8n: { nodes: string[]; credentials: string[] };
    repository?: { url?: string; directory?: string };
    homepage?: string;
    bugs?: { url?: string };
  };

  it('holds only dist/, the README, the LICENSE and package.json', () => {
    const outside = files.filter((path) => !path.startsWith('dist/') && !['README.md', 'LICENSE.md', 'package.json'].includes(path));
    expect(outside).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE.md', 'package.json']));
  });

  it('holds no tests, test source maps or TypeScript sources', () => {
    expect(files.filter((path) => /(^|\/)test(s)?\/|\.test\.|\.spec\./.test(path))).toEqual([]);
    expect(files.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([]);
  });

  it('holds every node and credential package.json declares to n8n, with their icons', () => {
    expect(files).toEqual(expect.arrayContaining([...manifest.n8n.nodes, ...manifest.n8n.credentials]));
    expect(files.filter((path) => path.endsWith('.svg')).length).toBeGreaterThan(0);
  });

  it('names its source repository, as n8n requires of packages published with provenance', () => {
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\/github\.com\/.+\.git$/);
    expect(manifest.repository?.directory).toBe('n8n-nodes');
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.bugs?.url).toMatch(/^https:\/\//);
  });
});
