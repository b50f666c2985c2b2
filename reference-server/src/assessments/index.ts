/**
 * The assessment domain: what the Assessment API (assessment-api/), the workspace, the operator's
 * commands and the GraphQL surface share, so none of them reaches into another surface.
 *
 *   results.ts            stored results, one per email and organisation, with their revisions
 *   save-effects.ts       what a saved result adds to its write (its assessment.* event)
 *   assessment-events.ts  the assessment.completed / assessment.replaced payloads
 *   result-summary.ts     the compact summary of a result that leaves the server (CRM, webhooks)
 *   invite-links/         invite links: records, the service, their API views
 *   crm/                  CRM sync: the organisation's target, the queue, the transport
 *   demo-result.ts        the demo organisation's stored result
 */
export * from './results.js';
export * from './save-effects.js';
export * from './assessment-events.js';
export * from './result-summary.js';
export * from './invite-links/index.js';
export * from './crm/index.js';
export * from './demo-result.js';
