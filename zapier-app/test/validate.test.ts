import { readFileSync } from 'node:fs';
import * as core from 'zapier-platform-core';
import { describe, expect, it } from 'vitest';
import App from '../src/index.js';

type Handler = (event: Record<string, unknown>) => Promise<unknown>;
const { createAppHandler } = core as unknown as { createAppHandler: (app: object) => Handler };

describe('the app definition', () => {
  it("passes zapier-platform-schema's validation (what `zapier-platform validate` runs first) with no errors", async () => {
    // calledFromCli: as the CLI calls it, so the handler does not patch this process's http.
    const answer = await createAppHandler(App)({ command: 'validate', calledFromCli: true });
    expect(answer).toEqual({ status: 'SUCCESS', results: [] });
  });

  it('would report a schema error (the check above can fail)', async () => {
    const broken = { ...App, triggers: { broken: { key: 'broken', noun: 'Thing', display: { label: 'Broken' }, operation: {} } } };
    const answer = (await createAppHandler(broken)({ command: 'validate', calledFromCli: true })) as { results: unknown[] };
    expect(answer.results.length).toBeGreaterThan(0);
  });

  it("carries package.json's version and the core version it was built with", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
      dependencies: Record<string, string>;
    };
    expect(App.version).toBe(pkg.version);
    expect(App.platformVersion).toBe(pkg.dependencies['zapier-platform-core']);
  });
});
