import type { ComponentChildren } from 'preact';
import { CSRF_FIELD } from './csrf.js';
import { DottedName, isDottedName } from './breakable-text.js';

/** One problem with a form: the id of the field it is about, and what to do. */
export interface FieldError {
  field: string;
  message: string;
  /** Where the summary's link goes when the field is on another page (default `#field`). */
  href?: string;
}

/**
 * The GOV.UK error summary: at the top of the page, focused on load (`autofocus`, so it also works
 * without script) and announced as an alert, each problem a link to its field.
 */
export function ErrorSummary({ errors, title = 'There is a problem' }: { errors: readonly FieldError[]; title?: string }) {
  if (errors.length === 0) return null;
  return (
    <div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1} autofocus>
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {errors.map((error) => (
          <li>
            <a href={error.href ?? `#${error.field}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** `{error}` props of a field from a form's errors (nothing when the field has none): `{...fieldError('url')}`. */
export function fieldErrors(errors: readonly FieldError[]): (field: string) => { error?: string } {
  return (field) => {
    const message = errors.find((e) => e.field === field)?.message;
    return message ? { error: message } : {};
  };
}

/** The inline message beside a field, read with it (`aria-describedby` points here). */
export function ErrorMessage({ id, message }: { id: string; message: string }) {
  return (
    <p class="error-message" id={id}>
      <span class="visually-hidden">Error:</span> {message}
    </p>
  );
}

/** A field's hint and error message, under its label or legend, with the ids `aria-describedby` names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? <ErrorMessage id={`${id}-error`} message={error} /> : null}
    </>
  );
}

/** A `<form method="post">` with its CSRF token: every page form is one of these. */
export function PostForm({ action, csrfToken, children, id }: { action: string; csrfToken: string; children: ComponentChildren; id?: string }) {
  return (
    <form method="post" action={action} noValidate id={id}>
      <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
      {children}
    </form>
  );
}

export function Button({
  children,
  variant = 'primary',
  name,
  value,
  formAction,
}: {
  children: ComponentChildren;
  variant?: 'primary' | 'secondary' | 'warning';
  name?: string;
  value?: string;
  /** Where this button sends the form instead of its action: a `#fragment` here brings the answer back to that place. */
  formAction?: string;
}) {
  return (
    <button type="submit" class={`button${variant === 'primary' ? '' : ` ${variant}`}`} name={name} value={value} formAction={formAction}>
      {children}
    </button>
  );
}

export interface TextFieldProps {
  id: string;
  name?: string;
  label: string;
  hint?: string;
  error?: string;
  value?: string;
  type?: 'text' | 'email' | 'password' | 'url' | 'number';
  autocomplete?: string;
  maxLength?: number;
  multiline?: boolean;
  /** A text box's height in lines (default 4). */
  rows?: number;
  /** Code (JSON): a monospaced text box as wide as the column, lines not wrapped. */
  code?: boolean;
}

/** A labelled text input (or textarea) with its hint and error wired by `aria-describedby`. */
export function TextField({ id, name = id, label, hint, error, value = '', type = 'text', autocomplete, maxLength, multiline = false, rows = 4, code = false }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    'aria-describedby': describedBy,
    'aria-invalid': error ? ('true' as const) : undefined,
    maxLength,
  };
  return (
    <div class={`form-group${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
      {multiline ? (
        <textarea {...common} rows={rows} class={code ? 'code' : undefined} spellcheck={code ? false : undefined} wrap={code ? 'off' : undefined}>
          {value}
        </textarea>
      ) : (
        // preact's input types narrow `role` per `type`; these fields never set a role.
        <input {...common} type={type as 'text'} value={value} autoComplete={autocomplete} />
      )}
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
  /** More of the label for screen readers only (a scale box shows "1", says "1 Strongly disagree"). */
  hiddenLabel?: string;
}

export interface ChoiceGroupProps {
  /** Id of the fieldset (the error summary links here); radios get `<id>-<n>`. */
  id: string;
  name: string;
  legend: ComponentChildren;
  hint?: string;
  error?: string;
  choices: readonly Choice[];
  selected?: string;
  /** `scale`: a row of numbered boxes (the 1–6 answer scale); `list`: stacked radios. */
  layout?: 'scale' | 'list';
  /** Text under a scale naming its two ends. */
  ends?: readonly [string, string];
}

/** A group of radios in a fieldset whose legend is the question: one answer per group. */
export function ChoiceGroup({ id, name, legend, hint, error, choices, selected, layout = 'list', ends }: ChoiceGroupProps) {
  return (
    <GroupFieldset id={id} legend={legend} hint={hint} error={error} describes={ends ? [`${id}-ends`] : []}>
        <div class={layout === 'scale' ? 'scale' : 'radios'}>
          {choices.map((choice, index) => (
            <div class="choice">
              <input type="radio" id={`${id}-${index + 1}`} name={name} value={choice.value} checked={choice.value === selected} />
              <label for={`${id}-${index + 1}`}>
                {choice.label}
                {choice.hiddenLabel ? <span class="visually-hidden"> {choice.hiddenLabel}</span> : null}
              </label>
            </div>
          ))}
        </div>
        {ends ? (
          <div class="scale-ends" id={`${id}-ends`}>
            <span>{ends[0]}</span>
            <span>{ends[1]}</span>
          </div>
        ) : null}
    </GroupFieldset>
  );
}

/** The fieldset around a group of radios or checkboxes: legend, hint and error, wired to it by `aria-describedby`. */
function GroupFieldset({ id, legend, hint, error, describes = [], children }: { id: string; legend: ComponentChildren; hint?: string | undefined; error?: string | undefined; describes?: readonly string[]; children: ComponentChildren }) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', ...describes].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`form-group${error ? ' has-error' : ''}`}>
      <fieldset id={id} aria-describedby={describedBy} tabIndex={-1}>
        <legend>{legend}</legend>
        <FieldNotes id={id} hint={hint} error={error} />
        {children}
      </fieldset>
    </div>
  );
}

export interface CheckboxGroupProps {
  /** Id of the fieldset (the error summary links here); boxes get `<id>-<n>`. */
  id: string;
  name: string;
  legend: ComponentChildren;
  hint?: string;
  error?: string;
  choices: readonly (Choice & { hint?: string })[];
  selected: readonly string[];
}

/** A group of checkboxes in a fieldset: any number of answers, sent as repeated `name` fields. */
export function CheckboxGroup({ id, name, legend, hint, error, choices, selected }: CheckboxGroupProps) {
  return (
    <GroupFieldset id={id} legend={legend} hint={hint} error={error}>
        <div class="radios">
          {choices.map((choice, index) => (
            <div class="choice">
              <input type="checkbox" id={`${id}-${index + 1}`} name={name} value={choice.value} checked={selected.includes(choice.value)} aria-describedby={choice.hint ? `${id}-${index + 1}-hint` : undefined} />
              <label for={`${id}-${index + 1}`}>{choice.label}</label>
              {choice.hint ? (
                <span class="hint" id={`${id}-${index + 1}-hint`}>
                  {choice.hint}
                </span>
              ) : null}
            </div>
          ))}
        </div>
    </GroupFieldset>
  );
}

/** Native `<progress>` labelled by the same progress in words, so both are announced. */
export function Progress({ id, done, total, label }: { id: string; done: number; total: number; label: string }) {
  return (
    <div class="progress">
      <label class="muted" for={id}>
        {label}
      </label>
      <progress id={id} max={total} value={done}>
        {label}
      </progress>
    </div>
  );
}

export function Panel({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="panel">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

export function SummaryList({ rows }: { rows: readonly { key: string; value: ComponentChildren }[] }) {
  return (
    <dl class="summary-list">
      {rows.map((row) => (
        <div>
          <dt>{row.key}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Notice({ children, kind = 'info' }: { children: ComponentChildren; kind?: 'info' | 'success' }) {
  return (
    <div class={`notice${kind === 'success' ? ' success' : ''}`} role={kind === 'success' ? 'status' : undefined}>
      {children}
    </div>
  );
}

export interface SelectFieldProps {
  id: string;
  name?: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  choices: readonly { value: string; label: string }[];
  selected?: string;
}

/** A labelled `<select>` with its hint and error wired by `aria-describedby`, like TextField. */
export function SelectField({ id, name = id, label, hint, error, choices, selected }: SelectFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`form-group${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      <FieldNotes id={id} hint={hint} error={error} />
      <select id={id} name={name} aria-describedby={describedBy} aria-invalid={error ? 'true' : undefined}>
        {choices.map((choice) => (
          <option value={choice.value} selected={choice.value === selected}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A sentence whose `backticked` parts are code (the checks' advice is written that way, as in the docs). */
export function CodeText({ text }: { text: string }) {
  return <>{text.split('`').map((part, i) => (i % 2 === 0 ? part : isDottedName(part) ? <DottedName name={part} /> : <code>{part}</code>))}</>;
}
