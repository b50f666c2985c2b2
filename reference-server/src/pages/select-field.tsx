import { ErrorMessage } from './components.js';

export interface SelectFieldProps {
  id: string;
  name?: string;
  label: string;
  hint?: string;
  error?: string;
  choices: readonly { value: string; label: string }[];
  selected?: string;
}

/** A labelled `<select>` with its hint and error wired by `aria-describedby`, like TextField. */
export function SelectField({ id, name = id, label, hint, error, choices, selected }: SelectFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`form-group${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {hint ? (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {error ? <ErrorMessage id={`${id}-error`} message={error} /> : null}
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
