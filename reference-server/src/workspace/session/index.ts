export { sessionRoutes } from './session-routes.js';
