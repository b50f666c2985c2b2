export { overviewRoutes } from './overview-routes.js';
