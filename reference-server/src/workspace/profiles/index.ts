export { profilesRoutes } from './profiles-routes.js';
