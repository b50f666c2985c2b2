/**
 * Text that may wrap only where a reader expects it to. `<wbr>` marks the points without adding
 * characters, so the text still copies and reads as one word (decisions/pages-stacked-tables.md,
 * "Emails"); the browser's own break after a hyphen stays.
 */
function withBreaks(parts: string[]) {
  return parts.map((part, i) => (
    <>
      {i > 0 ? <wbr /> : null}
      {part}
    </>
  ));
}

/** An email address: before the `@` and after a dot, never letter by letter. */
export function Email({ address }: { address: string }) {
  return <span class="email">{withBreaks(address.split(/(?=@)|(?<=\.)/))}</span>;
}

const DOTTED_NAME = /^[a-z]+(\.[a-z-]+)+$/;
/** True for a dotted name (`webhook.rejects-forged`, `submission.completed`), which `DottedName` shows. */
export const isDottedName = (text: string): boolean => DOTTED_NAME.test(text);

/** A dotted name such as a check id (`webhook.accepts-valid`): after a dot, never inside a word. */
export function DottedName({ name }: { name: string }) {
  return <code class="dotted">{withBreaks(name.split(/(?<=\.)/))}</code>;
}
