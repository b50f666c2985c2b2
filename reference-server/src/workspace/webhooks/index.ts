export { webhooksRoutes } from './webhooks-routes.js';
