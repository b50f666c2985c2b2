import { describe, expect, it } from 'vitest';
import { workspaceFixture } from '../../../testing/workspace-fixture.js';

/**
 * Issue 38 item 8: "Send failed deliveries again" on an endpoint with no failed delivery in the
 * window said "Send 0 failed deliveries again?" with a live "Yes". It now says there is nothing to
 * send and offers only the way back.
 */
const fixture = workspaceFixture();

describe('sending failed deliveries again when none failed', () => {
  it('says there is nothing to send, with no button that posts', async () => {
    const created = await fetch(`${fixture.server.url}/api/automation/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': fixture.server.demo.automationKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1:9/never-failed', events: ['submission.queued'] }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const page = await fixture.admin.get(`/workspace/webhooks/${id}/resend-failed?since_hours=24`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<h1>No failed deliveries to send again</h1>');
    expect(html).not.toContain('Send 0 failed deliveries again?');
    expect(html).not.toMatch(/<form method="post"[^>]*resend-failed/);
    expect(html).toContain(`href="/workspace/webhooks/${id}">Go back to the endpoint</a>`);
  });
});
