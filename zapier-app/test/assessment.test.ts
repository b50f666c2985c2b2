import { startTestServer, type TestServer } from 'reference-server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { benchmarkTagSchema, publicResultSchema, submitResponseSchema } from '../../reference-server/src/assessment-api/assessment-response-schemas.js';
import { RESULT_SAMPLE, SUBMIT_SAMPLE, BENCHMARK_TAG_SAMPLE } from '../src/assessment/samples.js';
import App from '../src/index.js';
import { configureEnvironment } from './support/env.js';
import { connectAccount, type AuthData } from './support/oauth.js';
import { fieldKeys, flatKeys, operationOf } from './support/shapes.js';

/** The Assessment API steps against the running reference server, on a real OAuth connection with the developer key. */
let server: TestServer;
let authData: AuthData;
const appTester = createAppTester(App);
const submit = operationOf(App.creates.submit_assessment);
const find = operationOf(App.searches.find_assessment_result);
const tags = operationOf(App.triggers.benchmark_tags);

beforeAll(async () => {
  server = await startTestServer();
  configureEnvironment(server);
  ({ authData } = await connectAccount(server, { developer_key: server.demo.developerKey }));
});
afterAll(() => server.dispose());

/** Answers as Zapier hands mapped values over: text. */
const answers = (value: (n: number) => number): Record<string, string> =>
  Object.fromEntries(Array.from({ length: 127 }, (_, i) => [`q${i + 5}`, String(value(i + 5))]));

describe('Benchmark Tags (hidden trigger for the dropdown)', () => {
  it('lists every tag on the first page, as the API shapes them, and nothing on the next', async () => {
    const page0 = (await appTester(tags.perform, { authData, meta: { page: 0 } })) as object[];
    expect(page0).toHaveLength(12);
    for (const tag of page0) benchmarkTagSchema.parse(tag);
    expect(flatKeys(page0[0]!)).toEqual(fieldKeys(tags.outputFields));
    expect(page0[0]).toEqual(BENCHMARK_TAG_SAMPLE);
    expect(await appTester(tags.perform, { authData, meta: { page: 1 } })).toEqual([]);
  });
});

describe('Submit Assessment', () => {
  it('renders one input per question from the instrument the key sees', async () => {
    const dynamic = submit.inputFields?.find((f) => typeof f === 'function');
    const fields = (await appTester(dynamic as never, { authData })) as {
      key: string;
      label: string;
      required: boolean;
      type: string;
      choices?: { value: string; label: string }[];
    }[];
    // 138 questions, the 127 required answers first, then the optional ones and the Benchmark Tag last.
    expect(fields).toHaveLength(139);
    expect(fields.slice(0, 127).every((f) => f.required)).toBe(true);
    expect(fields.slice(127).some((f) => f.required)).toBe(false);
    expect(fields.at(-1)?.key).toBe('benchmark_tag_id');
    expect(fields.map((f) => f.key)).not.toContain('q1');
    expect(fields.map((f) => f.key)).not.toContain('q4');
    const q5 = fields.find((f) => f.key === 'q5')!;
    expect(q5).toMatchObject({ required: true, type: 'integer', label: 'Q5: I set targets for myself that are harder than what others expect of me.' });
    expect(q5.choices?.map((c) => c.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(q5.choices?.[5]?.label).toBe('6 — Strongly agree');
    expect(fields.find((f) => f.key === 'q137')).toMatchObject({ type: 'boolean', required: false });
    expect(fields.find((f) => f.key === 'q2')).toMatchObject({ type: 'string', required: false });
    expect(fields.filter((f) => f.required)).toHaveLength(127);
  });

  it('scores the answers against the chosen benchmark and returns what the API returns', async () => {
    const result = await appTester(submit.perform, {
      authData,
      inputData: { email: 'ada@example.com', full_name: 'Ada Lovelace', benchmark_tag_id: 'bt_fintech', q2: 'founder', q137: 'true', ...answers((n) => ((n * 7) % 6) + 1) },
    });
    const parsed = submitResponseSchema.parse(result);
    expect(parsed).toMatchObject({ success: true, benchmarkApplied: true, replaced: false });
    expect(parsed.scores.norm.id).toBe('bt_fintech');
    expect(flatKeys(result as object)).toEqual(fieldKeys(submit.outputFields));
    // The sample is this very answer set, scored: the numbers are the server's.
    expect({ ...(result as object), responseId: SUBMIT_SAMPLE.responseId }).toEqual(SUBMIT_SAMPLE);
  });

  it("passes the API's message on when answers are missing or out of range", async () => {
    const partial = answers(() => 4);
    delete partial['q7'];
    partial['q8'] = '9';
    await expect(
      appTester(submit.perform, { authData, inputData: { email: 'bob@example.com', full_name: 'Bob', ...partial } }),
    ).rejects.toThrow(/1 required field\(s\) missing \(q7\); 1 field\(s\) invalid \(q8\)/);
  });
});

describe('Find Assessment Result', () => {
  it('finds the stored result by email, whatever its case, in the shape of the sample', async () => {
    const found = (await appTester(find.perform, { authData, inputData: { email: 'ADA@example.com' } })) as object[];
    expect(found).toHaveLength(1);
    const result = publicResultSchema.parse(found[0]);
    expect(result).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Lovelace', benchmarkTagId: 'bt_fintech', revision: 1 });
    expect(result.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(flatKeys(found[0]!)).toEqual(fieldKeys(find.outputFields));
    expect(flatKeys(RESULT_SAMPLE)).toEqual(flatKeys(found[0]!));
    publicResultSchema.parse(RESULT_SAMPLE);
  });

  it('finds nothing (not an error) for an email without a result', async () => {
    expect(await appTester(find.perform, { authData, inputData: { email: 'nobody@example.com' } })).toEqual([]);
  });

  it('tells the zap builder to reconnect with a developer key when the connection has none', async () => {
    const { developer_key: _none, ...withoutKey } = authData;
    await expect(appTester(find.perform, { authData: withoutKey, inputData: { email: 'ada@example.com' } })).rejects.toThrow(
      /no Assessment Developer Key\. Reconnect your account and enter the Assessment Developer Key/,
    );
  });
});
