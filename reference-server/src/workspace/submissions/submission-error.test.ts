import { describe, expect, it } from 'vitest';
import { settle } from 'reference-server/testing';
import { workspaceFixture } from '../../../testing/workspace-fixture.js';

/**
 * Issue 27, item 7 ("texts speak of the implementation"): a failed submission's page says why it
 * failed in words, not as the raw `missing_required_fields: …` line; the API's code stays, marked
 * as such, and the API's own error body is unchanged.
 */
const fixture = workspaceFixture();

describe('a failed submission in the workspace', () => {
  it('reads as a sentence, with the API code only as a reference', async () => {
    const automation = (path: string) => `${fixture.server.url}/api/automation${path}`;
    const headers = { 'x-api-key': fixture.server.demo.automationKey, 'content-type': 'application/json' };
    const created = (await (
      await fetch(automation('/submissions'), { method: 'POST', headers, body: JSON.stringify({ record_id: 'rec-no-email', profile_id: 'prf_studio_operator', fields: { name: 'No Email' } }) })
    ).json()) as { submission_id: string };
    await settle(fixture.server);
    const viaApi = (await (await fetch(automation(`/submissions/${created.submission_id}`), { headers })).json()) as { status: string; error: { code: string; message: string } };
    expect(viaApi).toMatchObject({ status: 'failed', error: { code: 'missing_required_fields' } });

    const page = await (await fixture.admin.get(`/workspace/submissions/${created.submission_id}`)).text();
    expect(page).toContain('Why it failed');
    expect(page).toContain('Not scored: the record lacks fields the profile needs.');
    expect(page).toContain(viaApi.error.message.replace(/"/g, '&quot;'));
    expect(page).toContain('Code in the API: <code>missing_required_fields</code>');
    expect(page).not.toContain('missing_required_fields:');
  });
});
