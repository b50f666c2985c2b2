import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { operate, renderReportHtml, summaryLine, type Report, type StartRunInput } from 'reference-server';
import type { TestServer } from './server.js';

export type { Report };

export interface CertificationStart {
  run: { id: string };
  credentials: {
    automation_key?: string;
    developer_key?: string;
    oauth_client?: { client_id: string; client_secret: string; redirect_uris: string[] };
    webhook?: { subscription_id: string; url: string; secret?: string };
  };
}

/** Starts a certification run of the demo organisation's integration, as `certify start` does (through the server holding the folder). */
export const startCertification = (server: TestServer, input: StartRunInput): Promise<CertificationStart> =>
  operate(server.sandbox, 'certify.start', { orgId: server.demo.organizationId, ...input });

export const certificationReport = (server: TestServer, runId: string): Promise<Report> => operate(server.sandbox, 'certify.status', { runId });

/** The report once `decided` holds for it (default: the run has ended), looked at every 250 ms. */
export async function certificationWhen(server: TestServer, runId: string, decided: (report: Report) => boolean = (r) => r.run.status !== 'running'): Promise<Report> {
  for (;;) {
    const report = await certificationReport(server, runId);
    if (decided(report)) return report;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * A run a careful API client passes (every MUST of it): `api.idempotent-create`, whose create's
 * answer the run drops, sent again with the same record_id; `api.paginates` (a SHOULD) is left
 * unreached. Returns the finished run's report (`finish` ends it: `certify finish` by default), which
 * names its certificate.
 */
export async function passedCertification(
  server: TestServer,
  input: Omit<StartRunInput, 'checks'> = {},
  finish: (server: TestServer, runId: string) => Promise<Report> = finishCertification,
): Promise<{ report: Report; start: CertificationStart }> {
  const start = await startCertification(server, { ...input, checks: ['api.idempotent-create', 'api.paginates'] });
  const headers = { 'x-api-key': start.credentials.automation_key as string, 'content-type': 'application/json' };
  const call = (method: string, path: string, body?: unknown) => fetch(`${server.url}/api/automation${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
  const profiles = (await (await call('GET', '/profiles')).json()) as { data: Array<{ id: string }> };
  const create = { record_id: `certified-${start.run.id}`, profile_id: profiles.data[0]?.id, fields: { company: 'Acme', name: 'Ada Acme', email: 'ada@acme.example' } };
  // The run drops this answer: the connection closes without one.
  await call('POST', '/submissions', create).catch(() => undefined);
  const again = await call('POST', '/submissions', create);
  if (!again.ok) throw new Error(`the repeated create was answered ${again.status}`);
  await certificationWhen(server, start.run.id, (r) => r.checks.find((c) => c.id === 'api.idempotent-create')?.outcome !== 'pending');
  return { report: await finish(server, start.run.id), start };
}

/** Records the integration's explanation of a check (`certify explain`): why a SHOULD is not met, or who does the work. */
export const explainCertification = (server: TestServer, runId: string, check: string, text: string): Promise<Report> =>
  operate(server.sandbox, 'certify.explain', { runId, check, text });

export const finishCertification = (server: TestServer, runId: string): Promise<Report> => operate(server.sandbox, 'certify.finish', { runId });

/**
 * Writes the run's HTML report (a connector's published certification); for a run that passed,
 * beside it its signed certificate (`.jws`), the issuer's key set it verifies against offline
 * (`.keys.json`: `certify verify zapier.jws --keys zapier.keys.json`) and its badge (`.svg`), read
 * from the server that issued them. Returns the report's summary line.
 */
export async function writeCertificate(report: Report, file: string): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, renderReportHtml(report));
  if (report.certificate) {
    const base = file.replace(/\.html$/, '');
    const read = async (url: string) => {
      const answer = await fetch(url);
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      return answer.text();
    };
    await writeFile(`${base}.jws`, await read(report.certificate.jws_url));
    await writeFile(`${base}.keys.json`, `${JSON.stringify(JSON.parse(await read(new URL('/.well-known/certificate-keys.json', report.certificate.url).href)), null, 2)}\n`);
    await writeFile(`${base}.svg`, await read(`${report.certificate.url}.svg`));
  }
  return summaryLine(report);
}
