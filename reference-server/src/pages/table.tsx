import type { ComponentChildren } from 'preact';

/**
 * How a column's cells lay out: `text` wraps between words; `email` wraps only at the points the
 * `Email` component marks (and mid-word only when one part is wider than the screen), so the
 * column keeps the width of its longest part; `id` may break anywhere (long identifiers, URLs);
 * `nowrap` stays on one line (times, short codes); `numeric` is right-aligned in tabular figures
 * and stays on one line.
 */
export type ColumnKind = 'text' | 'email' | 'id' | 'nowrap' | 'numeric';

export interface Column<Row> {
  /** Plain text: it is also the label beside each value when rows stack on narrow screens. */
  heading: string;
  cell: (row: Row) => ComponentChildren;
  kind?: ColumnKind;
}

export interface TableProps<Row> {
  /** The table's accessible name: a visible heading's id (`labelledBy`) or a label of its own. */
  labelledBy?: string;
  label?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** The sentence that stands instead of the table when there are no rows ("There are no keys yet."). */
  empty?: ComponentChildren;
}

/**
 * A cell's value with a quieter line below it (a full name, who made it, a description); nothing
 * below when the hint is empty, so optional fields need no check of their own.
 */
export function WithHint({ hint, children }: { hint: ComponentChildren; children: ComponentChildren }) {
  return (
    <>
      {children}
      {hint ? <span class="hint">{hint}</span> : null}
    </>
  );
}

/**
 * Every table of the pages: on wide screens a table whose headings never break inside a word; below
 * 800 px each row becomes a block of "heading: value" lines (CSS only: each cell carries its
 * heading in `data-label`), so nothing scrolls sideways (decisions/pages-stacked-tables.md). The
 * explicit roles keep it a table for screen readers after CSS changes the cells' `display`.
 */
export function Table<Row>({ labelledBy, label, columns, rows, empty }: TableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p>{empty}</p>;
  return (
    <div class="table-scroll">
      <table class="stacking" role="table" aria-labelledby={labelledBy} aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th scope="col" role="columnheader" class={column.kind === 'numeric' ? 'numeric' : undefined}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr role="row">
              {columns.map((column) => (
                <td role="cell" data-label={column.heading} class={column.kind && column.kind !== 'text' ? column.kind : undefined}>
                  {/* One box beside the stacked label, however many elements the cell holds. */}
                  <div class="cell">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
