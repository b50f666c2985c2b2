import { Button, ChoiceGroup, ErrorSummary, Panel, PostForm, Progress, SummaryList, TextField, type FieldError, Layout } from '../../pages/index.js';
import type { Question } from '../../psychometrics/index.js';
import { PARTICIPANT_SCRIPT } from './script.js';
import type { Section } from './sections.js';
import type { SummaryLine } from './participant-summary.js';

/** The participant's pages. Every word about a question comes from the instrument definition. */
export const SERVICE = 'Assessment';

export interface Progress {
  answered: number;
  required: number;
}

const progressLabel = (section: number, sections: number, progress: Progress) =>
  `Section ${section} of ${sections}. ${progress.answered} of ${progress.required} required answers given.`;

export function WelcomePage(props: { orgName: string; email: string; sections: number; statements: number; startHref: string; resuming: boolean; expiresOn: string }) {
  return (
    <Layout title="Your assessment" service={SERVICE}>
      <span class="caption">{props.orgName}</span>
      <h1>Your assessment</h1>
      <p class="lead">{props.orgName} has asked you to complete a questionnaire about how you work. It takes about 20 to 25 minutes.</p>
      <h2>What it is</h2>
      <p>
        You will rate {props.statements} statements about yourself on a scale from 1 to 6, and answer a few questions about you and your venture. There are
        no right or wrong answers.
      </p>
      <h2>How long it takes</h2>
      <p>
        About 20 to 25 minutes, in {props.sections} sections. Your answers are saved as you go: you can stop and come back to this link until{' '}
        {props.expiresOn}.
      </p>
      <h2>How your answers are used</h2>
      <p>
        Your answers are scored and the result is stored for {props.orgName} under <strong>{props.email}</strong>. {props.orgName} uses it to understand your
        working style, and may pass it to the tools they use. If you are invited again later, a new result replaces this one.
      </p>
      <a class="button" href={props.startHref} role="button" draggable={false}>
        {props.resuming ? 'Continue where you left off' : 'Start now'}
      </a>
    </Layout>
  );
}

function QuestionField({ question, value, error, email, scaleEnds }: { question: Question; value: string | undefined; error?: string; email: string; scaleEnds: readonly [string, string] }) {
  const options = (question.options ?? []).map((option) => ({ value: String(option.value), label: option.label }));
  switch (question.type) {
    case 'likert':
      return (
        <ChoiceGroup
          id={question.id}
          name={question.id}
          layout="scale"
          legend={
            <>
              {/* The number is visible because messages cite it ("statement 96"); read as "Statement 96." */}
              <span class="statement-number">
                <span class="visually-hidden">Statement </span>
                {question.number}.
              </span>{' '}
              {question.text}
            </>
          }
          choices={(question.options ?? []).map((option) => ({ value: String(option.value), label: String(option.value), hiddenLabel: option.label }))}
          selected={value}
          error={error}
          ends={scaleEnds}
        />
      );
    case 'single_choice':
      return <ChoiceGroup id={question.id} name={question.id} legend={question.text} hint="Optional" choices={options} selected={value} error={error} />;
    case 'boolean':
      return (
        <ChoiceGroup
          id={question.id}
          name={question.id}
          legend={question.text}
          hint="Optional"
          choices={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          selected={value}
          error={error}
        />
      );
    case 'email':
      return <SummaryList rows={[{ key: question.text, value: email }]} />;
    default:
      return (
        <TextField
          id={question.id}
          label={question.text}
          hint={question.required ? undefined : 'Optional'}
          value={value ?? ''}
          error={error}
          maxLength={question.maxLength}
          multiline={question.type === 'long_text'}
          autocomplete={question.submitField === 'full_name' ? 'name' : undefined}
        />
      );
  }
}

/** Questions a "Save and continue" left unanswered, named as the pages name them. */
export interface UnansweredNote {
  section: Section;
  questions: readonly Question[];
  /** The section with the open questions marked. */
  href: string;
}

const andList = (items: readonly string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "statements 53 and 57" / "question 1": statements are what the page calls them, other items are questions. */
function unansweredWords(questions: readonly Question[]): string {
  const statements = questions.filter((q) => q.type === 'likert').map((q) => String(q.number));
  const others = questions.filter((q) => q.type !== 'likert').map((q) => String(q.number));
  const parts = [
    ...(statements.length > 0 ? [`${statements.length === 1 ? 'statement' : 'statements'} ${andList(statements)}`] : []),
    ...(others.length > 0 ? [`${others.length === 1 ? 'question' : 'questions'} ${andList(others)}`] : []),
  ];
  return parts.join(' and ');
}

/**
 * Said on the page after a section was saved with required answers missing: the participant may
 * go on, but learns now (not only at "Finish and send") what is left and where.
 */
function UnansweredNotice({ note }: { note: UnansweredNote }) {
  return (
    <div class="notice" id="unanswered-note" role="status">
      <h2>
        You left {unansweredWords(note.questions)} unanswered
      </h2>
      <p>
        They are in “{note.section.title}”. You can carry on and come back to them, but they must be answered before you can send your answers.{' '}
        <a href={note.href}>Answer them now</a>
      </p>
    </div>
  );
}

export interface SectionPageProps {
  section: Section;
  sections: number;
  progress: Progress;
  answers: Record<string, string>;
  /** Problems of this section's answers, shown after a failed finish. */
  errors: FieldError[];
  email: string;
  scaleDescription: string;
  scaleEnds: readonly [string, string];
  action: string;
  csrfToken: string;
  isLast: boolean;
  /** Opened from Check your answers ("Change" or an error link): Save goes back there. */
  returnsToReview: boolean;
  unanswered?: UnansweredNote;
}

export function SectionPage(props: SectionPageProps) {
  const { section } = props;
  const errorOf = (id: string) => props.errors.find((e) => e.field === id)?.message;
  return (
    <Layout title={section.title} service={SERVICE} hasErrors={props.errors.length > 0} scripts={[PARTICIPANT_SCRIPT.path]}>
      <ErrorSummary errors={props.errors} />
      {props.unanswered ? <UnansweredNotice note={props.unanswered} /> : null}
      <span class="caption">
        Section {section.number} of {props.sections}
      </span>
      <h1>{section.title}</h1>
      <Progress id="progress" done={props.progress.answered} total={props.progress.required} label={progressLabel(section.number, props.sections, props.progress)} />
      {section.kind === 'statements' ? <p>{props.scaleDescription}</p> : null}
      {section.kind === 'closing' ? <p>These questions are optional. They give context to whoever reads your result.</p> : null}
      <PostForm action={props.action} csrfToken={props.csrfToken} id="answers">
        {section.questions.map((question) => (
          <QuestionField question={question} value={props.answers[question.id]} error={errorOf(question.id)} email={props.email} scaleEnds={props.scaleEnds} />
        ))}
        <p id="autosave-status" class="muted" role="status" aria-live="polite" />
        <div class="button-group">
          <Button name="go" value="next">
            {props.returnsToReview ? 'Save and go back to check your answers' : props.isLast ? 'Save and check your answers' : 'Save and continue'}
          </Button>
          <Button name="go" value="back" variant="secondary">
            Previous
          </Button>
        </div>
      </PostForm>
    </Layout>
  );
}

export interface ReviewRow {
  section: Section;
  href: string;
  unanswered: number;
}

/** What a refused "Finish and send" shows: how many answers are missing, and a link per section to its first gap. */
export interface FinishSummary {
  lead: string;
  links: readonly FieldError[];
}

export function ReviewPage(props: { rows: ReviewRow[]; problems?: FinishSummary; unanswered?: UnansweredNote; action: string; csrfToken: string; progress: Progress }) {
  const { problems } = props;
  return (
    <Layout title="Check your answers" service={SERVICE} hasErrors={problems !== undefined}>
      {problems ? (
        <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autofocus>
          <h2 id="error-summary-title">There is a problem</h2>
          <p>{problems.lead}</p>
          <ul>
            {problems.links.map((link) => (
              <li>
                <a href={link.href}>{link.message}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.unanswered && !problems ? <UnansweredNotice note={props.unanswered} /> : null}
      <h1>Check your answers</h1>
      <p>
        {props.progress.answered} of {props.progress.required} required answers given.
      </p>
      <SummaryList
        rows={props.rows.map((row) => ({
          key: row.section.title,
          value: (
            <>
              {row.unanswered === 0 ? <span class="tag green">Complete</span> : <span class="tag red">{`${row.unanswered} required unanswered`}</span>}{' '}
              <a href={row.href}>
                Change<span class="visually-hidden"> {row.section.title}</span>
              </a>
            </>
          ),
        }))}
      />
      <h2>Send your answers</h2>
      <p>Once sent, your answers are scored and cannot be changed through this link.</p>
      <PostForm action={props.action} csrfToken={props.csrfToken}>
        <Button>Finish and send</Button>
      </PostForm>
    </Layout>
  );
}

export function DonePage(props: { orgName: string; email: string; summary?: SummaryLine[] }) {
  return (
    <Layout title="Assessment complete" service={SERVICE}>
      <Panel title="Assessment complete">
        <p class="reference">Your answers have been sent</p>
      </Panel>
      <p>
        Your answers are saved for {props.orgName} under <strong>{props.email}</strong>. You can close this page.
      </p>
      <h2>What happens next</h2>
      <ul>
        <li>Your answers have been scored, and {props.orgName} can see your result now.</li>
        <li>{props.orgName} decides what happens next and will contact you themselves. This service does not send you emails.</li>
        <li>This link no longer works. If you need to change your answers, ask {props.orgName} for a new link.</li>
      </ul>
      {props.summary ? (
        <>
          <h2>Your summary</h2>
          <p>How you described yourself, compared with people in general. It is not a judgement of you, and it is only one part of what {props.orgName} looks at.</p>
          <SummaryList
            rows={props.summary.map((line) => ({
              key: line.label,
              value: (
                <>
                  <span class="muted">{line.description}</span>
                  <br />
                  {line.reading}
                </>
              ),
            }))}
          />
        </>
      ) : null}
    </Layout>
  );
}
