export { assessmentResultField } from './assessment.js';
export { createSubmissionField } from './create-submission.js';
export { meField, organizationField } from './identity.js';
export { integrationStatusField } from './integration.js';
export { profilesField } from './profile-type.js';
export { restrictedMutationFields, restrictedQueryFields } from './restricted.js';
export { submissionField, submissionsField } from './submissions.js';
export { webhookSubscriptionsField } from './webhook-subscriptions.js';
