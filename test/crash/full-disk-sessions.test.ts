import { ManualClock } from 'reference-server';
import { signInToWorkspace, startTestServer } from 'reference-server/testing';
import { describe, expect, it } from 'vitest';
import { FaultyFileSystem } from '../support/faulty-file-system.js';

/**
 * The idle timeout notes a session's use with a store write (at most once a minute). While the
 * disk refuses writes, reads go on: a signed-in person still reads the workspace, the use just
 * goes unnoted, and it is noted again once the disk heals.
 */
describe('browser sessions while the disk refuses writes', () => {
  it('still open the workspace pages, and note their use again after the disk heals', { timeout: 60_000 }, async () => {
    const disk = new FaultyFileSystem();
    const clock = new ManualClock(Date.now());
    const server = await startTestServer({}, { storeFileSystem: disk, clock });
    try {
      const browser = await signInToWorkspace(server);

      clock.advance(5 * 60_000);
      disk.failWith('EIO');
      expect((await browser.get('/workspace')).status).toBe(200);
      expect((await browser.get('/workspace/sessions')).status).toBe(200);

      disk.heal();
      // The store reopens itself once the disk takes writes; the next page view notes the use.
      let noted = false;
      for (let round = 0; round < 60 && !noted; round += 1) {
        clock.advance(1_000);
        expect((await browser.get('/workspace')).status).toBe(200);
        noted = (await (await browser.get('/workspace/sessions')).text()).includes(new Date(clock.now()).toISOString().slice(0, 16).replace('T', ' '));
      }
      expect(noted).toBe(true);
    } finally {
      disk.heal();
      await server.dispose();
    }
  });
});
