import type { TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from './harness/engine';
import { answers, CREDENTIALS, serverWithEngine } from './harness/server';

let server: TestServer;
let engine: Engine;

beforeAll(async () => {
	({ server, engine } = await serverWithEngine());
});
afterAll(() => server.dispose());

const credentials = CREDENTIALS.assessment;

describe('Assessment: Get Questions', () => {
	it('returns the instrument as one item', async () => {
		const { items, error } = await engine.run({ resource: 'assessment', operation: 'getQuestions' }, { credentials });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items?.[0]?.json).toMatchObject({ version: '1.0', totalQuestions: 140, organizationId: server.demo.organizationId });
	});

	it('splits the instrument into one item per question', async () => {
		const { items } = await engine.run({ resource: 'assessment', operation: 'getQuestions', output: 'questions' }, { credentials });
		expect(items).toHaveLength(140);
		expect(items?.[0]?.json).toMatchObject({ id: 'q1', category: 'demographics', instrumentVersion: '1.0' });
		expect(items?.[139]?.json).toMatchObject({ id: 'q140', category: 'closing' });
		expect(items?.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});
});

describe('Assessment: Submit and Get Result', () => {
	it('submits from fields with a benchmark and reads the result back by email and by id', async () => {
		const tags = await engine.run({ resource: 'benchmarkTag', operation: 'getAll', returnAll: true }, { credentials });
		const tagId = String(tags.items?.[0]?.json.id);
		const submitted = await engine.run(
			{
				resource: 'assessment',
				operation: 'submit',
				inputMode: 'fields',
				email: 'ada@founders.example',
				fullName: 'Ada Founder',
				answers: JSON.stringify(answers(1)),
				benchmarkTagId: tagId,
			},
			{ credentials },
		);
		expect(submitted.error).toBeUndefined();
		const result = submitted.items?.[0]?.json as { success: boolean; responseId: string; benchmarkApplied: boolean; scores: object };
		expect(result).toMatchObject({ success: true, benchmarkApplied: true });
		expect(result.scores).toBeTypeOf('object');

		const byEmail = await engine.run({ resource: 'assessment', operation: 'getResult', findBy: 'email', email: 'ADA@founders.example' }, { credentials });
		expect(byEmail.items?.[0]?.json).toMatchObject({ id: result.responseId, fullName: 'Ada Founder', benchmarkTagId: tagId });
		const byId = await engine.run({ resource: 'assessment', operation: 'getResult', findBy: 'resultId', resultId: result.responseId }, { credentials });
		expect(byId.items?.[0]?.json).toMatchObject({ id: result.responseId, email: 'ada@founders.example' });
	});

	it('submits a whole JSON object per input item, pairing each output with its item', async () => {
		const input = ['b@x.example', 'c@x.example'].map((email, i) => ({ json: { email, name: `Person ${i}` } }));
		const { items, error } = await engine.run(
			{
				resource: 'assessment',
				operation: 'submit',
				inputMode: 'json',
				submission: `={{ JSON.stringify(Object.assign({ email: $json.email, full_name: $json.name }, ${JSON.stringify(answers(2))})) }}`,
			},
			{ credentials, input },
		);
		expect(error).toBeUndefined();
		expect(items?.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items?.every((item) => item.json.success === true)).toBe(true);
	});

	it('surfaces a 400 as a NodeApiError naming the offending fields', async () => {
		const partial = answers(0);
		delete partial.q7;
		partial.q9 = 9;
		const { error, items } = await engine.run(
			{ resource: 'assessment', operation: 'submit', inputMode: 'fields', email: 'd@x.example', fullName: 'D', answers: JSON.stringify(partial) },
			{ credentials },
		);
		expect(items).toBeUndefined();
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toMatch(/cannot be scored/);
		expect((error as { httpCode?: string }).httpCode).toBe('400');
		expect(error?.description).toContain('missing: q7');
		expect(error?.description).toContain('invalid: q9');
	});

	it('with Continue On Fail, outputs the error for the failing item and goes on with the next', async () => {
		const input = [{ json: { email: 'not-an-email' } }, { json: { email: 'ok@x.example' } }];
		const { items, error } = await engine.run(
			{
				resource: 'assessment',
				operation: 'submit',
				inputMode: 'fields',
				email: '={{ $json.email }}',
				fullName: 'Someone',
				answers: JSON.stringify(answers(3)),
			},
			{ credentials, input, continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items?.[0]).toMatchObject({ pairedItem: { item: 0 }, json: { httpCode: '400', details: { invalid: ['email'] } } });
		expect(items?.[0]?.json.error).toBeTypeOf('string');
		expect(items?.[1]).toMatchObject({ pairedItem: { item: 1 }, json: { success: true } });
	});

	it('surfaces a 404 for an unknown result', async () => {
		const { error } = await engine.run({ resource: 'assessment', operation: 'getResult', findBy: 'email', email: 'nobody@x.example' }, { credentials });
		expect((error as { httpCode?: string }).httpCode).toBe('404');
		expect(error?.message).toMatch(/No assessment result/);
	});

	it('surfaces a 401 for a wrong developer key (an automation key is not one)', async () => {
		engine.credentials.add('wrong', 'evaluationAssessmentApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
		const { error } = await engine.run({ resource: 'assessment', operation: 'getQuestions' }, { credentials: { evaluationAssessmentApi: 'wrong' } });
		expect((error as { httpCode?: string }).httpCode).toBe('401');
		expect(error?.message).toMatch(/developer key/);
	});
});

describe('Benchmark Tag: Get Many', () => {
	it('returns every tag across pages with Return All, and stops at the limit otherwise', async () => {
		const all = await engine.run({ resource: 'benchmarkTag', operation: 'getAll', returnAll: true }, { credentials });
		const direct = (await (await fetch(`${server.url}/api/v1/benchmark-tags?limit=100`, { headers: { 'x-api-key': server.demo.developerKey } })).json()) as {
			pagination: { total: number };
		};
		expect(all.items).toHaveLength(direct.pagination.total);
		const limited = await engine.run({ resource: 'benchmarkTag', operation: 'getAll', returnAll: false, limit: 2 }, { credentials });
		expect(limited.items?.map((i) => i.json.id)).toEqual(all.items?.slice(0, 2).map((i) => i.json.id));
	});
});
