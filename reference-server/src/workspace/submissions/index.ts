export { submissionsRoutes } from './submissions-routes.js';
