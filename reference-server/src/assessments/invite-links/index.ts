/** Invite links: their records, the service that creates, revokes and completes them, their API views. */
export * from './invite-records.js';
export * from './invite-service.js';
export * from './invite-views.js';
export { draftRetention } from './draft-retention.js';
