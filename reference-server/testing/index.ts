/**
 * `reference-server/testing`: what tests (the server's own, the n8n and Zapier packages', the
 * conformance suite, a partner's CI) use to run against a real reference server. Not part of the
 * server: built to its own output, exported as the package's `./testing` entry.
 */
export { Browser, formFields } from './browser.js';
export {
  authorizePath,
  consent,
  demoClientAuth,
  exchange,
  graphql,
  refresh,
  signIn,
  tokenRequest,
  type AuthorizeInput,
  type TokenBody,
} from './oauth.js';
export { WebhookReceiver, type Answer, type Delivery, type WebhookEvent } from './receiver.js';
export { giveEachTestServerADatabase, settle, startTestServer, type TestDatabaseSource, type TestServer } from './server.js';
export { signInAndConsent, signInToWorkspace, type SignInOptions, type SignInServer } from './sign-in.js';
export { completeInvite, type InviteRun } from './invite.js';
export { bulkSubmissions } from './submissions.js';
export { collectLines } from './lines.js';
export { certificationReport, certificationWhen, explainCertification, finishCertification, passedCertification, startCertification, writeCertificate, type CertificationStart, type Report } from './certification.js';
