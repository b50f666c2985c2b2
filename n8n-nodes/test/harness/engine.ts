import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, LoggerProxy, Workflow } from 'n8n-workflow';

import { EvaluationAssessmentApi } from '../../credentials/EvaluationAssessmentApi.credentials';
import { EvaluationAutomationApi } from '../../credentials/EvaluationAutomationApi.credentials';
import { EvaluationPartnerOAuth2Api } from '../../credentials/EvaluationPartnerOAuth2Api.credentials';
import { EvaluationPlatform } from '../../nodes/EvaluationPlatform/EvaluationPlatform.node.js';
import { EvaluationPlatformTrigger } from '../../nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node.js';
import { TestCredentialsHelper } from './credentials';
import { TestItems } from './items-node';

const NODE_TYPES: Record<string, INodeType> = {
	testItems: new TestItems(),
	evaluationPlatform: new EvaluationPlatform(),
	evaluationPlatformTrigger: new EvaluationPlatformTrigger(),
};

export const nodeTypes: INodeTypes = {
	getByName(type: string): INodeType | IVersionedNodeType {
		const found = NODE_TYPES[type];
		if (!found) throw new Error(`unknown node type ${type}`);
		return found;
	},
	getByNameAndVersion(type: string): INodeType {
		const found = NODE_TYPES[type];
		if (!found) throw new Error(`unknown node type ${type}`);
		return found;
	},
	getKnownTypes(): IDataObject {
		return {};
	},
};

// n8n's engine logs each node error; the tests assert on them instead.
const quiet = () => {};
LoggerProxy.init({ error: quiet, warn: quiet, info: quiet, debug: quiet });

export const CREDENTIAL_TYPES: ICredentialType[] = [
	new EvaluationAutomationApi(),
	new EvaluationAssessmentApi(),
	new EvaluationPartnerOAuth2Api(),
];

export interface NodeRun {
	/** The node's first output, or undefined when the node failed. */
	items: INodeExecutionData[] | undefined;
	/** The error the node stopped with, as n8n records it. */
	error: IRun['data']['resultData']['error'];
	run: IRun;
}

export interface RunOptions {
	/** The items the node receives. */
	input?: INodeExecutionData[];
	/** Credential ids by credential type, as stored in `engine.credentials`. */
	credentials: Record<string, string>;
	continueOnFail?: boolean;
	/** n8n's node settings "Retry On Fail", "Max Tries" and "Wait Between Tries (ms)" */
	retryOnFail?: { maxTries?: number; waitBetweenTries?: number };
}

/**
 * Runs one Evaluation Platform node inside n8n's own engine (`WorkflowExecute`), fed by a start
 * node that emits `input`, the way a workflow on an n8n instance runs it.
 */
export class Engine {
	readonly credentials = new TestCredentialsHelper(CREDENTIAL_TYPES, nodeTypes);
	#executions = 0;

	/** Where this pretend n8n instance is reachable: webhook URLs are built from it. */
	constructor(readonly instanceUrl = 'http://localhost:5678') {}


	/** What n8n hands its engine and node contexts about the instance, for one execution. */
	additionalData(executionId: string, hooks?: ExecutionLifecycleHooks, extra: Partial<IWorkflowExecuteAdditionalData> = {}): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentials,
			...(hooks ? { hooks } : {}),
			executionId,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${this.instanceUrl}/rest`,
			instanceBaseUrl: `${this.instanceUrl}/`,
			formBaseUrl: `${this.instanceUrl}/form`,
			formWaitingBaseUrl: `${this.instanceUrl}/form-waiting`,
			formTestBaseUrl: `${this.instanceUrl}/form-test`,
			webhookBaseUrl: `${this.instanceUrl}/webhook`,
			webhookWaitingBaseUrl: `${this.instanceUrl}/webhook-waiting`,
			webhookTestBaseUrl: `${this.instanceUrl}/webhook-test`,
			mcpBaseUrl: `${this.instanceUrl}/mcp`,
			mcpTestBaseUrl: `${this.instanceUrl}/mcp-test`,
			variables: {},
			executeWorkflow: async () => {
				throw new Error('sub-workflows are not part of these tests');
			},
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			logAiEvent: () => {},
			startRunnerTask: async () => {
				throw new Error('no task runner in these tests');
			},
			...extra,
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	async run(parameters: INodeParameters, options: RunOptions): Promise<NodeRun> {
		const nodes: INode[] = [
			{
				id: 'items',
				name: 'Items',
				type: 'testItems',
				typeVersion: 1,
				position: [0, 0],
				parameters: { items: JSON.stringify(options.input ?? [{ json: {} }]) },
			},
			{
				id: 'platform',
				name: 'Platform',
				type: 'evaluationPlatform',
				typeVersion: 1,
				position: [200, 0],
				parameters,
				credentials: Object.fromEntries(Object.entries(options.credentials).map(([type, id]) => [type, { id, name: id }])),
				...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
				...(options.retryOnFail ? { retryOnFail: true, ...options.retryOnFail } : {}),
			},
		];
		const connections = { Items: { main: [[{ node: 'Platform', type: 'main' as const, index: 0 }]] } };
		const workflow = new Workflow({ id: 'wf', name: 'test', nodes, connections, active: false, nodeTypes, settings: {} });
		const executionId = `exec-${++this.#executions}`;
		const workflowData: IWorkflowBase = {
			id: 'wf',
			name: 'test',
			active: false,
			isArchived: false,
			nodes,
			connections,
			createdAt: new Date(),
			updatedAt: new Date(),
			activeVersionId: null,
		};
		const additionalData = this.additionalData(executionId, new ExecutionLifecycleHooks('manual', executionId, workflowData));
		const execution = new WorkflowExecute(additionalData, 'manual', createRunExecutionData());
		const run = await execution.run({ workflow, startNode: workflow.getNode('Items') ?? undefined });
		const task = run.data.resultData.runData.Platform?.[0];
		return { items: task?.data?.main?.[0] ?? undefined, error: run.data.resultData.error, run };
	}
}
