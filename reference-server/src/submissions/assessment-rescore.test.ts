import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answersFrom } from '../psychometrics/index.js';
import { type Delivery, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';

/**
 * The whole path a partner sees, over HTTP only: an automation submission waits for its person's
 * assessment, the person submits it on /api/v1, and the submission is re-scored to completed with
 * the assessment fit. profile-scoring.test.ts covers the scoring itself; webhooks.test.ts drives the
 * re-queue with eventOps directly. Here the Assessment API's own submit has to trigger it.
 */
// Loose objects: a parsed view keeps the fields it does not name, so comparisons see all of them.
const Criterion = z.looseObject({ key: z.string(), weight: z.number(), score: z.number().nullable() });
const Submission = z.object({
  id: z.string(),
  status: z.string(),
  score: z.object({ overall: z.number(), partial: z.boolean(), assessment: z.string() }),
  criteria: z.array(Criterion),
  founders: z.array(
    z.looseObject({
      email: z.string().nullable(),
      primary: z.boolean(),
      assessment: z.object({ result_id: z.string(), revision: z.number(), percentiles: z.record(z.string(), z.number()), fit: z.number() }).nullable(),
    }),
  ),
});
const Profile = z.object({
  criteria: z.array(z.object({ key: z.string(), rule: z.object({ type: z.string(), targets: z.record(z.string(), z.number()).optional() }) })),
});
const SubmitAnswer = z.object({ responseId: z.string(), scores: z.object({ dimensions: z.record(z.string(), z.object({ percentile: z.number() })) }) });
const Event = z.object({ id: z.string(), type: z.string(), data: z.object({ id: z.string() }).passthrough() });

const PROFILE_ID = 'prf_preseed_founder';
let server: TestServer;
let receiver: WebhookReceiver;
let secret: string;

const call = async (path: string, init: RequestInit & { key: string }) => {
  const response = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { 'x-api-key': init.key, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  return { status: response.status, body: (await response.json()) as unknown };
};
const automation = (path: string, init: RequestInit = {}) => call(`/api/automation${path}`, { ...init, key: server.demo.automationKey });

beforeAll(async () => {
  server = await startTestServer();
  receiver = await new WebhookReceiver().start();
  const subscribed = await automation('/webhooks', {
    method: 'POST',
    body: JSON.stringify({ url: receiver.url, events: ['submission.awaiting_assessment', 'submission.completed'] }),
  });
  expect(subscribed.status).toBe(201);
  secret = z.object({ secret: z.string() }).parse(subscribed.body).secret;
});
afterAll(async () => {
  await receiver.stop();
  await server.dispose();
});

/**
 * Resolves with the next signed delivery of `type` about submission `id`, awaiting each arrival
 * (the seeded demo submission is processed in the background too, so others may come first).
 */
async function nextEvent(type: string, id: string, from: number): Promise<{ next: number }> {
  for (let seen = from; ; seen += 1) {
    await receiver.waitFor(seen + 1);
    const delivery = receiver.deliveries[seen] as Delivery;
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(delivery.headers[name])]));
    const event = Event.parse(new Webhook(secret).verify(delivery.rawBody, headers));
    if (event.type === type && event.data.id === id) return { next: seen + 1 };
  }
}

async function detail(id: string) {
  const reply = await automation(`/submissions/${id}`);
  expect(reply.status).toBe(200);
  return Submission.parse(reply.body);
}

/** docs/automation.md · Scoring: 100 − mean |percentile − target| over the targeted dimensions, one decimal. */
const expectedFit = (percentiles: Record<string, number>, targets: Record<string, number>) => {
  const gaps = Object.entries(targets).map(([dimension, target]) => Math.abs((percentiles[dimension] as number) - target));
  return Math.round(10 * Math.min(100, Math.max(0, 100 - gaps.reduce((a, b) => a + b, 0) / gaps.length))) / 10;
};
const weightedMean = (criteria: z.infer<typeof Criterion>[]) => {
  const counted = criteria.filter((c) => c.score !== null);
  const weights = counted.reduce((sum, c) => sum + c.weight, 0);
  return Math.round((10 * counted.reduce((sum, c) => sum + c.weight * (c.score as number), 0)) / weights) / 10;
};

describe('a submission awaiting its person’s assessment', () => {
  it('is re-scored to completed with the assessment fit when the person submits on /api/v1', async () => {
    const email = 'Noor.Haddad@Founders.example';
    const created = await automation('/submissions', {
      method: 'POST',
      body: JSON.stringify({ record_id: 'rescore-1', profile_id: PROFILE_ID, fields: { email, name: 'Noor Haddad', company: 'Tidewater', stage: 'seed' } }),
    });
    expect(created.status).toBe(202);
    const id = z.object({ submission_id: z.string() }).parse(created.body).submission_id;

    const awaited = await nextEvent('submission.awaiting_assessment', id, 0);
    const waiting = await detail(id);
    expect(waiting).toMatchObject({ status: 'awaiting_assessment', score: { partial: true, assessment: 'pending' } });
    expect(waiting.criteria.find((c) => c.key === 'founder_fit')?.score).toBeNull();
    expect(waiting.founders[0]).toMatchObject({ email: email.toLowerCase(), primary: true, assessment: null });

    // The person takes the assessment through the Assessment API, the email typed differently.
    const submitted = await call('/api/v1/assessment/submit', {
      method: 'POST',
      key: server.demo.developerKey,
      body: JSON.stringify({ email: email.toUpperCase(), full_name: 'Noor Haddad', ...answersFrom((item) => (item.reversed ? 2 : 5)) }),
    });
    expect(submitted.status).toBe(200);
    const result = SubmitAnswer.parse(submitted.body);

    await nextEvent('submission.completed', id, awaited.next);
    const done = await detail(id);
    expect(done).toMatchObject({ status: 'completed', score: { partial: false, assessment: 'included' } });

    const percentiles = Object.fromEntries(Object.entries(result.scores.dimensions).map(([dimension, s]) => [dimension, s.percentile]));
    const profile = await automation(`/profiles/${PROFILE_ID}`);
    const targets = Profile.parse(profile.body).criteria.find((c) => c.key === 'founder_fit')?.rule.targets;
    expect(targets).toBeDefined();
    const fit = expectedFit(percentiles, targets as Record<string, number>);
    expect(done.founders[0]).toEqual({ email: email.toLowerCase(), primary: true, name: 'Noor Haddad', role: 'Founder', assessment: { result_id: result.responseId, revision: 1, percentiles, fit } });
    expect(done.criteria.find((c) => c.key === 'founder_fit')?.score).toBe(fit);
    // Only the assessment changed: every other criterion scores as it did while waiting.
    expect(done.criteria.filter((c) => c.key !== 'founder_fit')).toEqual(waiting.criteria.filter((c) => c.key !== 'founder_fit'));
    expect(done.score.overall).toBe(weightedMean(done.criteria));
    expect(done.score.overall).not.toBe(waiting.score.overall);
  });
});
