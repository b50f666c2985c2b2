import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeConnectionTypes } from 'n8n-workflow';

import { ASSESSMENT_EVENT_OPTIONS, AUTOMATION_EVENT_OPTIONS } from '../EvaluationPlatform/actions/webhook/events';
import { literal } from '../EvaluationPlatform/helpers/subtitle';
import { forgetHandled, handleOnce } from './handled-deliveries';
import { verifyDelivery } from './signature';
import { createSubscription, deleteSubscription, listSubscriptions, type Source } from './subscriptions';

/** Deliveries are at least once: this many recent webhook-ids are remembered to drop repeats. */
const REMEMBERED_DELIVERIES = 200;

interface TriggerState extends IDataObject {
	subscriptionId?: string;
	secret?: string;
	recentDeliveries?: string[];
}

export class EvaluationPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Evaluation Platform Trigger',
		name: 'evaluationPlatformTrigger',
		icon: { light: 'file:evaluationPlatform.svg', dark: 'file:evaluationPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		// n8n drops parameters hidden by displayOptions, so each source reads only its own list;
		// the values are shown by their labels ("Submission Completed", not submission.completed).
		subtitle: eventSubtitle(),
		description: 'Starts the workflow when the evaluation platform sends a signed webhook event',
		defaults: { name: 'Evaluation Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'evaluationAutomationApi',
				required: true,
				displayOptions: { show: { source: ['automation'] } },
			},
			{
				name: 'evaluationAssessmentApi',
				required: true,
				displayOptions: { show: { source: ['assessment'] } },
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: 'Source',
				name: 'source',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Automation API',
						value: 'automation',
						description: 'Submission, resource and transcript events, with an automation key',
					},
					{
						name: 'Assessment API',
						value: 'assessment',
						description: 'Assessment results, with a developer key',
					},
				],
				default: 'automation',
			},
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				displayOptions: { show: { source: ['automation'] } },
				options: AUTOMATION_EVENT_OPTIONS,
				default: ['submission.completed'],
			},
			{
				displayName: 'Trigger On',
				name: 'assessmentEvents',
				type: 'multiOptions',
				required: true,
				displayOptions: { show: { source: ['assessment'] } },
				options: ASSESSMENT_EVENT_OPTIONS,
				default: ['assessment.completed'],
			},
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as TriggerState;
				const url = this.getNodeWebhookUrl('default') as string;
				const source = this.getNodeParameter('source') as Source;
				const events = selectedEvents(this, source);
				const existing = await listSubscriptions.call(this, source);
				const ours = existing.find((s) => s.id === state.subscriptionId);
				if (ours && state.secret && ours.url === url && sameSet(ours.events, events)) return true;
				// Without the secret that was shown at creation, deliveries to this URL cannot be
				// verified: replace such a subscription rather than add a second one.
				for (const stale of existing.filter((s) => s.url === url)) {
					await deleteSubscription.call(this, source, stale.id);
				}
				clearState(state);
				return false;
			},

			async create(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as TriggerState;
				const source = this.getNodeParameter('source') as Source;
				const subscription = await createSubscription.call(
					this,
					source,
					this.getNodeWebhookUrl('default') as string,
					selectedEvents(this, source),
				);
				if (!subscription.secret) {
					throw new NodeApiError(this.getNode(), subscription as unknown as JsonObject, {
						message: 'The platform created the webhook subscription but returned no signing secret',
					});
				}
				state.subscriptionId = subscription.id;
				state.secret = subscription.secret;
				state.recentDeliveries = [];
				return true;
			},

			async delete(this: IHookFunctions): Promise<boolean> {
				const state = this.getWorkflowStaticData('node') as TriggerState;
				if (state.subscriptionId) {
					try {
						await deleteSubscription.call(this, this.getNodeParameter('source') as Source, state.subscriptionId);
					} catch (error) {
						// Already gone on the platform: that is what deactivation wants.
						if ((error as NodeApiError).httpCode !== '404') throw new NodeApiError(this.getNode(), error as JsonObject);
					}
				}
				forgetHandled(deliveriesKey(this, state));
				clearState(state);
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const state = this.getWorkflowStaticData('node') as TriggerState;
		const request = this.getRequestObject() as ReturnType<IWebhookFunctions['getRequestObject']> & { rawBody?: Buffer };
		const headers = this.getHeaderData();
		const header = (name: string) => {
			const value = headers[name];
			return Array.isArray(value) ? value[0] : value;
		};
		const deliveryId = header('webhook-id');
		const verdict = state.secret
			? verifyDelivery(
					state.secret,
					{
						id: deliveryId,
						timestamp: header('webhook-timestamp'),
						signature: header('webhook-signature'),
						rawBody: request.rawBody ? request.rawBody.toString('utf8') : JSON.stringify(this.getBodyData()),
					},
					Math.floor(Date.now() / 1000),
				)
			: ({ ok: false, reason: 'this trigger has no signing secret; deactivate and activate the workflow' } as const);
		if (!verdict.ok) {
			this.getResponseObject().status(401).json({ error: 'Unauthorized', message: verdict.reason });
			return { noWebhookResponse: true };
		}
		const delivery = handleOnce(deliveriesKey(this, state), state.recentDeliveries, deliveryId as string, REMEMBERED_DELIVERIES);
		if (delivery.repeat) {
			// A redelivery of an event this workflow already ran for: acknowledge it, run nothing.
			return { webhookResponse: { received: true, duplicate: true } };
		}
		state.recentDeliveries = delivery.remembered;
		// A small acknowledgement instead of n8n's "Workflow was started": the platform's delivery
		// log shows which delivery was accepted.
		return {
			workflowData: [this.helpers.returnJsonArray(this.getBodyData())],
			webhookResponse: { received: true, id: deliveryId },
		};
	}
}

function eventSubtitle(): string {
	const labels = Object.fromEntries([...AUTOMATION_EVENT_OPTIONS, ...ASSESSMENT_EVENT_OPTIONS].map((o) => [String(o.value), o.name]));
	const events = '($parameter["source"] === "assessment" ? $parameter["assessmentEvents"] : $parameter["events"])';
	return `={{(${events} || []).map((event) => (${literal(labels)})[event] || event).join(", ")}}`;
}

function selectedEvents(context: IHookFunctions, source: Source): string[] {
	return context.getNodeParameter(source === 'assessment' ? 'assessmentEvents' : 'events', []) as string[];
}

function sameSet(a: string[], b: string[]): boolean {
	return a.length === b.length && a.every((value) => b.includes(value));
}

/** One trigger's deliveries: its workflow, its node, its subscription (a new activation starts afresh). */
function deliveriesKey(context: IHookFunctions | IWebhookFunctions, state: TriggerState): string {
	return `${context.getWorkflow().id ?? ''}:${context.getNode().id}:${state.subscriptionId ?? ''}`;
}

function clearState(state: TriggerState): void {
	delete state.subscriptionId;
	delete state.secret;
	delete state.recentDeliveries;
}
