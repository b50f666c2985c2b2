import type { IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import type { Surface } from '../transport';

/**
 * How the node signs in, chosen per resource. The platform serves some records through two APIs
 * (a submission is the same record whether the Automation API or a signed-in user's OAuth2
 * connection reads it), so those resources let the user pick; the others have one way only.
 * Each value is backed by exactly one credential (the node's `credentials` show on this value,
 * see CREDENTIAL_OF in transport), which is how n8n's editor draws the parameter inside the
 * credential block. The parameter is declared once per set of ways; n8n resets a value the newly
 * picked resource does not offer.
 */
export type Authentication = 'automationKey' | 'developerKey' | 'oAuth2';

export const SURFACE_OF: Record<Authentication, Surface> = { automationKey: 'automation', developerKey: 'assessment', oAuth2: 'partner' };

/** Which resources sign in which ways; the first way is the default. */
export const RESOURCE_AUTHENTICATION: Record<string, Authentication[]> = {
	account: ['automationKey', 'oAuth2'],
	assessment: ['developerKey', 'oAuth2'],
	benchmarkTag: ['developerKey'],
	integration: ['oAuth2'],
	organization: ['oAuth2'],
	profile: ['automationKey', 'oAuth2'],
	resource: ['automationKey'],
	submission: ['automationKey', 'oAuth2'],
	transcript: ['automationKey'],
	webhook: ['automationKey', 'oAuth2'],
};

const AUTOMATION_KEY = {
	name: 'Automation Key',
	value: 'automationKey',
	description: "The organization's automation key (Evaluation Platform Automation API credential)",
};
const DEVELOPER_KEY = {
	name: 'Developer Key',
	value: 'developerKey',
	description: "The organization's developer key (Evaluation Platform Assessment API credential)",
};
const OAUTH2 = {
	name: 'OAuth2',
	value: 'oAuth2',
	description: 'A platform user signs in (Evaluation Platform Partner OAuth2 API credential)',
};

export const authenticationProperties: INodeProperties[] = [
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: { show: { resource: ['account', 'profile', 'submission', 'webhook'] } },
		options: [AUTOMATION_KEY, OAUTH2],
		default: 'automationKey',
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: { show: { resource: ['assessment'] } },
		options: [DEVELOPER_KEY, OAUTH2],
		default: 'developerKey',
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: { show: { resource: ['resource', 'transcript'] } },
		options: [AUTOMATION_KEY],
		default: 'automationKey',
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: { show: { resource: ['benchmarkTag'] } },
		options: [DEVELOPER_KEY],
		default: 'developerKey',
	},
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		displayOptions: { show: { resource: ['integration', 'organization'] } },
		options: [OAUTH2],
		default: 'oAuth2',
	},
];

/** The chosen way of signing in for this item's resource (its default when not set). */
export function authenticationOf(context: IExecuteFunctions | ILoadOptionsFunctions, itemIndex = 0): Authentication {
	const execute = 'getInputData' in context;
	const resource = String(execute ? context.getNodeParameter('resource', itemIndex) : context.getNodeParameter('resource', ''));
	const ways = RESOURCE_AUTHENTICATION[resource] ?? ['automationKey'];
	const fallback: Authentication = ways[0] ?? 'automationKey';
	const chosen = String(execute ? context.getNodeParameter('authentication', itemIndex, fallback) : context.getNodeParameter('authentication', fallback));
	return ways.includes(chosen as Authentication) ? (chosen as Authentication) : fallback;
}

/** Whether this item signs in as a platform user (OAuth2) rather than with the organization's key. */
export function usesOAuth2(context: IExecuteFunctions | ILoadOptionsFunctions, itemIndex = 0): boolean {
	return authenticationOf(context, itemIndex) === 'oAuth2';
}

export function surfaceOf(context: IExecuteFunctions | ILoadOptionsFunctions, itemIndex = 0): Surface {
	return SURFACE_OF[authenticationOf(context, itemIndex)];
}
