import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../testing/render';
import { BulkQueueNotices } from '../../bulk-queue';
import { NotificationProvider } from '../../notifications';
import { snapshotColumns, type SnapshotRow } from './columns';
import { SnapshotsTable, type SnapshotCalls } from './SnapshotsTable';

const rows: SnapshotRow[] = [
  { name: 'one', created_at: '2024-03-01T10:00:00Z', expires_at: null, description: 'first' },
  { name: 'two', created_at: '2024-03-02T10:00:00Z', expires_at: '0001-01-01T00:00:00Z' },
  { name: 'three', created_at: '2024-03-03T10:00:00Z', expires_at: '2040-01-01T00:00:00Z' },
];

let calls: SnapshotCalls<SnapshotRow>;
const refresh = vi.fn();

beforeEach(() => {
  localStorage.clear();
  refresh.mockReset();
  calls = {
    create: vi.fn(() => Promise.resolve()),
    restore: vi.fn(() => Promise.resolve()),
    rename: vi.fn(() => Promise.resolve()),
    remove: vi.fn((snapshot: SnapshotRow) =>
      snapshot.name === 'three' ? Promise.reject(new Error('busy')) : Promise.resolve(),
    ),
    removeMany: { kind: 'test.snapshot.delete', params: (snapshot) => ({ name: snapshot.name }) },
  };
});

function renderVolumeTable(readOnly?: string) {
  renderSignedIn(
    <NotificationProvider>
      <BulkQueueNotices />
      <SnapshotsTable<SnapshotRow>
        kind="volume"
        subject="data"
        listId="test-snapshots"
        query={{ isPending: false, error: null, refetch: () => undefined, data: rows }}
        calls={calls}
        refresh={refresh}
        descriptions
        readOnly={readOnly}
        reasons={{ manage: undefined, restore: undefined }}
        actionsWidth={{ wide: 19.5, narrow: 7.5 }}
      />
    </NotificationProvider>,
    {
      bulkExecutors: {
        'test.snapshot.delete': (params: { name: string }) =>
          calls.remove(rows.find((row) => row.name === params.name) as SnapshotRow),
      },
    },
  );
}

describe('the snapshots table', () => {
  it('has a Stateful column only for stateful owners and a Description column when asked', () => {
    expect(snapshotColumns({}).map((column) => column.id)).toEqual(['name', 'created', 'expires']);
    expect(snapshotColumns({ stateful: true }).map((column) => column.id)).toContain('stateful');
    const description = snapshotColumns({ descriptions: true }).find(
      (column) => column.id === 'description',
    );
    expect(description?.hiddenByDefault).toBe(true);
  });

  it('offers restore, rename and delete, and no expiry without a call to change it', async () => {
    renderVolumeTable();
    const row = await screen.findByRole('row', { name: /^one / });
    expect(within(row).getByRole('button', { name: 'Rename one' })).toBeEnabled();
    expect(within(row).queryByRole('button', { name: 'Edit expiry of one' })).toBeNull();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('Never');
    // LXD's zero date is no expiry either.
    expect(
      within(screen.getByRole('row', { name: /^two / }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('Never');
    await userEvent.click(within(row).getByRole('button', { name: /^Restore ?one$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Restore one' });
    expect(dialog).toHaveTextContent(
      'Volume data will be put back to snapshot one. Changes since then are lost.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Snapshot one restored')).toBeInTheDocument();
    expect(calls.restore).toHaveBeenCalledWith(rows[0], false);
    expect(refresh).toHaveBeenCalled();
  });

  it('deletes the selected snapshots through the bulk queue and counts each outcome', async () => {
    renderVolumeTable();
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select one' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select three' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 snapshots' });
    expect(dialog).toHaveTextContent('These snapshots of data will be deleted: one, three.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 snapshot deleted, 1 failed')).toBeInTheDocument();
    expect(screen.getByText(/three: busy/)).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('changes nothing of read-only snapshots and says why a row cannot be chosen', async () => {
    renderVolumeTable('Take them from the instance');
    const row = await screen.findByRole('row', { name: /^one / });
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create snapshot' })).toBeNull();
    const select = within(row).getByRole('checkbox', { name: 'Select one' });
    expect(select).toBeDisabled();
  });
});
