/**
 * The GraphQL documents the node sends when a user signs in with OAuth2. Each selects the root
 * fields of one operation the platform allows (it allows operations by root field), named after
 * that operation.
 */
const SCORE = 'mean t percentile sten band';

export const GET_CURRENT_USER = `query getUserDataQuery {
  me { id email name role organization { id name createdAt } }
}`;

export const GET_ORGANIZATION = `query getOrganizationQuery {
  organization { id name createdAt }
}`;

export const GET_ASSESSMENT_RESULT = `query getAssessmentResultQuery($email: String!) {
  assessmentResult(email: $email) {
    id email fullName benchmarkTagId benchmarkApplied revision submittedAt
    scores {
      model modelVersion instrumentVersion
      norm { id name kind }
      composite { ${SCORE} }
      dimensions { dimension label ${SCORE} }
      quality { status flags }
    }
  }
}`;

export const GET_INTEGRATION_STATUS = `query getIntegrationStatusQuery {
  integrationStatus {
    connected credential scopes allowedOperations
    client { id name }
    organization { id name }
  }
}`;

/** A submission as lists show it: the Automation API's summary, in GraphQL's names. */
const SUBMISSION_SUMMARY = `id jobId recordId profileId status source fields filters
    createdAt updatedAt processedAt resourceCount transcriptCount
    score { overall band partial assessment }
    error { code message fields }`;

export const LIST_SUBMISSIONS = `query listSubmissionsQuery($first: Int, $after: String, $status: SubmissionStatus, $profileId: ID, $recordId: String, $updatedSince: DateTime, $search: String) {
  submissions(first: $first, after: $after, status: $status, profileId: $profileId, recordId: $recordId, updatedSince: $updatedSince, search: $search) {
    nodes { ${SUBMISSION_SUMMARY} }
    pageInfo { hasNextPage endCursor }
  }
}`;

export const GET_SUBMISSION = `query getSubmissionQuery($id: ID, $recordId: String) {
  submission(id: $id, recordId: $recordId) {
    ${SUBMISSION_SUMMARY}
    profile { id name }
    scores { status overall band partial assessment criteria { key label weight score evidence } }
    founders {
      name email role primary fit
      assessment {
        id email fullName revision submittedAt benchmarkApplied
        scores { composite { ${SCORE} } dimensions { dimension label ${SCORE} } }
      }
    }
    report { summary strengths concerns generatedAt markdown }
  }
}`;

export const CREATE_SUBMISSION = `mutation createSubmissionMutation($input: CreateSubmissionInput!) {
  createSubmission(input: $input) {
    existing
    submission { ${SUBMISSION_SUMMARY} }
  }
}`;

export const LIST_PROFILES = `query listProfilesQuery {
  profiles {
    id name description kind requiredFields assessmentRequired createdAt
    criteria { key label description weight rule }
  }
}`;

export const GET_WEBHOOK_SUBSCRIPTIONS = `query getWebhookSubscriptionsQuery($surface: WebhookSurface) {
  webhookSubscriptions(surface: $surface) {
    id surface url events description status disabledReason createdAt updatedAt
  }
}`;
