/** The tenancy records every surface relies on. All live in the GLOBAL scope of the store. */
export const ORGANIZATIONS = 'organizations';
export const USERS = 'users';
export const CREDENTIALS = 'credentials';
export const OAUTH_CLIENTS = 'oauth_clients';
export const OAUTH_SCOPES = ['basic', 'profile', 'all'];
//# sourceMappingURL=records.js.map