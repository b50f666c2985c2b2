import { beforeAll, describe, expect, it } from 'vitest';
import { browserRequest, cookieJar, twoServersOnPostgres } from '../../testing/postgres-context.js';
import { createOrganization, createUser, getUser, type User } from '../tenancy/index.js';
import { ShownOnceSlots } from '../workspace/shared/index.js';
import { activeSession, currentSession, endSession, sessionIdOf, SHOWN_ONCE_SLOTS, startSession } from './index.js';

/**
 * Issue 37 item 3, against a real PostgreSQL: what a browser was given by one server works on the
 * other — its session, and a secret waiting in a shown-once slot for the GET after a 303.
 */
const servers = twoServersOnPostgres();
let user: User;

beforeAll(async () => {
  const org = await createOrganization(servers.a, 'Sessions Ltd');
  const made = await createUser(servers.a, { orgId: org.id, email: 'browser@example.com', name: 'Bea', password: 'correct horse battery' });
  user = (await getUser(servers.a, made.id)) as User;
});

/** A browser signed in on server A: the cookies A set. */
async function signedInOnA(): Promise<Record<string, string>> {
  const jar = cookieJar();
  await startSession(servers.a, browserRequest(), jar.res, user);
  return jar.cookies;
}

describe('two servers on one PostgreSQL', () => {
  it('know a browser signed in on either, and a sign-out on one ends it on both', async () => {
    const cookies = await signedInOnA();
    expect((await activeSession(servers.b, browserRequest(cookies)))?.user.id).toBe(user.id);
    await endSession(servers.b, browserRequest(cookies), cookieJar().res);
    expect(await currentSession(servers.a, browserRequest(cookies))).toBeUndefined();
  });

  it('show a secret put on one server to the GET that lands on the other, once, and to that session only', async () => {
    const cookies = await signedInOnA();
    const secret = { secret: 'pis_auto_shown-once' };
    const slotId = await new ShownOnceSlots<typeof secret>(servers.a, 'automation-key').put(browserRequest(cookies), secret);
    // Stored sealed: the store alone never holds the secret.
    const stored = await servers.a.db.all(SHOWN_ONCE_SLOTS, sessionIdOf(servers.a, browserRequest(cookies)) as string);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain('shown-once');
    const onB = new ShownOnceSlots<typeof secret>(servers.b, 'automation-key');
    // Another session, or another page's slots, neither see it nor spend it.
    expect(await onB.take(browserRequest(await signedInOnA()), slotId)).toBeUndefined();
    expect(await new ShownOnceSlots(servers.b, 'invite-link').take(browserRequest(cookies), slotId)).toBeUndefined();
    expect(await onB.take(browserRequest(cookies), slotId)).toEqual(secret);
    expect(await new ShownOnceSlots(servers.a, 'automation-key').take(browserRequest(cookies), slotId)).toBeUndefined();
    expect(await servers.a.db.all(SHOWN_ONCE_SLOTS, sessionIdOf(servers.a, browserRequest(cookies)) as string)).toHaveLength(0);
  });

  it('show a slot to exactly one of two GETs that land at once', async () => {
    const cookies = await signedInOnA();
    const slotId = await new ShownOnceSlots<string>(servers.a, 'automation-key').put(browserRequest(cookies), 'pis_auto_race');
    const taken = await Promise.all([servers.a, servers.b].map((ctx) => new ShownOnceSlots<string>(ctx, 'automation-key').take(browserRequest(cookies), slotId)));
    expect(taken.filter((value) => value === 'pis_auto_race')).toHaveLength(1);
  });
});
