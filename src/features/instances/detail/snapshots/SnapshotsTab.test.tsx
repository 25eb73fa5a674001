import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../../lxd/types/instance';
import type { LxdInstanceSnapshot } from '../../../../lxd/types/snapshot';
import { BulkQueueNotices } from '../../../../shared/bulk-queue';
import { NotificationProvider } from '../../../../shared/notifications';
import { instanceBulkExecutors } from '../../actions';
import { renderSignedIn } from '../../../../testing/render';
import { testInstance } from '../../testing/fixtures';
import { EXPIRY_IN_PAST } from '../../../../shared/validation/snapshots';
import { expiresAtOf, NEVER_EXPIRES, toLocalInput } from '../../../../shared/ui/snapshots';
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
/** Snapshots whose DELETE fails. */
let undeletable: string[] = [];
let failingPut = false;
let writes: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  localStorage.clear();
  failing = false;
  undeletable = [];
  failingPut = false;
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'PUT' || method === 'DELETE') {
        const body =
          typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        writes.push({ method, path: url.pathname, body });
        const snapshot = decodeURIComponent(url.pathname.split('/').pop() ?? '');
        if (method === 'PUT' && failingPut) {
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'error', error_code: 400, error: 'refused' }), {
              status: 400,
            }),
          );
        }
        if (method === 'DELETE' && undeletable.includes(snapshot)) {
          return Promise.resolve(
            new Response(JSON.stringify({ type: 'error', error_code: 500, error: 'busy' }), {
              status: 500,
            }),
          );
        }
        return Promise.resolve(json({}));
      }
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
      <BulkQueueNotices />
      <SnapshotsTab instance={instance} />
    </NotificationProvider>,
    { path: '/project/default/instance/c1/snapshots', bulkExecutors: instanceBulkExecutors },
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
      'Edit expiry of snap0',
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

describe('snapshot expiry and bulk delete', () => {
  it('checks the expiry, saves it in RFC 3339 and saves empty as never', async () => {
    snapshots = [snapshot('snap0', '2024-03-01T10:00:00Z', { expires_at: '2040-01-02T03:04:00Z' })];
    renderTab();
    const row = await screen.findByRole('row', { name: /^snap0 / });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit expiry of snap0' }));
    const dialog = screen.getByRole('dialog', { name: 'Expiry of snap0' });
    const field = within(dialog).getByLabelText('Expires at');
    expect(field).toHaveValue(toLocalInput('2040-01-02T03:04:00Z'));
    await userEvent.clear(field);
    await userEvent.type(field, '2020-01-01T10:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(await within(dialog).findByText(EXPIRY_IN_PAST)).toBeInTheDocument();
    expect(writes).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, '2041-05-06T07:08');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/1.0/instances/c1/snapshots/snap0',
        body: { expires_at: new Date('2041-05-06T07:08').toISOString() },
      },
    ]);
    expect(await screen.findByText('Expiry of snap0 saved')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Edit expiry of snap0' }));
    const again = screen.getByRole('dialog', { name: 'Expiry of snap0' });
    await userEvent.clear(within(again).getByLabelText('Expires at'));
    await userEvent.click(within(again).getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => {
      expect(writes).toHaveLength(2);
    });
    expect(writes[1]?.body).toEqual({ expires_at: NEVER_EXPIRES });
  });

  it('keeps the dialog and the value when LXD refuses the expiry', async () => {
    snapshots = [snapshot('snap0', '2024-03-01T10:00:00Z')];
    failingPut = true;
    renderTab();
    const row = await screen.findByRole('row', { name: /^snap0 / });
    await userEvent.click(within(row).getByRole('button', { name: 'Edit expiry of snap0' }));
    const dialog = screen.getByRole('dialog', { name: 'Expiry of snap0' });
    await userEvent.type(within(dialog).getByLabelText('Expires at'), '2041-05-06T07:08');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Could not save the expiry');
    expect(alert).toHaveTextContent('refused');
    expect(within(dialog).getByLabelText('Expires at')).toHaveValue('2041-05-06T07:08');
  });

  it('shows the empty field for a snapshot that never expires', () => {
    expect(toLocalInput(NEVER)).toBe('');
    expect(expiresAtOf('')).toBe(NEVER_EXPIRES);
  });

  it('deletes the selected snapshots and counts each outcome', async () => {
    snapshots = [
      snapshot('one', '2024-03-01T10:00:00Z'),
      snapshot('two', '2024-03-02T10:00:00Z'),
      snapshot('three', '2024-03-03T10:00:00Z'),
    ];
    undeletable = ['three'];
    renderTab();
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select one' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select three' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 snapshots' });
    expect(dialog).toHaveTextContent('These snapshots of c1 will be deleted: one, three.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 snapshot deleted, 1 failed')).toBeInTheDocument();
    expect(screen.getByText(/three: busy/)).toBeInTheDocument();
    expect(writes.map((write) => `${write.method} ${write.path}`).sort()).toEqual([
      'DELETE /1.0/instances/c1/snapshots/one',
      'DELETE /1.0/instances/c1/snapshots/three',
    ]);
  });

  it('says how many were deleted when all succeed', async () => {
    snapshots = [snapshot('one', '2024-03-01T10:00:00Z'), snapshot('two', '2024-03-02T10:00:00Z')];
    renderTab();
    const table = await screen.findByRole('table', { name: 'Snapshots' });
    await userEvent.click(within(table).getByRole('checkbox', { name: /^Select all/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete 2 snapshots' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('2 snapshots deleted')).toBeInTheDocument();
  });
});
