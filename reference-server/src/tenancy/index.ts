// What the rest of the server uses of tenancy/: other folders import it from here, never from its files.
export { CredentialResolver, issueCredential, listCredentials, type PublicCredential, revokeCredential } from './credentials.js';
export { authenticateClient, clientServes, getClient, listClients, registerClient, revokeClient } from './oauth-clients.js';
export { createOrganization, getOrganization, listOrganizations } from './organizations.js';
export { DEFAULT_PARTNER_OPERATIONS, PARTNER_OPERATIONS, type PartnerOperation } from './partner-operations.js';
export { type Credential, OAUTH_SCOPES, type OAuthClient, type OAuthScope, type Organization, type User } from './tenancy-records.js';
export { authenticateUser, createUser, findUserByEmail, getUser, listUsers, normalizeEmail, type PublicUser } from './users.js';
