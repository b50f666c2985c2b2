import type { Request } from 'express';
import type { AppContext } from '../../context.js';

/**
 * Copy-paste requests for each surface, with this server's real base URL. Secrets are never
 * filled in: each snippet names the variable the person sets from the key they hold.
 */
export interface Snippet {
  surface: string;
  credential: string;
  command: string;
}

export function surfaceSnippets(baseUrl: string): Snippet[] {
  return [
    {
      surface: 'Automation API',
      credential: 'an automation key (created on the Automation keys page)',
      command: `curl -H "x-api-key: $AUTOMATION_KEY" ${baseUrl}/api/automation/me`,
    },
    {
      surface: 'Assessment API',
      credential: 'the developer key (issued by the operator)',
      command: `curl -H "x-api-key: $DEVELOPER_KEY" ${baseUrl}/api/v1/assessment/questions`,
    },
    {
      surface: 'Partner GraphQL',
      credential: 'an OAuth access token from the sign-in flow',
      command: `curl -H "authorization: Bearer $ACCESS_TOKEN" -H 'content-type: application/json' \\\n     -d '{"query":"query getUserDataQuery { me { email } }","operationName":"getUserDataQuery"}' \\\n     ${baseUrl}/api`,
    },
    {
      surface: 'OAuth 2.0',
      credential: 'your OAuth client id (registered by the operator)',
      command: `open "${baseUrl}/api/oauth/authorize?response_type=code&client_id=$CLIENT_ID&redirect_uri=$REDIRECT_URI&scope=basic"`,
    },
  ];
}

/** This server's address as a reader's commands need it: the configured public URL, else the host the browser used. */
export const baseUrlOf = (ctx: AppContext, req: Request): string => ctx.config.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
