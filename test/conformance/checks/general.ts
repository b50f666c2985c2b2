import { ensure, ensureStatus } from '../assert.js';
import type { Check } from '../runner.js';

export const generalChecks: Check[] = [
  {
    id: 'general.health',
    clause: 'General rules 1',
    title: 'GET /api returns a short health string, not an API document',
    async run(t) {
      const reply = await t.http.get('/api');
      ensureStatus(reply, 200);
      ensure(reply.text.trim().length > 0, 'the health text is empty');
      ensure(reply.text.length <= 200, `the health text is ${reply.text.length} characters, not short`);
      ensure(!/^\s*[[{]/.test(reply.text), 'the health text is a JSON document, not a short string');
    },
  },
];
