import { randomBytes } from 'node:crypto';
import { seedAssessmentDemo } from './assessments/index.js';
import { seedAutomationDemo } from './submissions/index.js';
import type { AppContext } from './context.js';
import { DEFAULT_PARTNER_OPERATIONS } from './tenancy/index.js';
import { issueCredential, registerClient, createOrganization, createUser, findUserByEmail } from './tenancy/index.js';

/** What `seed --demo --json` prints: every credential of the demo organisation, shown once. */
export interface DemoCredentials {
  organizationId: string;
  organizationName: string;
  user: { email: string; password: string };
  developerKey: string;
  automationKey: string;
  partnerCredential: string;
  oauthClient: { clientId: string; clientSecret: string; redirectUri: string; redirectUris: string[] };
}

export const DEMO_ORG_NAME = 'Northwind Ventures';
export const DEMO_USER_EMAIL = 'demo@northwind.example';
/** n8n's OAuth callback on a local n8n first: the connector a developer is most likely to try. */
export const DEMO_REDIRECT_URIS = [
  'http://localhost:5678/rest/oauth2-credential/callback',
  'http://127.0.0.1:5678/rest/oauth2-credential/callback',
  'http://127.0.0.1:8976/callback',
];

export async function seedDemo(ctx: AppContext): Promise<DemoCredentials> {
  if (await findUserByEmail(ctx, DEMO_USER_EMAIL)) {
    throw new Error(`this data folder already has the demo organisation (user ${DEMO_USER_EMAIL}); secrets are shown once`);
  }
  const org = await createOrganization(ctx, DEMO_ORG_NAME);
  const password = randomBytes(12).toString('base64url');
  const user = await createUser(ctx, { orgId: org.id, email: DEMO_USER_EMAIL, name: 'Dana Demo', password, role: 'admin' });
  const developer = await issueCredential(ctx, { kind: 'developer_key', orgId: org.id, label: 'Demo developer key' });
  const automation = await issueCredential(ctx, {
    kind: 'automation_key',
    orgId: org.id,
    userId: user.id,
    label: 'Demo automation key',
  });
  const partner = await issueCredential(ctx, {
    kind: 'partner_credential',
    orgId: org.id,
    label: 'Demo partner credential',
    allowedOperations: DEFAULT_PARTNER_OPERATIONS,
  });
  const client = await registerClient(ctx, {
    name: 'Demo Partner App',
    redirectUris: DEMO_REDIRECT_URIS,
    allowedOperations: DEFAULT_PARTNER_OPERATIONS,
  });
  await seedAssessmentDemo(ctx, org.id);
  await seedAutomationDemo(ctx, org.id);
  return {
    organizationId: org.id,
    organizationName: org.name,
    user: { email: user.email, password },
    developerKey: developer.secret,
    automationKey: automation.secret,
    partnerCredential: partner.secret,
    oauthClient: {
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      redirectUri: DEMO_REDIRECT_URIS[0] as string,
      redirectUris: DEMO_REDIRECT_URIS,
    },
  };
}
