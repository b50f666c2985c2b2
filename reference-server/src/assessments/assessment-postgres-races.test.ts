import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../testing/postgres.js';
import { systemClock } from '../clock.js';
import type { AppContext } from '../context.js';
import { randomIds } from '../ids.js';
import { selectNorm, scoreAnswers, workedExample } from '../psychometrics/index.js';
import { PostgresStore, put } from '../store/index.js';
import { CRM_CONFIG, deleteCrmConfig, type CrmConfig } from './crm/crm-config.js';
import { INVITES, type InviteRecord } from './invite-links/invite-records.js';
import { completionOps, InviteStateError } from './invite-links/invite-service.js';
import { findResultByEmail, RESULTS, saveResult, type AssessmentResult, type ResultDraft } from './results.js';

/** Two servers on one PostgreSQL, each asked the same thing at once: the assessment races of issue 37 item 1. */
type Server = Pick<AppContext, 'db' | 'clock' | 'ids'>;

let database: TestDatabase;
let servers: [Server, Server];

beforeAll(async () => {
  database = await testDatabase();
  const open = async (): Promise<Server> => ({ db: await PostgresStore.open(database.url), clock: systemClock, ids: randomIds });
  servers = [await open(), await open()];
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.db.close()));
  await database.drop();
});

const draft = (email: string): ResultDraft => {
  const { norm, reference } = selectNorm();
  return { email, fullName: 'Race Test', benchmarkTagId: null, benchmarkApplied: false, scores: scoreAnswers(workedExample(), norm, reference), answers: workedExample(), context: {}, crmSync: { status: 'not_configured', attempts: 0 } };
};

describe('assessment results on two servers sharing PostgreSQL', () => {
  it('keeps one result for two concurrent first submits of one email: one creates it, the other replaces it', async () => {
    const [a, b] = servers;
    const saved = await Promise.all([saveResult(a, 'org_r', draft('same@example.com')), saveResult(b, 'org_r', draft('Same@Example.com'))]);
    expect(saved.map((s) => s.result.revision).sort()).toEqual([1, 2]);
    expect(saved[0].result.id).toBe(saved[1].result.id);
    expect(await a.db.count(RESULTS, 'org_r')).toBe(1);
    expect((await findResultByEmail(b, 'org_r', 'same@example.com'))?.revision).toBe(2);
  });

  it('completes an invite once for two concurrent finishes: the other is refused and stores no result', async () => {
    const [a, b] = servers;
    const now = new Date().toISOString();
    const invite: InviteRecord = { id: 'inv_race', organizationId: 'org_i', email: 'invited@example.com', fullName: null, benchmarkTagId: null, createdAt: now, expiresAt: new Date(Date.now() + 86_400_000).toISOString(), createdVia: 'api' };
    await a.db.write([put(INVITES, 'org_i', invite)]);
    const finish = (server: Server) => saveResult(server, 'org_i', draft(invite.email), async (tx) => (saved) => completionOps(tx, invite, saved.result.id, now));
    const outcomes = await Promise.allSettled([finish(a), finish(b)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((o) => o.status === 'rejected')?.reason).toBeInstanceOf(InviteStateError);
    const results = await a.db.all<AssessmentResult>(RESULTS, 'org_i');
    expect(results.map((r) => r.revision)).toEqual([1]);
    expect((await b.db.get<InviteRecord>(INVITES, 'org_i', invite.id))?.resultId).toBe(results[0]?.id);
  });
});

describe('CRM sync configuration on two servers sharing PostgreSQL', () => {
  const config = (setWith?: string): CrmConfig => ({ id: 'crm', url: 'https://crm.example/hook', authHeader: null, sealedAuthValue: null, authValueHint: null, enabled: true, ...(setWith ? { setWith } : {}), createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

  it('removes a target once for two concurrent deletes: one answers true, the other false', async () => {
    const [a, b] = servers;
    await a.db.write([put(CRM_CONFIG, 'org_c', config())]);
    expect((await Promise.all([deleteCrmConfig(a, 'org_c'), deleteCrmConfig(b, 'org_c')])).sort()).toEqual([false, true]);
  });

});
