import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CHECKS, selectChecks } from './checks.js';

const docs = () => readFile(new URL('../../../docs/certification.md', import.meta.url), 'utf8');

describe('the certification checks', () => {
  it('are each explained in docs/certification.md, in the same order, with their level and clause', async () => {
    const text = await docs();
    const documented = [...text.matchAll(/^### `([a-z-]+\.[a-z-]+)`\n\n\*\*(MUST|SHOULD)\*\* · (.+)$/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(documented).toEqual(CHECKS.map((c) => [c.id, c.level, c.clause]));
  });

  it('say why they matter and how to fix a failure in the same words as docs/certification.md (the pages and reports show the data)', async () => {
    const text = await docs();
    for (const c of CHECKS) {
      const section = text.slice(text.indexOf(`### \`${c.id}\``));
      expect(section).toContain(`\n- *Why it matters:* ${c.why}\n- *To fix a failure:* ${c.fix}\n`);
    }
  });

  it("show the docs' receiver exactly as the tested file has it", async () => {
    const file = await readFile(new URL('../../../docs/certification/examples/receiver.mjs', import.meta.url), 'utf8');
    expect(await docs()).toContain(`\`\`\`js\n${file}\`\`\``);
  });

  it('are selected by group or id, and an unknown name is refused with the choices', () => {
    expect(selectChecks(['oauth', 'api.paginates'])).toEqual(['api.paginates', ...CHECKS.filter((c) => c.group === 'oauth').map((c) => c.id)]);
    expect(() => selectChecks(['webhooks'])).toThrow(/unknown check or group "webhooks": choose among webhook, api, oauth/);
  });
});
