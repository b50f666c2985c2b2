import type { RunningServer } from '../server.js';

/** Waits until the job runner has nothing left to do right now (timers in the future aside). */
export async function settle(server: Pick<RunningServer, 'jobs'>): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    await server.jobs.idle();
    await new Promise((resolve) => setImmediate(resolve));
    if (!server.jobs.busy) return;
  }
}
