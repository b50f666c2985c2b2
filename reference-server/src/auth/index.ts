// What the rest of the server uses of auth/: other folders import it from here, never from its files.
export { activeSession, currentSession, endAllSessions, endSession, sessionIdOf, sessionsOf, startSession } from './browser-session.js';
export { type AccessTokenVerifier, automationKeyGuard, bearerGuard, developerKeyGuard } from './guards.js';
export { SESSION_IDLE_MS, type SessionRecord, SESSIONS, SHOWN_ONCE_SLOTS, type ShownOnceSlotRecord } from './session-records.js';
export { safeReturnPath, SIGN_IN_PATH, signInUrl } from './sign-in-url.js';
