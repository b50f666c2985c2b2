export { developerRoutes } from './developer-routes.js';
