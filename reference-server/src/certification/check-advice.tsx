import type { ComponentChildren } from 'preact';
import { CodeText } from '../pages/index.js';
import type { Report } from './run-report.js';

/**
 * What to do about a check that did not pass: why it matters, then how to reach it (it did not
 * run) or how to fix it (it failed or warned). The published report and the workspace's run page
 * both show it; `more` follows the last answer (the workspace links the check's guide).
 */
export function CheckAdvice({ check, more }: { check: Report['checks'][number]; more?: ComponentChildren }) {
  const notRun = check.outcome === 'not_run';
  return (
    <dl class="advice">
      <dt>Why it matters</dt>
      <dd>
        <CodeText text={check.advice.why} />
      </dd>
      <dt>{notRun ? 'How to reach it' : 'How to fix it'}</dt>
      <dd>
        <CodeText text={notRun ? check.advice.reach : check.advice.fix} />
        {more ? <> {more}</> : null}
      </dd>
    </dl>
  );
}
