// One n8n instance for the e2e run: its own user folder (sqlite, settings, encryption key) in a temp
// dir, the built node package loaded from N8N_CUSTOM_EXTENSIONS, nothing reaching out to n8n's servers,
// ports of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { N8nInstall } from './install-n8n.js';

export interface N8nInstance {
  /**
   * runs `n8n <args>` to completion; resolves with its stdout, rejects with its output on failure.
   * Asynchronous on purpose: the reference server n8n talks to runs in this process.
   */
  cli(args: string[]): Promise<string>;
  /** writes `value` as a JSON file in the instance's folder and returns its path */
  file(name: string, value: unknown): string;
  /**
   * `n8n start` until `stop()`; resolves with the first value `ready` gives (asked once a second:
   * n8n prints no line for every activation, so the caller looks at what activation does).
   */
  start<T>(ready: () => Promise<T | undefined>): Promise<T>;
  /** the last lines `n8n start` logged */
  startLog(): string;
  stop(): Promise<void>;
  webhookBase: string;
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Each n8n process gets its own task broker port: n8n 2.x listens on one (5679 by default) even
 * with runners off, so an `n8n execute` beside `n8n start` (or another e2e run) would otherwise
 * exit with "port 5679 is already in use".
 */
export function n8nInstance(install: N8nInstall, options: { extensions: string; port: number }): N8nInstance {
  const home = mkdtempSync(join(tmpdir(), 'e2e-n8n-'));
  const webhookBase = `http://127.0.0.1:${options.port}/`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    N8N_USER_FOLDER: home,
    N8N_CUSTOM_EXTENSIONS: options.extensions,
    N8N_ENCRYPTION_KEY: 'e2e-n8n-encryption-key',
    N8N_PORT: String(options.port),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_HOST: '127.0.0.1',
    WEBHOOK_URL: webhookBase,
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_RUNNERS_ENABLED: 'false',
    // `execute` prints the run's data at level info
    N8N_LOG_LEVEL: 'info',
    N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
    NODE_ENV: 'production',
  };
  let server: ReturnType<typeof spawn> | undefined;
  let serverLog = '';

  return {
    webhookBase,
    async cli(args) {
      const brokerPort = String(await freePort());
      return new Promise((resolve, reject) => {
        const child = spawn(install.node, [install.bin, ...args], { env: { ...env, N8N_RUNNERS_BROKER_PORT: brokerPort }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.once('error', reject);
        child.once('exit', (code, signal) => {
          if (code === 0) return resolve(stdout);
          // On this busy machine n8n has now and then died of a signal while exiting, after
          // printing a complete run: the run is the answer; the line says so.
          if (signal && args[0] === 'execute' && /^\{$[\s\S]*^\}$/m.test(stdout) && !stdout.includes('Execution was NOT successful')) {
            console.warn(`      (n8n ${args.join(' ')} printed its run, then died of ${signal} while exiting)`);
            return resolve(stdout);
          }
          reject(new Error(`n8n ${args.join(' ')} failed (${signal ? `killed by ${signal}` : `exit ${code}`}):\n${stdout}\n${stderr}`));
        });
      });
    },
    file(name, value) {
      const path = join(home, name);
      writeFileSync(path, JSON.stringify(value, null, 2));
      return path;
    },
    startLog: () => serverLog.slice(-3000),
    async start<T>(ready: () => Promise<T | undefined>) {
      const brokerPort = String(await freePort());
      return new Promise<T>((resolve, reject) => {
        const child = spawn(install.node, [install.bin, 'start'], { env: { ...env, N8N_RUNNERS_BROKER_PORT: brokerPort }, stdio: ['ignore', 'pipe', 'pipe'] });
        server = child;
        let done = false;
        const onData = (chunk: Buffer) => void (serverLog += chunk.toString());
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('exit', (code) => {
          done = true;
          reject(new Error(`n8n start exited (${code}) before it was ready:\n${serverLog.slice(-4000)}`));
        });
        const poll = async () => {
          while (!done) {
            const value = await ready().catch(() => undefined);
            if (value !== undefined) {
              done = true;
              resolve(value);
              return;
            }
            await new Promise((wake) => setTimeout(wake, 1000));
          }
        };
        void poll();
      });
    },
    async stop() {
      const child = server;
      server = undefined;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
    async dispose() {
      await this.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
