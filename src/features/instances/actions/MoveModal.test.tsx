import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../../../shared/auth/context';
import { NotificationProvider } from '../../../shared/notifications';
import { instanceBulkExecutors } from './executors';
import { renderSignedIn, testAuth, testServer } from '../../../testing/render';
import { testInstance } from '../testing/fixtures';
import { CopyModal } from '../detail/header/CopyModal';
import { BulkCopyModal } from './BulkCopyModal';
import { MoveModal, RESTART_LABEL } from './MoveModal';

interface Call {
  method: string;
  url: string;
  body: unknown;
}

let calls: Call[] = [];
/** Operations that fail, by the instance name in their id, with their error. */
let failures: Record<string, string> = {};

const answer = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status }));
const sync = (metadata: unknown) => answer({ type: 'sync', metadata });
const operation = (id: string) =>
  answer({ type: 'async', operation: `/1.0/operations/${id}`, metadata: { id } }, 202);

beforeEach(() => {
  calls = [];
  failures = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const path = url.split('?')[0] ?? '';
      if (path === '/1.0/storage-pools') {
        return sync(['/1.0/storage-pools/default', '/1.0/storage-pools/fast']);
      }
      if (path === '/1.0/cluster/members') {
        return sync(
          ['m1', 'm2', 'm3'].map((name) => ({ server_name: name, status: 'Online', message: '' })),
        );
      }
      const wait = /^\/1\.0\/operations\/(.+)\/wait$/.exec(path);
      if (wait?.[1]) {
        const failed = Object.entries(failures).find(([name]) => wait[1]?.includes(name));
        return sync(
          failed
            ? { id: wait[1], status: 'Failure', err: failed[1] }
            : { id: wait[1], status: 'Success', err: '' },
        );
      }
      const one = /^\/1\.0\/instances\/([^/]+)(\/state)?$/.exec(path);
      if (one?.[1] && method === 'POST') return operation(`move-${one[1]}`);
      if (one?.[1] && method === 'PUT') return operation(`state-${one[1]}`);
      if (one?.[1] && method === 'GET' && !one[1].endsWith('-copy')) {
        return sync(
          testInstance({
            name: one[1],
            config: { 'limits.cpu': '2', 'volatile.idmap': 'x' },
            expanded_devices: { root: { type: 'disk', path: '/', pool: 'default' } },
          }),
        );
      }
      if (path === '/1.0/instances' && method === 'POST') {
        return operation(`copy-${(body as { name: string }).name}`);
      }
      return answer({ type: 'error', error: 'not found' }, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const writes = () => calls.filter((call) => call.method !== 'GET');

const clustered = (extensions: string[]): AuthState =>
  testAuth({
    isClustered: true,
    server: testServer({
      api_extensions: extensions,
      environment: { server_version: '5.0.2', server_clustered: true },
    }),
    projects: [
      { name: 'default', description: '', config: {} },
      { name: 'p2', description: '', config: {} },
    ],
  });

const ALL = ['instance_pool_move', 'instance_project_move'];

function show(ui: ReactElement, auth: AuthState, bulkLimit?: number) {
  return renderSignedIn(<NotificationProvider>{ui}</NotificationProvider>, {
    auth,
    bulkExecutors: instanceBulkExecutors,
    ...(bulkLimit === undefined ? {} : { bulkLimit }),
  });
}

describe('MoveModal', () => {
  it('moves a stopped instance to another member: POST ?target= {migration, live: false}', async () => {
    const user = userEvent.setup();
    show(
      <MoveModal instances={[testInstance({ name: 'web', location: 'm1' })]} onClose={vi.fn()} />,
      clustered(ALL),
    );
    expect(screen.getByRole('dialog', { name: 'Migrate web' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Another cluster member' })).toHaveProperty(
      'checked',
      true,
    );
    await screen.findByRole('option', { name: 'm2' });
    expect(screen.getByRole('option', { name: 'm1 (current location)' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm2');
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(await within(screen.getByRole('dialog')).findByText('1 instance migrated')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/1.0/instances/web?project=default&target=m2',
        body: { name: 'web', migration: true, live: false },
      },
    ]);
    const progress = screen.getByRole('list', { name: 'Migration progress' });
    expect(within(progress).getByRole('link', { name: 'web' }).getAttribute('href')).toBe(
      '/project/default/instance/web',
    );
  });

  it('asks for a member before sending anything', async () => {
    const user = userEvent.setup();
    show(
      <MoveModal instances={[testInstance({ name: 'web' })]} onClose={vi.fn()} />,
      clustered(ALL),
    );
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the member to move to');
    expect(writes()).toEqual([]);
  });

  it('stops a running instance, moves it to another pool and starts it again', async () => {
    const user = userEvent.setup();
    show(
      <MoveModal
        instances={[
          testInstance({
            name: 'db',
            status: 'Running',
            expanded_devices: { root: { type: 'disk', path: '/', pool: 'default' } },
          }),
        ]}
        onClose={vi.fn()}
      />,
      testAuth({ server: testServer({ api_extensions: ALL }) }),
    );
    expect(screen.getByRole('radio', { name: /^Another cluster member/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      screen.getByRole('radio', { name: 'Another cluster member (This server is not clustered)' }),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Another storage pool' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByRole('checkbox', { name: RESTART_LABEL })).toHaveProperty('checked', true);
    await screen.findByRole('option', { name: 'fast' });
    expect(screen.getByRole('option', { name: 'default (current pool)' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target storage pool' }), 'fast');
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(await within(screen.getByRole('dialog')).findByText('1 instance migrated')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'PUT',
        url: '/1.0/instances/db/state?project=default',
        body: { action: 'stop', timeout: 30, force: false },
      },
      {
        method: 'POST',
        url: '/1.0/instances/db?project=default',
        body: { name: 'db', migration: true, live: false, pool: 'fast' },
      },
      {
        method: 'PUT',
        url: '/1.0/instances/db/state?project=default',
        body: { action: 'start', timeout: -1, force: false },
      },
    ]);
  });

  it("shows LXD's error when a running instance is moved without stopping it", async () => {
    const user = userEvent.setup();
    failures = { db: 'Instance must be stopped to move between projects statelessly' };
    show(
      <MoveModal instances={[testInstance({ name: 'db', status: 'Running' })]} onClose={vi.fn()} />,
      clustered(ALL),
    );
    await user.click(screen.getByRole('radio', { name: 'Another project' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target project' }), 'p2');
    await user.click(screen.getByRole('checkbox', { name: RESTART_LABEL }));
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(
      await within(screen.getByRole('dialog')).findByText('0 instances migrated, 1 failed'),
    ).toBeTruthy();
    expect(
      screen.getByText(/failed: Instance must be stopped to move between projects statelessly/),
    ).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: '/1.0/instances/db?project=default',
        body: { name: 'db', migration: true, live: false, project: 'p2' },
      },
    ]);
  });

  it('says why pool and project moves are not offered without their API extensions', () => {
    show(<MoveModal instances={[testInstance()]} onClose={vi.fn()} />, clustered([]));
    expect(
      screen.getByRole('radio', {
        name: 'Another storage pool (This server cannot move instances between storage pools (it lacks the instance_pool_move API extension))',
      }),
    ).toHaveProperty('disabled', true);
    expect(
      screen.getByRole('radio', {
        name: 'Another project (This server cannot move instances between projects (it lacks the instance_project_move API extension))',
      }),
    ).toHaveProperty('disabled', true);
  });

  it('moves several and counts the outcomes per instance', async () => {
    const user = userEvent.setup();
    failures = { b: 'Instance has backups' };
    show(
      <MoveModal
        instances={['a', 'b', 'c'].map((name) => testInstance({ name, location: 'm1' }))}
        onClose={vi.fn()}
      />,
      clustered(ALL),
    );
    expect(screen.getByRole('dialog', { name: 'Migrate 3 instances' })).toBeTruthy();
    await screen.findByRole('option', { name: 'm3' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm3');
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(
      await within(screen.getByRole('dialog')).findByText('2 instances migrated, 1 failed'),
    ).toBeTruthy();
    expect(screen.getByText(/failed: Instance has backups/)).toBeTruthy();
    expect(writes().map((call) => call.url)).toEqual([
      '/1.0/instances/a?project=default&target=m3',
      '/1.0/instances/b?project=default&target=m3',
      '/1.0/instances/c?project=default&target=m3',
    ]);
  });
});

describe('bulk migrate and copy go through the bulk queue', () => {
  /** Operations waited for at once, and the most seen (each wait answers after 20 ms). */
  let waiting = 0;
  let peak = 0;
  beforeEach(() => {
    waiting = 0;
    peak = 0;
    const answerNow = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!/\/wait(\?|$)/.test(url) || !answerNow)
        return answerNow?.(input, init) as Promise<Response>;
      waiting += 1;
      peak = Math.max(peak, waiting);
      await new Promise((resolve) => setTimeout(resolve, 20));
      waiting -= 1;
      return answerNow(input, init);
    });
  });

  it('migrates six instances at most two at once with the limit at 2', async () => {
    const user = userEvent.setup();
    const names = ['a', 'b', 'c', 'd', 'e', 'f'];
    show(
      <MoveModal
        instances={names.map((name) => testInstance({ name, location: 'm1' }))}
        onClose={vi.fn()}
      />,
      clustered(ALL),
      2,
    );
    await screen.findByRole('option', { name: 'm3' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm3');
    await user.click(screen.getByRole('button', { name: 'Migrate' }));
    expect(
      await within(screen.getByRole('dialog')).findByText('6 instances migrated', undefined, {
        timeout: 5_000,
      }),
    ).toBeTruthy();
    expect(peak).toBe(2);
    expect(writes()).toHaveLength(6);
  });

  it('copies five instances at most two at once, each with its outcome', async () => {
    const user = userEvent.setup();
    failures = { 'copy-c-copy': 'Instance "c-copy" already exists' };
    show(
      <BulkCopyModal
        instances={['a', 'b', 'c', 'd', 'e'].map((name) => ({ name, project: 'default' }))}
        onClose={vi.fn()}
      />,
      clustered(ALL),
      2,
    );
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    const dialog = screen.getByRole('dialog');
    expect(
      await within(dialog).findByText('4 instances copied, 1 failed', undefined, {
        timeout: 5_000,
      }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(/c-copy: failed: Instance "c-copy" already exists/),
    ).toBeTruthy();
    expect(peak).toBe(2);
  });
});

describe('copies', () => {
  it('copies one instance to a member and another pool', async () => {
    const user = userEvent.setup();
    show(
      <CopyModal
        instance={testInstance({
          name: 'web',
          expanded_devices: { root: { type: 'disk', path: '/', pool: 'default' } },
        })}
        onClose={vi.fn()}
      />,
      clustered(ALL),
    );
    await screen.findByRole('option', { name: 'm3' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target member' }), 'm3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Storage pool' }), 'fast');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    await vi.waitFor(() => {
      expect(writes()).toHaveLength(1);
    });
    expect(writes()[0]).toEqual({
      method: 'POST',
      url: '/1.0/instances?project=default&target=m3',
      body: {
        name: 'web-copy',
        description: '',
        profiles: ['default'],
        config: {},
        devices: { root: { type: 'disk', path: '/', pool: 'fast' } },
        ephemeral: false,
        architecture: 'x86_64',
        source: { type: 'copy', source: 'web', instance_only: true },
      },
    });
  });

  it('copies several as {name}-copy to a group, with an outcome for each', async () => {
    const user = userEvent.setup();
    failures = { 'copy-b-copy': 'Name "b-copy" already in use' };
    show(
      <BulkCopyModal
        instances={[
          { name: 'a', project: 'default' },
          { name: 'b', project: 'default' },
        ]}
        onClose={vi.fn()}
      />,
      clustered(['clustering_groups']),
    );
    expect(screen.getByRole('dialog', { name: 'Copy 2 instances' })).toBeTruthy();
    await screen.findByRole('option', { name: 'm2' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target project' }), 'p2');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(
      await within(screen.getByRole('dialog')).findByText('1 instance copied, 1 failed'),
    ).toBeTruthy();
    expect(screen.getByText(/failed: Name "b-copy" already in use/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'a-copy' }).getAttribute('href')).toBe(
      '/project/p2/instance/a-copy',
    );
    const posts = writes();
    expect(posts.map((call) => call.url)).toEqual([
      '/1.0/instances?project=p2',
      '/1.0/instances?project=p2',
    ]);
    expect(posts[0]?.body).toMatchObject({
      name: 'a-copy',
      config: { 'limits.cpu': '2' },
      architecture: 'x86_64',
      source: { type: 'copy', source: 'a', project: 'default', instance_only: true },
    });
  });
});
