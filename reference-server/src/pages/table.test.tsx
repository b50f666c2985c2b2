import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { Table, WithHint } from './table.js';

const columns = [{ heading: 'Name', cell: (row: { name: string; note?: string }) => <WithHint hint={row.note}>{row.name}</WithHint> }];

describe('the pages’ Table', () => {
  it('shows its empty sentence instead of a table without rows, and the table once there is a row', () => {
    expect(render(<Table label="Keys" rows={[]} empty="There are no keys yet." columns={columns} />)).toBe('<p>There are no keys yet.</p>');
    const one = render(<Table label="Keys" rows={[{ name: 'Zapier' }]} empty="There are no keys yet." columns={columns} />);
    expect(one).toContain('<table');
    expect(one).not.toContain('There are no keys yet.');
    // Without an empty sentence an empty table is still a table (its headings say what would be there).
    expect(render(<Table label="Keys" rows={[]} columns={columns} />)).toContain('<table');
  });

  it('puts a hint below a cell’s value only when there is one', () => {
    expect(render(<Table label="Keys" rows={[{ name: 'Zapier', note: 'deal flow' }]} columns={columns} />)).toContain('<div class="cell">Zapier<span class="hint">deal flow</span></div>');
    expect(render(<Table label="Keys" rows={[{ name: 'Zapier', note: '' }]} columns={columns} />)).toContain('<div class="cell">Zapier</div>');
  });
});
