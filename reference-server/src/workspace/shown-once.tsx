import type { ComponentChildren } from 'preact';

/**
 * A secret (a key, a signing secret, an invite link) on the one page that shows it: a notice that
 * says it is shown once and what to do if it is lost, then the value in a read-only field to copy.
 * The page around it is the answer to the form that created it, sent with `Cache-Control: no-store`.
 */
export function ShownOnce({ id, label, value, children }: { id: string; label: string; value: string; children: ComponentChildren }) {
  return (
    <>
      <div class="notice" role="status">
        <p>{children}</p>
      </div>
      <label for={id}>{label}</label>
      <input id={id} class="secret" type="text" readOnly value={value} autoComplete="off" spellcheck={false} />
    </>
  );
}
