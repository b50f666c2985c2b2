/**
 * The assessment domain: what the Assessment API (assessment/), the workspace, the operator's
 * commands and the GraphQL surface share, so none of them reaches into another surface.
 *
 *   results.ts          stored results, one per email and organisation, with their revisions
 *   save-effects.ts     what a saved result adds to its write (its assessment.* event)
 *   events.ts           the assessment.completed / assessment.replaced payloads
 *   summary.ts          the plain-language summary a participant may see
 *   invites/            invite links: records, the service, their API views
 *   crm/                CRM sync: the organisation's target, the queue, the transport
 *   seed.ts             the demo organisation's stored result
 */
export * from './results.js';
export * from './save-effects.js';
export * from './events.js';
export * from './summary.js';
export * from './invites/records.js';
export * from './invites/service.js';
export * from './invites/views.js';
export * from './crm/config.js';
export * from './crm/payload.js';
export * from './crm/queue.js';
export * from './crm/transport.js';
export * from './seed.js';
export { draftRetention } from './invites/draft-retention.js';
