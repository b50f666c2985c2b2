/**
 * The GraphQL documents the partner resource sends. Each selects the root fields of one partner
 * operation (the server allows operations by root field), named after that operation.
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
