import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { NotificationProvider } from '../../../../shared/notifications';
import { renderSignedIn } from '../../../../testing/render';
import { testInstance } from '../../testing/fixtures';
import SnapshotsTab from './SnapshotsTab';

const NEVER = '0001-01-01T00:00:00Z';

const instance: LxdInstance = testInstance({ status_code: 102 });

function snapshot(
  name: string,
  created: string,
  over: Partial<LxdInstanceSnapshot> = {},
): LxdInstanceSnapshot {
  return {
    name,
    created_at: created,
    expires_at: NEVER,
    last_used_at: NEVER,
    stateful: false,
    ephemeral: false,
    architecture: 'x86_64',
    config: {},
    devices: {},
    profiles: [],
    ...over,
  };
}

const json = (metadata: unknown) =>
  new Response(JSON.stringify({ type: 'sync', status_code: 200, metadata }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let snapshots: LxdInstanceSnapshot[] = [];
let failing = false;

beforeEach(() => {
  localStorage.clear();
  failing = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/1.0/instances/c1/snapshots') {
        if (failing) {
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'error', error_code: 500, error: 'broken' }), {
              status: 500,
              headers: { 'Content-Type': 'application/json' },
            }),
          );
        }
        return Promise.resolve(json(snapshots));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderTab = () =>
  renderSignedIn(
    <NotificationProvider>
      <SnapshotsTab instance={instance} />
    </NotificationProvider>,
    { path: '/project/default/instance/c1/snapshots' },
  );

const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

describe('the snapshots tab', () => {
  it('lists snapshots oldest first, sorts by a header and names rows with their date', async () => {
    snapshots = [
      snapshot('beta', '2024-03-01T10:00:00Z', { stateful: true }),
      snapshot('alpha', '2024-05-01T10:00:00Z', { expires_at: '2030-01-01T00:00:00Z' }),
    ];
    renderTab();
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    expect(rowNames(table)).toEqual(['beta', 'alpha']);
    expect(within(table).getByRole('row', { name: /^beta created .*, stateful$/ })).toBeVisible();
    expect(screen.getByText('2 snapshots')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));
    expect(rowNames(table)).toEqual(['alpha', 'beta']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Expires' }));
    // A snapshot that never expires comes after one that does.
    expect(rowNames(table)).toEqual(['alpha', 'beta']);
  });

  it('keeps every action of a row, named after the snapshot', async () => {
    snapshots = [snapshot('snap0', '2024-03-01T10:00:00Z')];
    renderTab();
    const row = await screen.findByRole('row', { name: /^snap0 / });
    // jsdom leaves out the space before the off-screen part of "Restore snap0" (browsers keep it).
    for (const name of [
      /^Restore ?snap0$/,
      'Rename snap0',
      'Create instance from snap0',
      'Create image from snap0',
      /^Delete ?snap0$/,
    ]) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(row).getByRole('button', { name: 'Rename snap0' }));
    expect(screen.getByRole('dialog', { name: 'Rename snap0' })).toBeInTheDocument();
  });

  it('searches by name and offers to clear a search that matches nothing', async () => {
    snapshots = [
      snapshot('before-upgrade', '2024-03-01T10:00:00Z'),
      snapshot('nightly', '2024-05-01T10:00:00Z'),
    ];
    renderTab();
    const search = await screen.findByRole('searchbox', { name: 'Search snapshots' });
    await userEvent.type(search, 'upgr');
    const table = screen.getByRole('table', { name: 'Snapshots' });
    await waitFor(() => {
      expect(rowNames(table)).toEqual(['before-upgrade']);
    });
    expect(screen.getByText('1 of 2 snapshots')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('No snapshots match the search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all snapshots' }));
    expect(rowNames(screen.getByRole('table', { name: 'Snapshots' }))).toHaveLength(2);
  });

  it('says when there are none and still offers to create one', async () => {
    snapshots = [];
    renderTab();
    expect(await screen.findByText('No snapshots yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create snapshot' }));
    expect(screen.getByRole('dialog', { name: 'Create a snapshot of c1' })).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    failing = true;
    renderTab();
    expect(await screen.findByText('Could not load snapshots')).toBeInTheDocument();
    failing = false;
    snapshots = [snapshot('snap0', '2024-03-01T10:00:00Z')];
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /^snap0 / })).toBeInTheDocument();
  });
});
