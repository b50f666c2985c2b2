import { testDatabase } from './postgres.js';
import { giveEachTestServerADatabase } from './server.js';

/**
 * Setup file of the `server-postgres` test project (vitest.config.mts): each server a test file
 * starts with `startTestServer` keeps its sandbox in a fresh database on the run's embedded
 * PostgreSQL instead of a data folder.
 */
giveEachTestServerADatabase(testDatabase);
