/**
 * An email address that may wrap only where a reader expects it to: before the `@`, after a dot
 * and after a hyphen (the browser's own break), never letter by letter. `<wbr>` marks the points
 * without adding characters, so the address still copies and reads as one word
 * (decisions/pages-stacked-tables.md, "Emails").
 */
export function Email({ address }: { address: string }) {
  const parts = address.split(/(?=@)|(?<=\.)/);
  return (
    <span class="email">
      {parts.map((part, i) => (
        <>
          {i > 0 ? <wbr /> : null}
          {part}
        </>
      ))}
    </span>
  );
}
