import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '../../../testing/workspace-fixture.js';

/**
 * The results pages' "how each number is computed" link leads to a page this server serves (it
 * pointed at a placeholder repository before), and that page states the numbers the API scores
 * with: every norm's μ / σ as `GET /api/v1/benchmark-tags` serves them.
 */
const fixture = workspaceFixture();

type Scale = { mean: number; sd: number; reliability: number };
type Norms = { sampleSize: number; dimensions: Record<string, Scale>; composite: Scale };

describe('the assessment scoring page', () => {
  it('is linked from the results page and shows the statistics of every norm as the API serves them', async () => {
    const results = await (await fixture.admin.get('/workspace/results')).text();
    expect(results).toContain('<a href="/workspace/results/scoring">how an assessment is scored</a>');
    expect(results).not.toContain('github.com');

    const answer = await fixture.admin.get('/workspace/results/scoring');
    expect(answer.status).toBe(200);
    const page = await answer.text();
    const served = (await (await fetch(`${fixture.server.url}/api/v1/benchmark-tags?limit=100`, { headers: { 'x-api-key': fixture.server.demo.developerKey } })).json()) as {
      generalNorm: { id: string; norms: Norms };
      tags: Array<{ id: string; norms: Norms }>;
    };
    const norms = [served.generalNorm, ...served.tags];
    expect(norms.length).toBeGreaterThan(1);
    for (const { id, norms: norm } of norms) {
      const section = new RegExp(`<code>${id}</code>, n = ${norm.sampleSize}</summary>.*?</table>`, 's').exec(page)?.[0];
      expect(section, id).toBeDefined();
      const cells = [...(section ?? '').matchAll(/<div class="cell">([^<]*)<\/div>/g)].map((m) => m[1]);
      const expected = [...Object.values(norm.dimensions), norm.composite].flatMap((s) => [s.mean, s.sd, s.reliability].map((n) => n.toFixed(2)));
      expect(cells.filter((cell) => /^\d\.\d\d$/.test(cell ?? '')), id).toEqual(expected);
    }
  });

  it('is for members only', async () => {
    const anonymous = await fetch(`${fixture.server.url}/workspace/results/scoring`, { redirect: 'manual' });
    expect(anonymous.status).toBe(303);
  });
});
