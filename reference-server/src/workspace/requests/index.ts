export { requestsRoutes } from './requests-routes.js';
