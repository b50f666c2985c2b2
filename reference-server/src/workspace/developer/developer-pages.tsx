import { Button, ChoiceGroup, fieldErrors, PostForm, Table, TextField, Time } from '../../pages/index.js';
import { ConfirmButton, type FormPageProps, WORKSPACE_PATH, WorkspacePage } from '../shared/index.js';
import type { FaultView } from '../../faults/index.js';

export const DEVELOPER_PATH = `${WORKSPACE_PATH}/developer-tools`;

const SURFACES = [
  { value: 'automation', label: 'Automation API (/api/automation)' },
  { value: 'assessment', label: 'Assessment API (/api/v1)' },
  { value: 'graphql', label: 'Partner GraphQL (POST /api)' },
];
const KINDS = [
  { value: '429', label: '429 Too Many Requests, with Retry-After' },
  { value: '503', label: '503 Service Unavailable, with Retry-After' },
  { value: '500', label: '500 Internal Server Error' },
  { value: 'latency', label: 'Added latency, then the real answer' },
  { value: 'disconnect', label: 'Connection cut without an answer' },
];

export interface FaultFormValues {
  surface: string;
  kind: string;
  count: string;
  minutes: string;
  retry_after_seconds: string;
  latency_ms: string;
}

export const emptyFaultForm = (): FaultFormValues => ({ surface: 'automation', kind: '503', count: '1', minutes: '', retry_after_seconds: '1', latency_ms: '2000' });

export interface DeveloperToolsProps extends FormPageProps<FaultFormValues> {
  faults: readonly FaultView[];
}

/**
 * Fault injection for this organisation's own API calls: what a connector author needs to prove
 * retries and error handling against the real server. Never the operator's, never another's.
 */
export function DeveloperToolsPage({ member, csrfToken, faults, values, errors = [], notice }: DeveloperToolsProps) {
  const error = fieldErrors(errors);
  return (
    <WorkspacePage member={member} title="Developer tools" section="developer" csrfToken={csrfToken} errors={errors} {...(notice ? { notice } : {})}>
      <h1>Developer tools</h1>
      <h2 id="faults-heading">Faults in force</h2>
      {faults.length === 0 ? (
        <p>No faults are set: every API call of {member.organization.name} gets its real answer.</p>
      ) : (
        <>
          <Table
            labelledBy="faults-heading"
            rows={faults}
            columns={[
              { heading: 'Surface', cell: (f) => f.surface },
              {
                heading: 'Fault',
                cell: (f) => (
                  <>
                    {f.kind}
                    {f.kind === '429' || f.kind === '503' ? `, Retry-After ${f.retry_after_seconds} s` : ''}
                    {f.kind === 'latency' ? `, ${f.latency_ms} ms` : ''}
                  </>
                ),
              },
              { heading: 'Until', cell: (f) => (f.remaining !== undefined ? `${f.remaining} more request(s)` : f.until ? <Time at={f.until} /> : '') },
              { heading: 'Set', cell: (f) => <Time at={f.created_at} /> },
            ]}
          />
          <ConfirmButton href={`${DEVELOPER_PATH}/faults/clear`}>Clear all faults</ConfirmButton>
        </>
      )}
      <h2>Inject a fault</h2>
      <p>
        Requests with this organisation's own keys and tokens meet the fault before the API answers; each faulted answer carries an <code>X-Injected-Fault</code> header. Faults apply in the order
        they were set. The same is possible from a script: <code>reference-server faults set --org {member.organization.id} --surface automation --fault 503</code>.
      </p>
      <PostForm action={`${DEVELOPER_PATH}/faults`} csrfToken={csrfToken}>
        <ChoiceGroup id="surface" name="surface" legend="Which API" choices={SURFACES} selected={values.surface} {...error('surface')} />
        <ChoiceGroup id="kind" name="kind" legend="What the requests get" choices={KINDS} selected={values.kind} {...error('kind')} />
        <TextField id="count" label="For the next number of requests" hint="Leave empty to use minutes instead." type="number" value={values.count} {...error('count')} />
        <TextField id="minutes" label="Or for a number of minutes" hint="From 1 to 1440." type="number" value={values.minutes} {...error('minutes')} />
        <TextField id="retry_after_seconds" label="Retry-After, in seconds" hint="Sent with a 429 or 503." type="number" value={values.retry_after_seconds} {...error('retry_after_seconds')} />
        <TextField id="latency_ms" label="Latency, in milliseconds" hint="Used by the latency fault." type="number" value={values.latency_ms} {...error('latency_ms')} />
        <Button>Set fault</Button>
      </PostForm>
    </WorkspacePage>
  );
}
