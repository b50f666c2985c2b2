export { isPostgresUrl, redactConnectionString } from './connection.js';
export { PostgresStore, type PostgresStoreOptions, type RateLimitClient } from './postgres-store.js';
