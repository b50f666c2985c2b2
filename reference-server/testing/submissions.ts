import type { TestServer } from './server.js';

/**
 * Creates `count` submissions through the partner GraphQL API (record IDs `<prefix>0`…, company
 * `<company> <n>`, and a person's name when `name` gives one), oldest first: an organisation of some size for list and search tests. The
 * partner API is used because the Automation API's per-key rate limit would spend itself here.
 */
export async function bulkSubmissions(
  server: Pick<TestServer, 'url' | 'demo'>,
  options: { count: number; prefix: string; company: string; profileId?: string; name?: (i: number) => string },
): Promise<void> {
  for (let i = 0; i < options.count; i += 1) {
    const response = await fetch(`${server.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.demo.partnerCredential}` },
      body: JSON.stringify({
        query: 'mutation ($input: CreateSubmissionInput!) { createSubmission(input: $input) { existing } }',
        variables: { input: { recordId: `${options.prefix}${i}`, profileId: options.profileId ?? 'prf_seed_deal', fields: { company: `${options.company} ${i}`, ...(options.name ? { name: options.name(i) } : {}) } } },
      }),
    });
    if (response.status !== 200) throw new Error(`creating submission ${options.prefix}${i} answered ${response.status}`);
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(`creating submission ${options.prefix}${i}: ${JSON.stringify(body.errors)}`);
  }
}
