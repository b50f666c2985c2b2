/** CRM sync: the organisation's target, what is sent, its queue and its transport. */
export * from './crm-config.js';
export * from './payload.js';
export * from './crm-queue.js';
export * from './transport.js';
