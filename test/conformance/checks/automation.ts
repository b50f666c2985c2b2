import { ensure, ensureStatus, field, jsonObject } from '../assert.js';
import type { Check, CheckContext } from '../runner.js';

export const automationKey = (t: CheckContext) => ({ 'x-api-key': t.cred('automationKey') });

export const automationChecks: Check[] = [
  {
    id: 'automation.me',
    clause: 'Resources · Automation API records (me); Endpoints · GET /api/automation/me',
    title: 'GET /api/automation/me confirms the key with {user, orgName}',
    needs: ['automationKey'],
    async run(t) {
      const reply = await t.http.get('/api/automation/me', { headers: automationKey(t) });
      ensureStatus(reply, 200);
      const body = jsonObject(reply);
      const user = field<string>(body, 'user', 'string');
      ensure(/^[^@\s]+@[^@\s]+$/.test(user), `user is not the key owner's email: ${user}`);
      ensure(field<string>(body, 'orgName', 'string').trim().length > 0, 'orgName is empty');
    },
  },
];
