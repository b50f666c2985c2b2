import { type Moment, Time } from '../../pages/index.js';

/** The parts of an HTTP exchange as the logs show them (a delivery attempt, a logged API request). */

/**
 * A log row's time to the second, as the link to the exchange's own page; the hidden words tell a
 * screen reader which exchange the link opens, since many rows share a minute.
 */
export function ExchangeLink({ href, at, names }: { href: string; at: Moment; names: string }) {
  return (
    <a href={href}>
      <Time at={at} precision="second" />
      <span class="visually-hidden"> {names}</span>
    </a>
  );
}

/** Every header of one side of the exchange, as a two-column table. */
export function Headers({ id, headers }: { id: string; headers: Record<string, string> }) {
  return (
    <div class="table-scroll">
      <table aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(headers).map(([name, value]) => (
            <tr>
              <td>
                <code>{name}</code>
              </td>
              <td>
                <code class="wrap">{value}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A JSON body indented for reading; anything else (or JSON cut short) as it came. */
function prettyBody(body: string): string {
  const text = body.trimStart();
  if (!text.startsWith('{') && !text.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return body;
  }
}

/**
 * A body to read and copy: JSON indented, and then, folded away (`<details>`, no script), the bytes
 * exactly as they went over the wire, which is what a signature is computed over.
 */
export function Body({ label, body, truncated }: { label: string; body: string; truncated: boolean }) {
  if (body === '') return <p>(empty)</p>;
  const pretty = prettyBody(body);
  return (
    <>
      <pre class="snippet" tabIndex={0} aria-label={label} data-copy={label.toLowerCase()}>
        {pretty}
      </pre>
      {pretty !== body ? (
        <details>
          <summary>{label}, exactly as sent</summary>
          <pre class="snippet" tabIndex={0} aria-label={`${label}, exactly as sent`} data-copy={`${label.toLowerCase()} as sent`}>
            {body}
          </pre>
        </details>
      ) : null}
      {truncated ? <p class="hint">Cut here: the log keeps the first part of each body only.</p> : null}
    </>
  );
}
