import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeParameters,
	INodeProperties,
	INodeTypes,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow as WorkflowType,
} from 'n8n-workflow';
import { ICredentialsHelper, Workflow } from 'n8n-workflow';

/** What n8n's own `oAuth2Api` credential contributes to credentials that extend it. */
const OAUTH2_API: ICredentialType = {
	name: 'oAuth2Api',
	displayName: 'OAuth2 API',
	properties: [
		{ displayName: 'Grant Type', name: 'grantType', type: 'hidden', default: 'authorizationCode' },
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{ displayName: 'Client Secret', name: 'clientSecret', type: 'string', default: '' },
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{ displayName: 'Authentication', name: 'authentication', type: 'hidden', default: 'header' },
	],
};

interface StoredCredential {
	type: string;
	data: ICredentialDataDecryptedObject;
}

/**
 * The credential store and helper n8n's engine asks for credentials, as n8n's CLI does it:
 * parent types from `extends`, defaults of every property (expressions resolved with `$self`
 * as the credential itself), generic `authenticate` blocks applied with `$credentials`, and
 * refreshed OAuth token data written back.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	readonly #types = new Map<string, ICredentialType>([[OAUTH2_API.name, OAUTH2_API]]);
	readonly #stored = new Map<string, StoredCredential>();
	/** Every OAuth token refresh n8n performed, in order. */
	readonly tokenUpdates: ICredentialDataDecryptedObject[] = [];

	constructor(
		types: ICredentialType[],
		private readonly nodeTypes: INodeTypes,
	) {
		super();
		for (const type of types) this.#types.set(type.name, type);
	}

	add(id: string, type: string, data: ICredentialDataDecryptedObject): INodeCredentialsDetails {
		this.#stored.set(id, { type, data: { ...data } });
		return { id, name: id };
	}

	stored(id: string): ICredentialDataDecryptedObject | undefined {
		return this.#stored.get(id)?.data;
	}

	#type(name: string): ICredentialType {
		const type = this.#types.get(name);
		if (!type) throw new Error(`unknown credential type ${name}`);
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.#types.get(name)?.extends ?? [];
		return [...parents, ...parents.flatMap((parent) => this.getParentTypes(parent))];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const own = this.#type(type).properties;
		const inherited = (this.#type(type).extends ?? []).flatMap((parent) => this.getCredentialsProperties(parent));
		const names = new Set(own.map((p) => p.name));
		return [...inherited.filter((p) => !names.has(p.name)), ...own];
	}

	#workflow(): WorkflowType {
		return new Workflow({ nodes: [], connections: {}, active: false, nodeTypes: this.nodeTypes });
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: WorkflowType,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const options = requestOptions as IHttpRequestOptions;
		const authenticate = this.#type(typeName).authenticate;
		if (!authenticate || typeof authenticate === 'function' || authenticate.type !== 'generic' || !node || !workflow) {
			return options;
		}
		for (const [outer, entries] of Object.entries(authenticate.properties)) {
			const target = ((options as unknown as Record<string, Record<string, unknown>>)[outer] ??= {});
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				target[key] = workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, value);
			}
		}
		return options;
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('the test credentials are never read encrypted');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const stored = nodeCredentials.id ? this.#stored.get(nodeCredentials.id) : undefined;
		if (!stored || stored.type !== type) throw new Error(`no ${type} credential "${nodeCredentials.id}"`);
		const data: ICredentialDataDecryptedObject = {};
		for (const property of this.getCredentialsProperties(type)) {
			data[property.name] = (stored.data[property.name] ?? property.default) as ICredentialDataDecryptedObject[string];
		}
		for (const [key, value] of Object.entries(stored.data)) data[key] ??= value;
		const mock: INode = { id: 'credential', name: 'credential', type: 'testItems', typeVersion: 1, position: [0, 0], parameters: {} };
		return this.#workflow().expression.getComplexParameterValue(mock, data as INodeParameters, 'internal', {}, undefined, undefined, data) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(nodeCredentials: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		if (nodeCredentials.id) this.#stored.set(nodeCredentials.id, { type, data: { ...data } });
	}

	async updateCredentialsOauthTokenData(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const stored = nodeCredentials.id ? this.#stored.get(nodeCredentials.id) : undefined;
		if (!stored || stored.type !== type) throw new Error(`no ${type} credential "${nodeCredentials.id}" to update`);
		const tokenData = data.oauthTokenData as ICredentialDataDecryptedObject;
		stored.data = { ...stored.data, oauthTokenData: tokenData };
		this.tokenUpdates.push(tokenData);
	}
}
