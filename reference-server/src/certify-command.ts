import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** How the integration's command ended: its exit status, or the signal that ended it. */
export type CommandExit = { code: number; signal?: undefined } | { code?: undefined; signal: NodeJS.Signals };

/** Time the command's process group gets between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 5000;
/** How often a stopping group is looked at (there is no event for "every process of a group is gone"). */
const GROUP_POLL_MS = 50;

/**
 * The integration's command under `certify run`: `sh -c COMMAND` in a process group of its own, so
 * stopping it reaches every process the shell started, those it left running in the background too.
 * Its output goes to stderr, so `--json` leaves stdout to the report.
 */
export class IntegrationCommand {
  readonly #child: ChildProcess;
  readonly exited: Promise<CommandExit>;

  constructor(command: string, env: Record<string, string>) {
    this.#child = spawn('sh', ['-c', command], { env: { ...process.env, ...env }, stdio: ['ignore', process.stderr, process.stderr], detached: true });
    this.exited = once(this.#child, 'exit').then(([code, signal]) => (signal ? { signal: signal as NodeJS.Signals } : { code: code as number }));
  }

  /** True while any process of the command's group is alive (zombies not yet reaped count). */
  #groupAlive(): boolean {
    try {
      process.kill(-(this.#child.pid as number), 0);
      return true;
    } catch {
      return false;
    }
  }

  #signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-(this.#child.pid as number), signal);
    } catch {
      // The group is gone already.
    }
  }

  async #groupGone(withinMs: number): Promise<boolean> {
    for (let waited = 0; waited < withinMs; waited += GROUP_POLL_MS) {
      if (!this.#groupAlive()) return true;
      await new Promise((done) => setTimeout(done, GROUP_POLL_MS));
    }
    return !this.#groupAlive();
  }

  /**
   * Stops every process of the command's group, whether or not the shell itself has exited:
   * SIGTERM, then SIGKILL after STOP_GRACE_MS for what is left.
   */
  async stop(): Promise<void> {
    if (this.#child.pid === undefined) return;
    if (!this.#groupAlive()) return;
    this.#signalGroup('SIGTERM');
    if (await this.#groupGone(STOP_GRACE_MS)) return;
    this.#signalGroup('SIGKILL');
    await this.#groupGone(1000);
  }
}
