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
  operate(server.dataDir, 'certify.start', { orgId: server.demo.organizationId, ...input }) as Promise<CertificationStart>;

export const certificationReport = (server: TestServer, runId: string): Promise<Report> => operate(server.dataDir, 'certify.status', { runId }) as Promise<Report>;

/** The report once `decided` holds for it (default: the run has ended), looked at every 250 ms as `certify run` does. */
export async function certificationWhen(server: TestServer, runId: string, decided: (report: Report) => boolean = (r) => r.run.status !== 'running'): Promise<Report> {
  for (;;) {
    const report = await certificationReport(server, runId);
    if (decided(report)) return report;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** Records the integration's explanation of a check (`certify explain`): why a SHOULD is not met, or who does the work. */
export const explainCertification = (server: TestServer, runId: string, check: string, text: string): Promise<Report> =>
  operate(server.dataDir, 'certify.explain', { runId, check, text }) as Promise<Report>;

export const finishCertification = (server: TestServer, runId: string): Promise<Report> => operate(server.dataDir, 'certify.finish', { runId }) as Promise<Report>;

/** Writes the run's HTML report (a connector's published certificate); returns its summary line. */
export async function writeCertificate(report: Report, file: string): Promise<string> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, renderReportHtml(report));
  return summaryLine(report);
}
