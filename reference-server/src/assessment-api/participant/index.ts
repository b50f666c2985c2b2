export { invitePages } from './participant-routes.js';
export { PARTICIPANT_SCRIPT } from './script.js';
