import { describe, expect, it } from 'vitest';
import { formatBanner } from './banner.js';

/**
 * The banner of a server on a database (found walking docs/hosted-sandbox.md): it spoke of a data
 * folder to delete, and of keys issued without `--database-url`; behind a balancer it showed the
 * listening address where partners need the public one.
 */
describe('the start-up banner', () => {
  it('of a server joining a seeded database names the database and how to issue keys for it', () => {
    const text = formatBanner('http://10.0.0.11:8787', { kind: 'database', shown: 'postgres://sandbox:***@db/sandbox' }, undefined, 'https://sandbox.example.com');
    expect(text).toContain('(database: postgres://sandbox:***@db/sandbox)');
    expect(text).toContain('This database was seeded earlier');
    expect(text).toContain('key create … --database-url');
    expect(text).not.toContain('folder');
    expect(text).toContain('Reached by partners at https://sandbox.example.com');
    expect(text).toMatch(/Workspace\s+https:\/\/sandbox\.example\.com\/workspace/);
    expect(text).not.toMatch(/OAuth 2\.0\s+http:\/\/10\.0\.0\.11/);
  });

  it('of a server on a folder keeps its words, and its own address when it has no public one', () => {
    const text = formatBanner('http://127.0.0.1:8787', { kind: 'folder', shown: '/srv/data' }, undefined);
    expect(text).toContain('(data: /srv/data)');
    expect(text).toContain('This data folder was seeded earlier');
    expect(text).toContain('delete the folder');
    expect(text).not.toContain('Reached by partners');
    expect(text).toMatch(/Workspace\s+http:\/\/127\.0\.0\.1:8787\/workspace/);
  });
});
