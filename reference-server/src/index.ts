export { startServer, type RunningServer, type StartDeps } from './server.js';
export { defaultConfig, defaultOutboundAllowlist, type ServerConfig } from './config.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export type { DemoCredentials } from './seed.js';
export { HEALTH_TEXT } from './app.js';
export { operate } from './cli.js';
export type { JobQueue, JobRef, JobRunner, PeriodicJob } from './jobs/index.js';
export { nodeFileSystem, type DirectoryEntry, type OpenMode, type StoreFile, type StoreFileSystem } from './store/index.js';
export { CHECKS, CHECK_IDS, renderReportHtml, summaryLine, type CheckId, type Report, type StartRunInput } from './certification/index.js';
