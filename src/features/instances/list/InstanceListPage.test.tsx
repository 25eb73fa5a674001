import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Route, Routes } from '../../../shared/routing/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import { EventStreamProvider } from '../../../shared/events';
import { NotificationProvider } from '../../../shared/notifications';
import { fineGrainedAuth, renderSignedIn, testAuth } from '../../../testing/render';
const COLUMN_PREFS_KEY = 'lxd-console.instances.hidden-columns';
import { testInstance } from '../testing/fixtures';
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

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: url.pathname + url.search, body });
      if (url.pathname === '/1.0/instances') return Promise.resolve(json(instances));
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
      <EventStreamProvider enabled={false} invalidations={[]} operationQueryKeys={() => []}>
        <Routes>
          <Route path="/project/:project/instances" element={<InstanceListPage />} />
          <Route path="/all-projects/instances" element={<InstanceListPage />} />
        </Routes>
      </EventStreamProvider>
    </NotificationProvider>
  );
  return renderSignedIn(page, { path, auth });
}

const table = () => screen.findByRole('table', { name: 'Instances' });

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
    const dialog = screen.getByRole('dialog', { name: 'Stop 2 instances' });
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
});
