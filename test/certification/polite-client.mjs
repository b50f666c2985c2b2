// A polite API client for the fairness tests: it sends a few requests with one of the run's keys,
// waits out every Retry-After and sends a 503'd request again. Two of them in one run (one per
// key, or one key with two User-Agents) must each be graded on their own requests.
// Usage: node polite-client.mjs <AUTOMATION_KEY|DEVELOPER_KEY> <path> [user-agent]
const [keyName, path, userAgent] = process.argv.slice(2);
const headers = { 'x-api-key': process.env[keyName], ...(userAgent ? { 'user-agent': userAgent } : {}) };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

for (let request = 0; request < 4; request += 1) {
  for (let attempt = 1; attempt <= 6; attempt += 1) {
    const response = await fetch(`${process.env.BASE_URL}${path}`, { headers });
    await response.arrayBuffer();
    if (response.status !== 429 && response.status < 500) break;
    const retryAfter = Number(response.headers.get('retry-after'));
    await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 2 ** attempt * 500);
  }
  await sleep(100);
}
