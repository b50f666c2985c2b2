import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serversOnPostgres, type ServersOnPostgres } from '../../testing/postgres-context.js';
import type { AppContext } from '../context.js';
import { listKeys, rotateKey } from './index.js';
import { signingKey } from './signing-keys.js';

/** Issue 37 item 1, against a real PostgreSQL: two servers passing runs or rotating at once keep one signing key. */
let pg: ServersOnPostgres;
let a: AppContext;
let b: AppContext;

beforeAll(async () => {
  pg = await serversOnPostgres(2);
  [a, b] = pg.servers as [AppContext, AppContext];
});
afterAll(() => pg?.close());

const signingKeys = async () => (await listKeys(a)).filter((k) => k.state === 'signing');

describe('two servers on one PostgreSQL', () => {
  it('make one certificate signing key when both need the first at once', async () => {
    const [onA, onB] = await Promise.all([signingKey(a), signingKey(b)]);
    expect(onA.kid).toBe(onB.kid);
    expect(await listKeys(a)).toHaveLength(1);
  });

  it('keep one signing key when both rotate at once', async () => {
    await Promise.all([rotateKey(a), rotateKey(b)]);
    expect(await signingKeys()).toHaveLength(1);
    expect(await listKeys(a)).toHaveLength(3);
  });
});
