import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from '../../../shared/routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import { BulkQueueHost, BulkQueueProvider, createBulkQueue } from '../../../shared/bulk-queue';
import { EventStreamProvider } from '../../../shared/events';
import { instanceBulkExecutors } from '../actions';
import { NotificationProvider } from '../../../shared/notifications';
import { fineGrainedAuth, renderSignedIn, testAuth } from '../../../testing/render';
const COLUMN_PREFS_KEY = 'lxd-console.instances.hidden-columns';
import { testInstance } from '../testing/fixtures';
import { instanceInvalidation } from '../events';
import { InstanceListPage } from './InstanceListPage';

function instance(name: string, status: LxdInstance['status'], project = 'default'): LxdInstance {
  return testInstance({
    name,
    project,
    status,
    config: { 'volatile.uuid': 'x' },
    expanded_config: { 'volatile.uuid': 'x', 'user.team': 'blue' },
    expanded_devices: {},
  });
}

const json = (metadata: unknown, extra: Record<string, unknown> = {}) =>
  new Response(JSON.stringify({ type: 'sync', status_code: 200, metadata, ...extra }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let instances: LxdInstance[] = [];
const calls: { method: string; url: string; body: unknown }[] = [];
/** While set, the full list (recursion=1) answers only when it resolves. */
let fullGate: Promise<void> | undefined;

function listAnswer(url: URL) {
  const project = url.searchParams.get('project') ?? 'default';
  const all = url.searchParams.get('all-projects') === 'true';
  const listed = instances.filter((item) => all || item.project === project);
  if (url.searchParams.get('recursion') === '0') {
    return json(
      listed.map(
        (item) =>
          `/1.0/instances/${item.name}${item.project === 'default' ? '' : `?project=${item.project}`}`,
      ),
    );
  }
  return json(listed);
}

beforeEach(() => {
  calls.length = 0;
  fullGate = undefined;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      if (url.pathname === '/1.0/instances') {
        if (url.searchParams.get('recursion') === '1' && fullGate) {
          return fullGate.then(() => listAnswer(url));
        }
        return Promise.resolve(listAnswer(url));
      }
      const single = /^\/1\.0\/instances\/([^/]+)$/.exec(url.pathname);
      if (single && method === 'GET') {
        const project = url.searchParams.get('project') ?? 'default';
        const found = instances.find(
          (item) => item.name === decodeURIComponent(single[1] ?? '') && item.project === project,
        );
        return Promise.resolve(
          found ? json(found) : new Response('{"error":"Instance not found"}', { status: 404 }),
        );
      }
      if (url.pathname.endsWith('/snapshots')) return Promise.resolve(json([]));
      if (url.pathname.endsWith('/state') && method === 'GET') {
        return Promise.resolve(json({ status: 'Running', network: {}, memory: null, disk: {} }));
      }
      if (url.pathname.endsWith('/state') && method === 'PUT') {
        return Promise.resolve(json({}, { type: 'sync' }));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(path = '/project/default/instances', auth = testAuth()) {
  const page: ReactElement = (
    <NotificationProvider>
      <EventStreamProvider
        enabled={false}
        config={{ invalidations: [], operationQueryKeys: () => [] }}
      >
        <BulkQueueProvider queue={createBulkQueue({ executors: instanceBulkExecutors })}>
          <BulkQueueHost />
          <Routes>
            <Route path="/project/:project/instances" element={<InstanceListPage />} />
            <Route path="/all-projects/instances" element={<InstanceListPage />} />
          </Routes>
        </BulkQueueProvider>
      </EventStreamProvider>
    </NotificationProvider>
  );
  return renderSignedIn(page, { path, auth });
}

const table = () => screen.findByRole('table', { name: 'Instances' });

/** The full list answers when `release` is called. */
function holdFullList() {
  let release = () => {};
  fullGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return () => {
    release();
  };
}

const rowNames = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('aria-label'));

const urlsOf = (pattern: RegExp) =>
  calls.map((call) => call.url).filter((url) => pattern.test(url));

/** What the event stream's dispatcher does with a lifecycle event of an instance. */
function lifecycle(action: string, name: string, context: Record<string, unknown> = {}) {
  instanceInvalidation.apply?.({
    type: 'lifecycle',
    timestamp: new Date().toISOString(),
    project: 'default',
    location: 'none',
    metadata: { action, source: `/1.0/instances/${name}`, context },
  });
}

describe('InstanceListPage', () => {
  it('lists instances with rows named after them and statuses in lower case', async () => {
    instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
    renderPage();
    const rows = within(await table()).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      null,
      'db-1 stopped',
      'web-1 running',
    ]);
    expect(within(rows[2] as HTMLElement).getByRole('link', { name: 'web-1' })).toHaveAttribute(
      'href',
      '/project/default/instance/web-1',
    );
    expect(screen.getByRole('link', { name: 'Create instance' })).toHaveAttribute(
      'href',
      '/project/default/instances/create',
    );
  });

  it('filters from the search in the URL and as the user types', async () => {
    instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
    renderPage('/project/default/instances?search=status%3Arunning');
    const box = await screen.findByRole('searchbox', { name: 'Search and filter instances' });
    expect(box).toHaveValue('status:running');
    await waitFor(async () => {
      expect(within(await table()).getAllByRole('row')).toHaveLength(2);
    });
    await userEvent.clear(box);
    await userEvent.type(box, 'db');
    await waitFor(() => {
      expect(box).toHaveValue('db');
    });
    expect(await screen.findByText('1 of 2 instances')).toBeInTheDocument();
    expect(within(await table()).getAllByRole('row', { name: /^(db|web)-1 / })).toHaveLength(1);
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No instances match the search')).toBeInTheDocument();
  });

  it('shows the empty state, and disables create without can_create_instances', async () => {
    instances = [];
    renderPage(
      '/project/default/instances',
      testAuth({
        isFineGrained: true,
        projects: [{ name: 'default', description: '', config: {}, access_entitlements: [] }],
      }),
    );
    expect(await screen.findByText('No instances found')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Create instance' })) {
      expect(button).toBeDisabled();
      expect(button).toHaveAttribute(
        'title',
        'You do not have permission to create instances in this project',
      );
    }
  });

  it('fine-grained: asks for the entitlements and disables what they do not grant', async () => {
    instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
    renderPage('/project/default/instances', fineGrainedAuth());
    const grid = await table();
    expect(calls.map((call) => call.url)).toContain(
      '/1.0/instances?project=default&recursion=1&with-access-entitlements=can_edit%2Ccan_delete%2Ccan_update_state%2Ccan_manage_snapshots%2Ccan_manage_backups%2Ccan_exec%2Ccan_access_console%2Ccan_access_files',
    );
    const create = screen.getByRole('button', { name: 'Create instance' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'You do not have permission to create instances in this project',
    );
    const stop = within(grid).getByRole('button', { name: 'Stop web-1' });
    expect(stop).toBeDisabled();
    expect(stop).toHaveAccessibleDescription(
      'You do not have permission to change the state of this instance',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 2 shown instances' }));
    for (const name of ['Start', 'Restart', 'Freeze', 'Stop']) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(
        'You do not have permission to change the state of all the selected instances',
      );
    }
    const remove = screen.getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'You do not have permission to delete all the selected instances',
    );
  });

  it('fine-grained: the granted entitlements enable the controls', async () => {
    const all = ['can_edit', 'can_delete', 'can_update_state'];
    instances = [{ ...instance('web-1', 'Running'), access_entitlements: all }];
    renderPage(
      '/project/default/instances',
      fineGrainedAuth({ project: ['can_create_instances'] }),
    );
    const grid = await table();
    expect(screen.getByRole('link', { name: 'Create instance' })).toBeInTheDocument();
    expect(within(grid).getByRole('button', { name: 'Stop web-1' })).toBeEnabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 1 shown instance' }));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows the project column and no create button across projects', async () => {
    instances = [instance('web-1', 'Running', 'alpha'), instance('web-1', 'Stopped', 'beta')];
    renderPage('/all-projects/instances');
    const grid = await table();
    expect(within(grid).getByRole('columnheader', { name: 'Project' })).toBeInTheDocument();
    expect(within(grid).getAllByRole('row', { name: /^web-1 / })).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Create instance' })).not.toBeInTheDocument();
  });

  it('stops the selected instances that can stop and reports what was skipped', async () => {
    instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
    renderPage();
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 2 shown instances' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop 2 instances' });
    expect(within(dialog).getByRole('list', { name: 'Instances to be stopped' })).toHaveTextContent(
      'web-1',
    );
    expect(within(dialog).getByRole('list', { name: 'Skipped instances' })).toHaveTextContent(
      'db-1 (stopped)',
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Force stop' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('1 instance stopped, 1 skipped')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      {
        method: 'PUT',
        url: '/1.0/instances/web-1/state?project=default',
        body: { action: 'stop', timeout: -1, force: true },
      },
    ]);
  });

  it('snapshots the selected instances through the queue, with the name checked first', async () => {
    instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
    renderPage();
    await table();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all 2 shown instances' }));
    await userEvent.click(screen.getByRole('button', { name: 'Snapshot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snapshot 2 instances' });
    const name = within(dialog).getByRole('textbox', { name: 'Snapshot name' });
    await userEvent.type(name, 'a/b');
    expect(name).toHaveAccessibleDescription(/A snapshot name cannot contain "\/"/);
    expect(within(dialog).getByRole('button', { name: 'Snapshot 2 instances' })).toBeDisabled();
    await userEvent.clear(name);
    await userEvent.type(name, 'before-upgrade');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Snapshot 2 instances' }));
    expect(await screen.findByText('2 instances snapshotted')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toEqual(
      expect.arrayContaining([
        {
          method: 'POST',
          url: '/1.0/instances/web-1/snapshots?project=default',
          body: { name: 'before-upgrade', stateful: false },
        },
        {
          method: 'POST',
          url: '/1.0/instances/db-1/snapshots?project=default',
          body: { name: 'before-upgrade', stateful: false },
        },
      ]),
    );
    expect(posts).toHaveLength(2);
  });

  it('hides a column and remembers it', async () => {
    instances = [instance('web-1', 'Running')];
    renderPage();
    const grid = await table();
    expect(within(grid).getByRole('columnheader', { name: 'Type' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Type' }));
    expect(within(grid).queryByRole('columnheader', { name: 'Type' })).not.toBeInTheDocument();
    expect(localStorage.getItem(COLUMN_PREFS_KEY)).toContain('"type"');
  });

  describe('names first', () => {
    const singleGets = () => urlsOf(/^\/1\.0\/instances\/[^/?]+\?/);

    it('a long list: the names at once, then the rows in view one by one, then the full list', async () => {
      const names = Array.from({ length: 250 }, (_, i) => `inst-${String(i).padStart(3, '0')}`);
      instances = names.map((name) => instance(name, 'Running'));
      const release = holdFullList();
      renderPage();
      expect(await screen.findByText('Loading details of 250 instances…')).toHaveAttribute(
        'role',
        'status',
      );
      expect(
        screen.getByText(
          'Sorting by other columns than Name and filtering by status, type, profile, project, location or user keys wait for the details.',
        ),
      ).toBeInTheDocument();
      const grid = await table();
      expect(within(grid).getByRole('button', { name: 'Name' })).toBeInTheDocument();
      expect(within(grid).queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();
      expect(within(grid).getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
      expect(await within(grid).findByRole('row', { name: 'inst-000 running' })).toBeVisible();
      await waitFor(async () => {
        expect((await rowNames()).filter((name) => name?.endsWith(' running'))).toHaveLength(
          singleGets().length,
        );
      });
      // Only the rows in view and a few more, in order, each once.
      const asked = singleGets().map((url) => /instances\/([^?]+)/.exec(url)?.[1]);
      expect(asked.length).toBeGreaterThan(10);
      expect(asked.length).toBeLessThan(40);
      expect([...asked].sort()).toEqual(names.slice(0, asked.length));
      expect(urlsOf(/recursion=0/)).toEqual(['/1.0/instances?project=default&recursion=0']);

      // An instance created meanwhile appears in its place.
      instances = [instance('inst-000a', 'Stopped'), ...instances];
      lifecycle('instance-created', 'inst-000a');
      expect(await within(grid).findByRole('row', { name: 'inst-000a stopped' })).toBeVisible();
      expect((await rowNames()).slice(0, 2)).toEqual(['inst-000 running', 'inst-000a stopped']);

      release();
      expect(await within(grid).findByRole('button', { name: 'Status' })).toBeInTheDocument();
      expect(screen.queryByText(/^Loading details of/)).not.toBeInTheDocument();
      expect(await screen.findByText('251 instances')).toBeInTheDocument();
      expect(urlsOf(/recursion=1/)).toHaveLength(1);
      // No row was asked for again, and none once the list was complete.
      expect(singleGets()).toHaveLength(asked.length + 1);
    });

    it('renders names-only rows with their name and a loading cell', async () => {
      instances = [instance('web-1', 'Running')];
      holdFullList();
      renderPage();
      const row = await within(await table()).findByRole('row', { name: 'web-1 details loading' });
      expect(within(row).getByRole('link', { name: 'web-1' })).toBeInTheDocument();
      expect(within(row).getAllByLabelText('Loading').length).toBeGreaterThan(0);
      expect(within(row).getByRole('checkbox')).toBeDisabled();
      expect(within(row).queryByRole('button', { name: 'Stop web-1' })).not.toBeInTheDocument();
    });

    it('a short list waits for its full list instead of asking for each row', async () => {
      instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
      const release = holdFullList();
      renderPage();
      expect(await rowNames()).toEqual(['db-1 details loading', 'web-1 details loading']);
      release();
      await waitFor(async () => {
        expect(await rowNames()).toEqual(['db-1 stopped', 'web-1 running']);
      });
      expect(singleGets()).toEqual([]);
    });

    it('filters by name only until the details have loaded, and says so', async () => {
      instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
      const release = holdFullList();
      renderPage('/project/default/instances?search=status%3Astopped%20web');
      expect(
        await screen.findByText(
          'Only the name part of the search applies until the details have loaded.',
        ),
      ).toBeInTheDocument();
      await waitFor(async () => {
        expect(await rowNames()).toEqual(['web-1 details loading']);
      });
      release();
      expect(await screen.findByText('No instances match the search')).toBeInTheDocument();
    });

    it('applies events while names only and once complete, without the full list again', async () => {
      instances = [instance('web-1', 'Running'), instance('db-1', 'Stopped')];
      const release = holdFullList();
      renderPage();
      expect(await rowNames()).toEqual(['db-1 details loading', 'web-1 details loading']);
      // Names only (the full list still loading): created and deleted.
      instances = [instance('app-1', 'Stopped'), instance('web-1', 'Running')];
      lifecycle('instance-created', 'app-1');
      lifecycle('instance-deleted', 'db-1');
      await waitFor(async () => {
        expect(await rowNames()).toEqual(['app-1 stopped', 'web-1 details loading']);
      });
      // The full list was asked for before the events: they stay applied on top of it.
      instances = [instance('db-1', 'Stopped'), instance('web-1', 'Running')];
      release();
      expect(await within(await table()).findByRole('button', { name: 'Status' })).toBeVisible();
      expect(await rowNames()).toEqual(['app-1 stopped', 'web-1 running']);
      // Complete: a status changes in place; a rename moves the row.
      instances = [instance('app-1', 'Running'), instance('web-1', 'Running')];
      lifecycle('instance-started', 'app-1');
      await waitFor(async () => {
        expect(await rowNames()).toEqual(['app-1 running', 'web-1 running']);
      });
      instances = [instance('zed', 'Running'), instance('web-1', 'Running')];
      lifecycle('instance-renamed', 'zed', { old_name: 'app-1' });
      await waitFor(async () => {
        expect(await rowNames()).toEqual(['web-1 running', 'zed running']);
      });
      // Events that change nothing shown ask for nothing.
      lifecycle('instance-log-retrieved', 'web-1');
      expect(urlsOf(/recursion=1/)).toHaveLength(1);
      expect(urlsOf(/recursion=0/)).toHaveLength(1);
      expect(singleGets()).toEqual([
        '/1.0/instances/app-1?project=default',
        '/1.0/instances/app-1?project=default',
        '/1.0/instances/zed?project=default',
      ]);
    });
  });
});
