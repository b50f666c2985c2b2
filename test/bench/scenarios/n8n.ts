import type { INodeExecutionData } from 'n8n-workflow';
import { startTestServer } from 'reference-server/testing';
import { Engine } from '../../../n8n-nodes/test/harness/engine.js';
import type { BenchScenario } from '../harness.js';

/** Items per run: the 1,000, each one Create Submission request. */
const ITEMS = 1000;

const fieldsOf = (i: number) => ({ email: `founder${i}@bench.example`, name: `Founder ${i}`, company: `Company ${i}` });

/**
 * The n8n node's overhead on a realistic batch: 1,000 items through Create Submission in one
 * workflow execution inside n8n-core, against a plain `fetch` loop sending the same 1,000
 * requests, one after another, to the same server. The ratio is items per second of the node
 * over requests per second of the loop (1.0 = the node costs nothing on top of HTTP).
 */
export const scenarios: BenchScenario[] = [
  {
    name: 'n8n node: Create Submission, 1,000 items in n8n-core ÷ a plain HTTP loop',
    async run() {
      // The per-key rate limit (1,200 a minute) would make both sides wait; this measures overhead.
      const server = await startTestServer({ automationRateLimitPerMinute: 0 });
      try {
        const headers = { 'content-type': 'application/json', 'x-api-key': server.demo.automationKey };
        const profiles = (await (await fetch(`${server.url}/api/automation/profiles`, { headers })).json()) as { data: Array<{ id: string }> };
        const profileId = profiles.data[0]?.id;
        if (!profileId) throw new Error('the seeded organisation has no profile');

        const engine = new Engine();
        engine.credentials.add('automation', 'evaluationAutomationApi', { baseUrl: server.url, apiKey: server.demo.automationKey });
        const runNode = async (prefix: string, count: number) => {
          const input: INodeExecutionData[] = Array.from({ length: count }, (_, i) => ({ json: { recordId: `${prefix}-${i}`, fields: fieldsOf(i) } }));
          const started = performance.now();
          const result = await engine.run(
            {
              resource: 'submission',
              operation: 'create',
              recordId: '={{ $json.recordId }}',
              profileId,
              fieldsInput: 'json',
              fieldsJson: '={{ JSON.stringify($json.fields) }}',
            },
            { input, credentials: { evaluationAutomationApi: 'automation' } },
          );
          if (result.error || result.items?.length !== count) throw new Error(`the node failed: ${result.error?.message ?? 'missing items'}`);
          return count / ((performance.now() - started) / 1000);
        };
        const runLoop = async (prefix: string, count: number) => {
          const started = performance.now();
          for (let i = 0; i < count; i += 1) {
            const response = await fetch(`${server.url}/api/automation/submissions`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ record_id: `${prefix}-${i}`, profile_id: profileId, fields: fieldsOf(i), source: 'n8n' }),
            });
            if (!response.ok) throw new Error(`the loop got HTTP ${response.status}`);
            await response.arrayBuffer();
          }
          return count / ((performance.now() - started) / 1000);
        };

        // Warm both paths up (JIT, connection pools), then measure the loop on either side of the node.
        await runLoop('warm-loop', 50);
        await runNode('warm-node', 50);
        const loopBefore = await runLoop('loop-a', ITEMS / 2);
        const node = await runNode('node', ITEMS);
        const loopAfter = await runLoop('loop-b', ITEMS / 2);
        const loop = (loopBefore + loopAfter) / 2;
        return [
          {
            name: 'items/s through the node ÷ requests/s of a fetch loop',
            ratio: node / loop,
            detail: `node ${node.toFixed(0)} items/s, loop ${loop.toFixed(0)} req/s`,
          },
        ];
      } finally {
        await server.dispose();
      }
    },
  },
];
