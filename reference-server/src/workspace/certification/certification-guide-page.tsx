import { CodeText } from '../../pages/index.js';
import { CHECK_GROUPS, CHECKS } from '../../certification/index.js';
import { type Member, WorkspacePage } from '../shared/index.js';
import { CERTIFICATION_PATH } from './certification-paths.js';

const GROUP_TITLES: Record<(typeof CHECK_GROUPS)[number], string> = { webhook: 'Webhook receiver', api: 'API client', oauth: 'OAuth client' };

/** Every check explained, served by this server (the same words as docs/certification.md): the run page and reports link here. */
export function GuidePage({ member, csrfToken }: { member: Member; csrfToken: string }) {
  return (
    <WorkspacePage member={member} title="The certification checks" section="certification" csrfToken={csrfToken}>
      <h1>The certification checks</h1>
      <p>
        Each check has a stable id (a CI baseline names it), a level and the clause it rests on. Every MUST must pass; a SHOULD that is not met is a warning. <a href={CERTIFICATION_PATH}>Back to certification</a>
      </p>
      {CHECK_GROUPS.map((group) => (
        <section aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{GROUP_TITLES[group]}</h2>
          {CHECKS.filter((c) => c.group === group).map((c) => (
            <section aria-labelledby={c.id} class="inset">
              <h3 id={c.id} tabIndex={-1}>
                <code>{c.id}</code> ({c.level})
              </h3>
              <p>{c.title}</p>
              <p class="muted">{c.clause}</p>
              <dl class="advice">
                <dt>Why it matters</dt>
                <dd>
                  <CodeText text={c.why} />
                </dd>
                <dt>How to fix a failure</dt>
                <dd>
                  <CodeText text={c.fix} />
                </dd>
                <dt>How the run reaches it</dt>
                <dd>
                  <CodeText text={c.reach} />
                </dd>
              </dl>
            </section>
          ))}
        </section>
      ))}
    </WorkspacePage>
  );
}
