import { describe, expect, it } from 'vitest';
import { twoServersOnPostgres } from '../../testing/postgres-context.js';
import { listKeys, rotateKey } from './index.js';
import { signingKey } from './signing-keys.js';

/** Issue 37 item 1, against a real PostgreSQL: two servers passing runs or rotating at once keep one signing key. */
const servers = twoServersOnPostgres();

const signingKeys = async () => (await listKeys(servers.a)).filter((k) => k.state === 'signing');

describe('two servers on one PostgreSQL', () => {
  it('make one certificate signing key when both need the first at once', async () => {
    const [onA, onB] = await Promise.all([signingKey(servers.a), signingKey(servers.b)]);
    expect(onA.kid).toBe(onB.kid);
    expect(await listKeys(servers.a)).toHaveLength(1);
  });

  it('keep one signing key when both rotate at once', async () => {
    await Promise.all([rotateKey(servers.a), rotateKey(servers.b)]);
    expect(await signingKeys()).toHaveLength(1);
    expect(await listKeys(servers.a)).toHaveLength(3);
  });
});
