import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, startCli } from './mutants/harness.js';

/**
 * How a `certify run` ends, through the real CLI in a child process: the report says how (the
 * command's exit status, a signal to certify run) in every format, a check not reached says why,
 * SIGTERM leaves no process of the command behind, and the wait is narrated on stderr.
 */
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'certify-end-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

interface Report {
  run: { id: string; status: string; started_by: string; ended: { reason: string; exit_code?: number; signal?: string; text: string } | null };
  checks: Array<{ id: string; outcome: string; summary: string }>;
}

/** Live processes (zombies are dead) whose process group is `pgid`: what a stopped command must not leave. */
async function processesOfGroup(pgid: number): Promise<number[]> {
  const alive: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid pgrp …: comm may hold spaces, so read after its closing parenthesis.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') alive.push(Number(entry));
  }
  return alive;
}

describe('certify run: how the run ended', () => {
  it('reports a command that exited 3 as such in JSON, HTML, JUnit and certify status, never as finished by the operator', async () => {
    const html = join(folder, 'out', 'report.html');
    const junit = join(folder, 'out', 'report.xml');
    const { code, stdout, stderr } = await cli(['certify', 'run', '--data', folder, '--json', '--checks', 'api', '--report', html, '--junit', junit, '--command', 'exit 3']);
    expect(code, stderr).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.run.ended).toEqual({ reason: 'command_exited', exit_code: 3, text: 'the command exited with status 3' });
    expect(report.run.started_by).toBe('certify run');
    for (const check of report.checks) {
      expect(check.outcome).toBe('not_run');
      expect(check.summary).toBe('Not reached: the run ended before the integration got here: the command exited with status 3.');
    }
    expect(stdout).not.toMatch(/operator/);
    expect(stderr).toContain('The run ended: the command exited with status 3.');
    expect(await readFile(html, 'utf8')).toContain('The run ended: the command exited with status 3.');
    const xml = await readFile(junit, 'utf8');
    expect(xml).toContain('<property name="run.ended" value="The run ended: the command exited with status 3."/>');
    expect(xml).toContain('<property name="run.command_exit_code" value="3"/>');
    const status = await cli(['certify', 'status', report.run.id, '--data', folder]);
    expect(status.stdout.trim().split('\n').at(-1)).toBe('The run ended: the command exited with status 3.');
    // The server's log is in its file, not on stderr.
    expect(stderr).not.toContain('"level"');
    expect(await readFile(join(folder, 'certify-server.log'), 'utf8')).toContain('"msg":"reference server listening"');
  }, 60_000);

  it('on SIGTERM stops every process of the command (one ignoring SIGTERM too), finishes the run, reports it and exits 143; it narrates the wait meanwhile', async () => {
    const pids = join(folder, 'pids');
    // The shell's pid is the group's id; one background process ignores SIGTERM and must be killed.
    const command = `echo $$ > ${pids}.tmp; sleep 300 & (trap '' TERM; sleep 300) & mv ${pids}.tmp ${pids}; wait`;
    const html = join(folder, 'report.html');
    const running = startCli(['certify', 'run', '--data', folder, '--json', '--checks', 'api', '--progress-interval', '1s', '--report', html, '--command', command]);
    // Waits for the command to be up and for a listing of the pending checks (the wait is narrated).
    while (!(existsSync(pids) && running.stderrSoFar().includes('api.paginates: waiting for a list request'))) await once(running.child.stderr!, 'data');
    const group = Number((await readFile(pids, 'utf8')).trim());
    expect(await processesOfGroup(group)).toHaveLength(3);
    expect(running.stderrSoFar()).toMatch(/certify: 5 check\(s\) pending:\ncertify: {3}api\.honours-retry-after: waiting for a request with the run’s credentials/);
    running.child.kill('SIGTERM');
    const { code, stdout, stderr } = await running.done;
    expect(code, stderr).toBe(143);
    expect(await processesOfGroup(group)).toEqual([]);
    const report = JSON.parse(stdout) as Report;
    expect(report.run.ended).toEqual({ reason: 'interrupted', signal: 'SIGTERM', text: 'certify run was stopped by SIGTERM' });
    expect(report.checks.every((c) => c.outcome === 'not_run' && c.summary.endsWith('certify run was stopped by SIGTERM.'))).toBe(true);
    expect(await readFile(html, 'utf8')).toContain('The run ended: certify run was stopped by SIGTERM.');
  }, 60_000);
});
