export { inviteFormUrl } from './invites-pages.js';
export { invitesRoutes } from './invites-routes.js';
