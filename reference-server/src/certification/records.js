/** A run of the integration certification, in its organisation's scope. */
export const RUNS = 'certification_runs';
/** One record per running run (scope: its organisation): the driver's durable job (driver.ts). */
export const RUN_JOBS = 'certification_jobs';
/**
 * GLOBAL: the credentials and OAuth client of running runs (`key:<keyId>`, `client:<clientId>`),
 * so a request learns in one count whether any run watches anything, and in one lookup which.
 */
export const WATCHED = 'certification_watched';
//# sourceMappingURL=records.js.map