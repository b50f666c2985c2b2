export { certificateRevokeRoutes } from './certificate-revoke.js';
export { certificationRoutes } from './certification-routes.js';
