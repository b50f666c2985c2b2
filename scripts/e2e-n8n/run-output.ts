// What `n8n execute --rawOutput` prints: the run's JSON (pretty-printed, from a line `{` to a line
// `}`, among n8n's own log lines); the items each node gave.
export interface NodeItems {
  [node: string]: Record<string, unknown>[];
}

interface RawRun {
  data: { resultData: { runData: Record<string, { data?: { main?: ({ json: Record<string, unknown> }[] | null)[] } }[]> } };
}

export function itemsByNode(stdout: string): NodeItems {
  const lines = stdout.split('\n');
  const start = lines.indexOf('{');
  const end = lines.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error(`n8n printed no run data:\n${stdout.slice(0, 2000)}`);
  const run = JSON.parse(lines.slice(start, end + 1).join('\n')) as RawRun;
  const items: NodeItems = {};
  for (const [node, runs] of Object.entries(run.data.resultData.runData)) {
    items[node] = (runs.at(-1)?.data?.main?.[0] ?? []).map((item) => item.json);
  }
  return items;
}
