import { describe, expect, it } from 'vitest';
import { twoServersOnPostgres } from '../../testing/postgres-context.js';
import { CredentialResolver, createOrganization, createUser, issueCredential, listCredentials, revokeCredential } from './index.js';

/**
 * Issue 37 item 1, against a real PostgreSQL: two servers (two stores, one database and master
 * key) issue at the same moment, and the tenancy rules hold as on one server.
 */
const servers = twoServersOnPostgres();

const liveDeveloperKeys = async (orgId: string) => (await listCredentials(servers.a, orgId)).filter((c) => c.kind === 'developer_key' && !c.revokedAt);

describe('two servers on one PostgreSQL', () => {
  it('leave one live developer key when both issue the first one at once, and when both rotate it at once', async () => {
    const org = await createOrganization(servers.a, 'Keys Ltd');
    const first = await Promise.all([issueCredential(servers.a, { kind: 'developer_key', orgId: org.id }), issueCredential(servers.b, { kind: 'developer_key', orgId: org.id })]);
    expect(await liveDeveloperKeys(org.id)).toHaveLength(1);
    expect(first.map((i) => i.credential.keyId)).toContain((await liveDeveloperKeys(org.id))[0]?.keyId);

    await Promise.all([issueCredential(servers.a, { kind: 'developer_key', orgId: org.id }), issueCredential(servers.b, { kind: 'developer_key', orgId: org.id })]);
    expect(await liveDeveloperKeys(org.id)).toHaveLength(1);

    // Revoked, the next one issued starts afresh.
    await revokeCredential(servers.b, (await liveDeveloperKeys(org.id))[0]?.keyId as string);
    expect(await liveDeveloperKeys(org.id)).toHaveLength(0);
    await Promise.all([issueCredential(servers.a, { kind: 'developer_key', orgId: org.id }), issueCredential(servers.b, { kind: 'developer_key', orgId: org.id })]);
    expect(await liveDeveloperKeys(org.id)).toHaveLength(1);
  });

  it('make one user of an email when both take the same sign-up at once', async () => {
    const org = await createOrganization(servers.a, 'Users Ltd');
    const input = { orgId: org.id, email: 'twice@example.com', name: 'Twice', password: 'correct horse battery' };
    const outcomes = await Promise.allSettled([createUser(servers.a, input), createUser(servers.b, input)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected')?.reason).toMatchObject({ message: 'a user with email twice@example.com already exists' });
  });

  it('refuse a key on one server as soon as the other revoked it, however often it was presented before', async () => {
    const org = await createOrganization(servers.a, 'Revoked Ltd');
    const issued = await issueCredential(servers.a, { kind: 'partner_credential', orgId: org.id });
    const onB = new CredentialResolver(servers.b);
    expect(await onB.resolve('partner_credential', issued.secret)).toMatchObject({ keyId: issued.credential.keyId });
    await revokeCredential(servers.a, issued.credential.keyId);
    expect(await onB.resolve('partner_credential', issued.secret)).toBeUndefined();
  });
});
