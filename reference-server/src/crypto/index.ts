// What the rest of the server uses of crypto/: other folders import it from here, never from its files.
export { Keyring, safeEqual } from './keyring.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { generateSecret, generateWebhookSecret, SECRET_PREFIXES, secretKindOf } from './secrets.js';
export { loadMasterKey, MASTER_KEY_ENV, MASTER_KEY_FILE, masterKeyFromEnvironment } from './master-key.js';
