import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationReport, finishCertification, type Report, startCertification, startTestServer, type TestServer, WebhookReceiver } from 'reference-server/testing';
import { INTERNAL_NO_ANSWER } from '../outbound/index.js';

/**
 * Issue 36, item 6: on a shared server an internal address the operator allowed is reported by a
 * run as the delivery log reports it, by outcome class only: no exact status, latency or body, and
 * a closed port decided like an open one (it stayed pending while an open one was decided: a
 * port scanner).
 */
let server: TestServer;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  server = await startTestServer({ host: '0.0.0.0', insecureHttp: true, outboundAllowlist: ['127.0.0.1'] });
  await receiver.start();
});

afterAll(async () => {
  await server?.dispose();
  await receiver.stop();
});

const acceptsValid = (report: Report) => report.checks.find((c) => c.id === 'webhook.accepts-valid');

/** The report once `webhook.accepts-valid` is decided, looked at every 100 ms for at most 15 s. */
async function decided(runId: string): Promise<Report> {
  for (let tries = 0; tries < 150; tries += 1) {
    const report = await certificationReport(server, runId);
    if (acceptsValid(report)?.outcome !== 'pending') return report;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`webhook.accepts-valid of ${runId} still pending after 15 s`);
}

describe('a run against an internal address on a shared server', { timeout: 60_000 }, () => {
  it('reports an answering port by its status class only: no exact status, latency or body', async () => {
    receiver.respond = () => ({ status: 403, headers: { 'x-operator': 'internal-header' }, body: 'internal-body' });
    const started = await startCertification(server, { webhookUrl: receiver.urlOf('/operator'), checks: ['webhook'] });
    const report = await decided(started.run.id);
    await finishCertification(server, started.run.id);
    receiver.respond = () => ({ status: 200 });
    const check = acceptsValid(report);
    expect(check?.outcome).toBe('fail');
    expect(check?.summary).toContain('HTTP 4xx from an internal address');
    expect(check?.evidence[0]?.response).toEqual({ status: null, error: expect.stringContaining('4xx') });
    expect(JSON.stringify(report)).not.toMatch(/\b403\b|internal-body|internal-header|latencyMs/);
  });

  it('decides a closed port at once, as no answer, without the network error', async () => {
    const started = await startCertification(server, { webhookUrl: 'http://127.0.0.1:1/scan', checks: ['webhook'] });
    const report = await decided(started.run.id);
    await finishCertification(server, started.run.id);
    const check = acceptsValid(report);
    expect(check?.outcome).toBe('fail');
    expect(check?.evidence[0]?.response).toEqual({ status: null, error: INTERNAL_NO_ANSWER });
    expect(JSON.stringify(report)).not.toMatch(/ECONNREFUSED|latencyMs/);
  });
});
