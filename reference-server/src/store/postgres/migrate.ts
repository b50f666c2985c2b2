import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** Ordered SQL files, `<number>_<name>.sql`, each with an `-- Up Migration` and a `-- Down Migration` part. */
const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
export const MIGRATIONS_TABLE = 'schema_migrations';

/**
 * Brings the database's schema up to this version's (docs/decisions/postgres-migrations.md):
 * node-pg-migrate applies each file not yet recorded in `schema_migrations`, each in its own
 * transaction, under an advisory lock, so N servers starting together wait for one another
 * instead of racing. A file already applied and since renamed or reordered stops the start.
 */
export async function migrate(client: pg.ClientBase, log: (message: string) => void): Promise<string[]> {
  // Loaded only when a database is opened: it costs every CLI command and file-store server half a second.
  const { runner } = await import('node-pg-migrate');
  const applied = await runner({
    dbClient: client,
    dir: MIGRATIONS,
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    checkOrder: true,
    advisoryLockMode: 'wait',
    log,
  });
  return applied.map((migration) => migration.name);
}
