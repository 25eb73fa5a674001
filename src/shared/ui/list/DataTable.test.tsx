import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable';
import type { ListColumn } from './types';
import { SETTLE_MS } from './useListState';

const COLUMNS: ListColumn<string>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (name) => name },
];

function Table({
  rows,
  onVisible,
}: {
  rows: string[];
  onVisible: (rows: readonly string[]) => void;
}) {
  return (
    <DataTable
      label="Names"
      rows={rows}
      columns={COLUMNS}
      rowKey={(name) => name}
      onVisibleRowsChange={onVisible}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable visible rows', () => {
  it('reports the first rows at once and a narrowed list once it stays put', () => {
    const onVisible = vi.fn();
    const { rerender } = render(<Table rows={['web1', 'web10', 'web2']} onVisible={onVisible} />);
    expect(onVisible).toHaveBeenLastCalledWith(['web1', 'web10', 'web2']);
    onVisible.mockClear();

    // Typing "1" then "10": the rows change at each keystroke, no details are asked for yet.
    rerender(<Table rows={['web1', 'web10']} onVisible={onVisible} />);
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS / 2);
    });
    rerender(<Table rows={['web10']} onVisible={onVisible} />);
    act(() => {
      vi.advanceTimersByTime(SETTLE_MS - 1);
    });
    expect(onVisible).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onVisible).toHaveBeenCalledTimes(1);
    expect(onVisible).toHaveBeenLastCalledWith(['web10']);
  });

  it('reports rows at once when there were none before', () => {
    const onVisible = vi.fn();
    const { rerender } = render(<Table rows={[]} onVisible={onVisible} />);
    rerender(<Table rows={['web1']} onVisible={onVisible} />);
    expect(onVisible).toHaveBeenLastCalledWith(['web1']);
  });
});

describe('DataTable full rows', () => {
  it('draws a row as one cell across every column where fullRow says so', () => {
    const columns: ListColumn<string>[] = [
      { id: 'name', header: 'Name', rowHeader: true, cell: (name) => name },
      { id: 'size', header: 'Size', cell: () => '1 GiB' },
    ];
    const { getAllByRole } = render(
      <DataTable
        label="Names"
        rows={['web1', 'gap', 'web2']}
        columns={columns}
        rowKey={(name) => name}
        fullRow={(name) => (name === 'gap' ? 'Events may be missing' : undefined)}
      />,
    );
    const rows = getAllByRole('row');
    expect(rows).toHaveLength(4);
    const gap = rows[2];
    expect(gap).toHaveTextContent('Events may be missing');
    expect(gap?.querySelectorAll('td')).toHaveLength(1);
    expect(gap?.querySelector('td')).toHaveAttribute('colspan', '2');
    expect(rows[3]?.querySelectorAll('th, td')).toHaveLength(2);
  });
});
