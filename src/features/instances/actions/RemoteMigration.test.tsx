import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import type { InstanceStatus } from '../../../lxd/types/instance';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationProvider } from '../../../shared/notifications';
import { instanceBulkExecutors } from './executors';
import { renderSignedIn, testAuth } from '../../../testing/render';
import { testInstance } from '../testing/fixtures';
import { CopyModal } from '../detail/header/CopyModal';
import { BulkCopyModal } from './BulkCopyModal';
import { MoveModal } from './MoveModal';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[] = [];
/** The console server's answer to GET /console/remotes (null: 404, LXD serves the console). */
let remotes: unknown[] | null = [];
let status: InstanceStatus = 'Stopped';
/** LXD's error for the wait of operations whose URL contains the key. */
let failing: Record<string, string> = {};

const json = (body: unknown, code = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status: code }));
const sync = (metadata: unknown) => json({ type: 'sync', metadata });

const REMOTES = [
  { name: 'local', default: true, url: 'unix://', state: 'online', kind: 'lxd', clustered: false },
  { name: 'incus', default: false, url: 'x', state: 'online', kind: 'incus', clustered: false },
  { name: 'cluster', default: false, url: 'y', state: 'online', kind: 'lxd', clustered: true },
  { name: 'gone', default: false, url: 'z', state: 'unreachable', kind: null, clustered: null },
];

beforeEach(() => {
  calls = [];
  remotes = REMOTES;
  status = 'Stopped';
  failing = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0] ?? '';
      if (path === '/console/remotes') {
        return remotes ? json({ remotes }) : json({ error: 'not found' }, 404);
      }
      if (method === 'GET') {
        if (path === '/1.0') {
          return sync({ environment: { addresses: ['192.0.2.10:8443'], certificate: 'SRC' } });
        }
        if (path === '/remote/cluster/1.0') {
          return sync({
            environment: {
              addresses: ['10.201.0.11:8443'],
              certificate: 'CL',
              server_clustered: true,
            },
          });
        }
        if (path === '/remote/cluster/1.0/projects') {
          return sync(['/1.0/projects/default', '/1.0/projects/p2']);
        }
        if (path === '/remote/cluster/1.0/storage-pools') return sync(['/1.0/storage-pools/local']);
        if (path === '/remote/cluster/1.0/cluster/members') {
          return sync(
            ['m1', 'm2'].map((name, index) => ({
              server_name: name,
              url: `https://10.201.0.1${String(index + 1)}:8443`,
              status: 'Online',
            })),
          );
        }
        if (path.endsWith('/wait')) {
          const failed = Object.entries(failing).find(([key]) => path.includes(key));
          return sync(
            failed ? { status: 'Failure', err: failed[1] } : { status: 'Success', err: '' },
          );
        }
        const one = /^\/1\.0\/instances\/([^/]+)$/.exec(path);
        if (one?.[1]) return sync(testInstance({ name: one[1], status, config: {} }));
      }
      if (method === 'POST' || method === 'DELETE') {
        const onCluster = path.startsWith('/remote/cluster/');
        const id = `${onCluster ? 'target' : 'source'}-${method.toLowerCase()}`;
        return json(
          {
            type: 'async',
            operation: `/1.0/operations/${id}`,
            metadata: { id, location: onCluster ? 'm2' : 'none', metadata: { fs: `${id}-fs` } },
          },
          202,
        );
      }
      return json({ type: 'error', error: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const writes = () =>
  calls
    .filter((call) => call.method !== 'GET')
    .map((call) => `${call.method} ${call.url.split('?')[0] ?? ''}`);

function show(ui: ReactElement) {
  return renderSignedIn(<NotificationProvider>{ui}</NotificationProvider>, {
    auth: testAuth(),
    bulkExecutors: instanceBulkExecutors,
  });
}

async function chooseServer(name: string) {
  const user = userEvent.setup();
  const server = await screen.findByRole('combobox', { name: 'Target server' });
  await screen.findByRole('option', { name: new RegExp(`^${name} `) });
  await user.selectOptions(server, name);
  return user;
}

describe('Migrate to another server', () => {
  it('is not offered when the console fronts one server', async () => {
    remotes = null;
    show(<MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />);
    await screen.findByRole('radio', { name: /^Another project/ });
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url === '/console/remotes')).toBe(true),
    );
    expect(screen.queryByRole('radio', { name: 'Another server' })).toBeNull();
  });

  it('refuses an Incus server and an unreachable one with the reason, before any request', async () => {
    const user = userEvent.setup();
    show(<MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Another server' }));
    const server = screen.getByRole('combobox', { name: 'Target server' });
    expect(
      within(server)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a server',
      'incus (online, Incus)',
      'cluster (online, LXD, clustered)',
      'gone (unreachable)',
    ]);
    await chooseServer('incus');
    expect(screen.getByRole('status').textContent).toBe(
      'LXD and Incus servers cannot migrate instances to each other',
    );
    expect(screen.getByRole('button', { name: 'Migrate' })).toHaveProperty('disabled', true);
    await chooseServer('gone');
    expect(screen.getByRole('status').textContent).toBe(
      'Server gone is unreachable: it cannot receive instances',
    );
    expect(screen.getByRole('button', { name: 'Migrate' })).toHaveProperty('disabled', true);
    expect(writes()).toEqual([]);
  });

  it('refuses a running instance: no live migration between servers', async () => {
    const user = userEvent.setup();
    show(
      <MoveModal
        instances={[testInstance({ name: 'web', status: 'Running' })]}
        onClose={vi.fn()}
      />,
    );
    await user.click(await screen.findByRole('radio', { name: 'Another server' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Stop the instance first: live migration between servers is not offered',
    );
    expect(screen.getByRole('button', { name: 'Migrate' })).toHaveProperty('disabled', true);
  });

  it("moves to the cluster's project, pool and member in push mode, then deletes the source", async () => {
    const user = userEvent.setup();
    show(<MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Another server' }));
    await chooseServer('cluster');
    await screen.findByRole('option', { name: 'p2' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target project' }), 'p2');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Target storage pool' }),
      'local',
    );
    await screen.findByRole('option', { name: 'm2' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm2');
    const transfer = screen.getByRole('group', { name: 'Transfer' });
    expect(within(transfer).getByRole('radio', { name: 'Target pulls' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(within(transfer).getByRole('radio', { name: 'Source pushes' }));
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(
      await screen.findByText('1 instance migrated', { selector: '[role=status]' }),
    ).toBeTruthy();
    expect(writes()).toEqual([
      'POST /remote/cluster/1.0/instances',
      'POST /1.0/instances/web',
      'DELETE /1.0/instances/web',
    ]);
    const target = calls.find((call) => call.url.startsWith('/remote/cluster/1.0/instances'));
    expect(target?.url).toBe('/remote/cluster/1.0/instances?project=p2&target=m2');
    expect(target?.body).toMatchObject({
      name: 'web',
      devices: { root: { type: 'disk', path: '/', pool: 'local' } },
      source: { type: 'migration', mode: 'push' },
    });
    const link = within(screen.getByRole('list', { name: 'Migration progress' })).getByRole(
      'link',
      { name: 'web' },
    );
    expect(link.getAttribute('href')).toBe('/ui/remote/cluster/project/p2/instance/web');
  });
});

describe('A failed migration', () => {
  it("keeps the source and shows LXD's error on the instance's line", async () => {
    const user = userEvent.setup();
    failing['target-post'] = 'Failed creating instance record: Instance "web" already exists';
    show(<MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Another server' }));
    await chooseServer('cluster');
    await screen.findByRole('option', { name: 'local' });
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    const progress = await screen.findByRole('list', { name: 'Migration progress' });
    await vi.waitFor(() =>
      expect(progress.textContent).toBe(
        'web: failed: Failed creating instance record: Instance "web" already exists',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Migrate web' })).toBeTruthy();
    expect(writes()).toEqual([
      'POST /1.0/instances/web',
      'POST /remote/cluster/1.0/instances',
      'DELETE /1.0/operations/source-post',
    ]);
  });
});

describe('An instance started since the list was read', () => {
  it('is refused when it is read again, before any write', async () => {
    const user = userEvent.setup();
    status = 'Running';
    show(<MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('radio', { name: 'Another server' }));
    await chooseServer('cluster');
    await screen.findByRole('option', { name: 'local' });
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    const progress = await screen.findByRole('list', { name: 'Migration progress' });
    await vi.waitFor(() =>
      expect(progress.textContent).toBe(
        'web: failed: Stop the instance first: live migration between servers is not offered',
      ),
    );
    expect(writes()).toEqual([]);
  });
});

describe('Copy to another server', () => {
  it('copies under the same name in pull mode and keeps the source', async () => {
    const user = userEvent.setup();
    show(<BulkCopyModal instances={[{ name: 'web', project: 'default' }]} onClose={vi.fn()} />);
    const copyTo = await screen.findByRole('group', { name: 'Copy to' });
    await user.click(within(copyTo).getByRole('radio', { name: 'Another server' }));
    await chooseServer('cluster');
    await screen.findByRole('option', { name: 'local' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('1 instance copied', { selector: '[role=status]' }),
    ).toBeTruthy();
    expect(writes()).toEqual(['POST /1.0/instances/web', 'POST /remote/cluster/1.0/instances']);
    const target = calls.find((call) => call.url.startsWith('/remote/cluster/1.0/instances'));
    expect(target?.url).toBe('/remote/cluster/1.0/instances?project=default');
    expect(target?.body).toMatchObject({
      name: 'web',
      source: {
        type: 'migration',
        mode: 'pull',
        operation: 'https://192.0.2.10:8443/1.0/operations/source-post',
        certificate: 'SRC',
        secrets: { fs: 'source-post-fs' },
      },
    });
  });

  it('asks for the server before sending anything', async () => {
    const user = userEvent.setup();
    show(<BulkCopyModal instances={[{ name: 'web', project: 'default' }]} onClose={vi.fn()} />);
    const copyTo = await screen.findByRole('group', { name: 'Copy to' });
    await user.click(within(copyTo).getByRole('radio', { name: 'Another server' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Choose the server to send to')).toBeTruthy();
    expect(writes()).toEqual([]);
  });
});

describe("Copy from the instance's page to another server", () => {
  it('copies under the new name, with its snapshots when asked', async () => {
    const user = userEvent.setup();
    show(<CopyModal instance={testInstance({ name: 'web' })} onClose={vi.fn()} />);
    const copyTo = await screen.findByRole('group', { name: 'Copy to' });
    await user.click(within(copyTo).getByRole('radio', { name: 'Another server' }));
    const name = screen.getByRole('textbox', { name: 'New instance name' });
    await user.clear(name);
    await user.type(name, 'web-two');
    await chooseServer('cluster');
    await screen.findByRole('option', { name: 'local' });
    await user.click(screen.getByRole('checkbox', { name: 'Copy snapshots too' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() =>
      expect(writes()).toEqual(['POST /1.0/instances/web', 'POST /remote/cluster/1.0/instances']),
    );
    const source = calls.find((call) => call.method === 'POST');
    expect(source?.body).toEqual({ migration: true, live: false, instance_only: false });
    const target = calls.find((call) => call.url.startsWith('/remote/cluster/1.0/instances'));
    expect(target?.body).toMatchObject({ name: 'web-two', source: { mode: 'pull' } });
    // No name lookup on this server for a copy that goes elsewhere.
    expect(calls.some((call) => call.url.startsWith('/1.0/instances/web-two'))).toBe(false);
  });

  it('refuses a running instance with the reason', async () => {
    const user = userEvent.setup();
    show(
      <CopyModal instance={testInstance({ name: 'web', status: 'Running' })} onClose={vi.fn()} />,
    );
    const copyTo = await screen.findByRole('group', { name: 'Copy to' });
    await user.click(within(copyTo).getByRole('radio', { name: 'Another server' }));
    await chooseServer('cluster');
    expect(screen.getByRole('status').textContent).toBe(
      'Stop the instance first: live migration between servers is not offered',
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveProperty('disabled', true);
  });
});
