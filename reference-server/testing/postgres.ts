import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database of its own for one test file (or one test), on the run's PostgreSQL. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function adminUrl(): Promise<string> {
  const response = await fetch(inject('postgresBroker'), { method: 'POST' });
  if (!response.ok) throw new Error(`the test run's PostgreSQL is not available: ${await response.text()}`);
  return ((await response.json()) as { adminUrl: string }).adminUrl;
}

async function asAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database on the run's PostgreSQL (started by vitest's global setup on first use). */
export async function testDatabase(): Promise<TestDatabase> {
  const admin = await adminUrl();
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** How many backends of the database wait on a lock (a row locked FOR UPDATE, a unique key being inserted). */
export async function lockWaiters(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
