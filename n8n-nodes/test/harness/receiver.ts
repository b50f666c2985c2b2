import express from 'express';
import type { IDataObject } from 'n8n-workflow';

import { Engine } from './engine';
import type { TriggerHarness } from './trigger';

export interface Receiver {
	/** An engine whose webhook URLs point at this receiver. */
	engine: Engine;
	/** The event bodies that started a workflow, in arrival order. */
	executions: IDataObject[];
	/** Every response the receiver gave: status per request. */
	statuses: number[];
	/** Resolves once `count` executions have started. */
	executionsReached(count: number): Promise<IDataObject[]>;
	serve(trigger: TriggerHarness): void;
	close(): Promise<void>;
}

/**
 * A stand-in for n8n's webhook server on 127.0.0.1: it parses JSON keeping the raw body (as n8n
 * does), hands the request to the trigger's `webhook()` and answers as n8n would: the node's own
 * response when it wrote one, 200 otherwise.
 */
export async function startReceiver(): Promise<Receiver> {
	const app = express();
	const executions: IDataObject[] = [];
	const statuses: number[] = [];
	const waiters: Array<{ count: number; resolve: (events: IDataObject[]) => void }> = [];
	let trigger: TriggerHarness | undefined;

	app.use(
		express.json({
			verify: (req, _res, buffer) => {
				(req as unknown as { rawBody: Buffer }).rawBody = buffer;
			},
		}),
	);
	app.post('/webhook/*path', async (req, res) => {
		if (!trigger) {
			res.status(404).json({ message: 'no active trigger' });
			return;
		}
		const result = await trigger.handle(req, res);
		if (!result.noWebhookResponse) {
			res.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		}
		statuses.push(res.statusCode);
		for (const item of result.workflowData?.[0] ?? []) executions.push(item.json);
		for (const waiter of waiters.filter((w) => executions.length >= w.count)) {
			waiters.splice(waiters.indexOf(waiter), 1);
			waiter.resolve(executions.slice());
		}
	});

	const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
		const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
	});
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		engine: new Engine(`http://127.0.0.1:${port}`),
		executions,
		statuses,
		executionsReached(count: number) {
			if (executions.length >= count) return Promise.resolve(executions.slice());
			return new Promise((resolve) => waiters.push({ count, resolve }));
		},
		serve(harness: TriggerHarness) {
			trigger = harness;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
