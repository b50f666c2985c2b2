import type { Check } from '../runner.js';
import { assessmentWebhookChecks } from './assessment-webhooks.js';
import { assessmentChecks } from './assessment.js';
import { automationChecks } from './automation.js';
import { generalChecks } from './general.js';
import { graphqlChecks } from './graphql.js';
import { oauthChecks } from './oauth.js';
import { scoringChecks } from './scoring.js';
import { separationChecks } from './separation.js';
import { webhookChecks } from './webhooks.js';

/** Every check, in the order of the report. */
export const ALL_CHECKS: readonly Check[] = [...generalChecks, ...separationChecks, ...assessmentChecks, ...scoringChecks, ...automationChecks, ...webhookChecks, ...assessmentWebhookChecks, ...oauthChecks, ...graphqlChecks];
