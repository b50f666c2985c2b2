import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INode, INodeParameters, IWebhookData, IWebhookResponseData } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { expect } from 'vitest';

import { EvaluationPlatformTrigger } from '../../nodes/EvaluationPlatformTrigger/EvaluationPlatformTrigger.node.js';
import { type Engine, nodeTypes } from './engine';
import type { Subscription } from './server';

export interface Delivery {
	headers: Record<string, string>;
	rawBody: string;
}

export interface DeliveryOutcome {
	status: number;
	body: unknown;
	response: IWebhookResponseData;
}

const trigger = new EvaluationPlatformTrigger();

/**
 * One Evaluation Platform Trigger in an active workflow, driven the way n8n drives it:
 * `webhookMethods` through n8n-core's HookContext on activation and deactivation, and
 * `webhook()` through its WebhookContext for each request. The workflow, and so the node's
 * static data, lives as long as the harness, as it does across n8n restarts.
 */
export class TriggerHarness {
	readonly node: INode;
	readonly workflow: Workflow;
	#requests = 0;

	constructor(
		private readonly engine: Engine,
		parameters: INodeParameters,
		credentials: Record<string, string>,
	) {
		this.node = {
			id: 'trigger',
			name: 'Trigger',
			type: 'evaluationPlatformTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: 'b7e1f3c2-0000-4000-8000-000000000001',
			parameters,
			credentials: Object.fromEntries(Object.entries(credentials).map(([type, id]) => [type, { id, name: id }])),
		};
		this.workflow = new Workflow({ id: 'wf-trigger', name: 'trigger', nodes: [this.node], connections: {}, active: true, nodeTypes, staticData: {} });
	}

	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	#webhookData(): IWebhookData {
		const description = trigger.description.webhooks?.[0];
		if (!description) throw new Error('the trigger declares no webhook');
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: String(description.path),
			webhookDescription: description,
			workflowId: 'wf-trigger',
			workflowExecuteAdditionalData: this.engine.additionalData('hook'),
		};
	}

	#hook(activation: 'activate' | 'init'): HookContext {
		return new HookContext(this.workflow, this.node, this.engine.additionalData('hook'), 'trigger', activation, this.#webhookData());
	}

	get webhookUrl(): string {
		return this.#hook('activate').getNodeWebhookUrl('default') as string;
	}

	/** What n8n does when the workflow is activated: create the subscription unless it exists. */
	async activate(activation: 'activate' | 'init' = 'activate'): Promise<'existed' | 'created'> {
		const methods = trigger.webhookMethods.default;
		if (await methods.checkExists.call(this.#hook(activation))) return 'existed';
		await methods.create.call(this.#hook(activation));
		return 'created';
	}

	checkExists(): Promise<boolean> {
		return trigger.webhookMethods.default.checkExists.call(this.#hook('activate'));
	}

	deactivate(): Promise<boolean> {
		return trigger.webhookMethods.default.delete.call(this.#hook('activate'));
	}

	/** One request to the trigger's webhook URL, with the raw body n8n's body parser keeps. */
	async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
		let status = 200;
		let body: unknown;
		const response = {
			status(code: number) {
				status = code;
				return response;
			},
			json(value: unknown) {
				body = value;
				return response;
			},
		};
		const request = {
			headers: Object.fromEntries(Object.entries(delivery.headers).map(([k, v]) => [k.toLowerCase(), v])),
			body: JSON.parse(delivery.rawBody) as IDataObject,
			rawBody: Buffer.from(delivery.rawBody, 'utf8'),
			params: {},
			query: {},
		};
		const result = await this.handle(request, response);
		return { status, body: body ?? result.webhookResponse, response: result };
	}

	/** Runs `webhook()` for a request as n8n's webhook server hands it over. */
	async handle(request: object, response: object): Promise<IWebhookResponseData> {
		const additionalData = this.engine.additionalData(`delivery-${++this.#requests}`, undefined, {
			httpRequest: request as never,
			httpResponse: response as never,
		});
		const context = new WebhookContext(this.workflow, this.node, additionalData, 'webhook', this.#webhookData(), [], null);
		return await trigger.webhook.call(context);
	}
}

/**
 * Deactivation as n8n does it when a workflow is switched off: the subscription is gone from the
 * platform's list and the secret from static data; a second one, for a subscription already
 * removed (`goneId`), still succeeds.
 */
export async function expectCleanDeactivation(harness: TriggerHarness, listed: () => Promise<Subscription[]>, goneId: string): Promise<void> {
	expect(await harness.deactivate()).toBe(true);
	expect((await listed()).filter((s) => s.url === harness.webhookUrl)).toEqual([]);
	expect(harness.staticData.secret).toBeUndefined();
	Object.assign(harness.staticData, { subscriptionId: goneId });
	expect(await harness.deactivate()).toBe(true);
}
