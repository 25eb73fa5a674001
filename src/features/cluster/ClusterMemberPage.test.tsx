import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { endedOperation, fakeLxd, renderAt, type FakeCall } from '../../testing/fake-lxd';
import { ClusterMemberPage } from './pages/ClusterMemberPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/cluster/member/:name/:activeTab?';
const m2 = {
  server_name: 'm2',
  url: 'https://10.201.0.12:8443',
  status: 'Online',
  message: 'Fully operational',
  architecture: 'x86_64',
  failure_domain: 'default',
  description: 'second',
  database: true,
  groups: ['default', 'gA'],
  roles: ['database'],
  config: {},
};

function auth(extensions: string[]) {
  return testAuth({
    isClustered: true,
    server: testServer({
      api_extensions: extensions,
      environment: { server_version: '5.0.2', server_clustered: true, server_name: 'm1' },
    }),
  });
}

function lxd(extra?: (call: FakeCall) => ReturnType<Parameters<typeof fakeLxd>[0]>) {
  return fakeLxd((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url.startsWith('/1.0/cluster/members/m2?')) return { metadata: m2, etag: '"e1"' };
    if (call.url.startsWith('/1.0/cluster/groups?')) {
      return {
        metadata: [
          { name: 'default', description: '', members: ['m1', 'm2'] },
          { name: 'gA', description: '', members: ['m2'] },
          { name: 'gB', description: '', members: [] },
        ],
      };
    }
    if (call.url.startsWith('/1.0/instances?')) {
      return {
        metadata: [
          { name: 'c1', project: 'default', status: 'Running', type: 'container', location: 'm2' },
          { name: 'c2', project: 'p2', status: 'Stopped', type: 'container', location: 'm1' },
        ],
      };
    }
    return undefined;
  });
}

describe('cluster member page', () => {
  it('honours the tab of the URL and links the tabs', async () => {
    lxd();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2/instances', auth([]));
    expect(await screen.findByRole('tab', { name: 'Instances' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = screen.getByRole('tabpanel', { name: 'Instances' });
    const table = await within(panel).findByRole('table', { name: 'Instances on m2' });
    expect(within(table).getByRole('link', { name: 'c1' })).toHaveAttribute(
      'href',
      '/project/default/instance/c1',
    );
    expect(within(table).queryByRole('link', { name: 'c2' })).toBeNull();
    expect(table).toHaveTextContent('Running');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'href',
      '/cluster/member/m2',
    );
    expect(screen.getByRole('tab', { name: 'Hardware' })).toHaveAttribute(
      'href',
      '/cluster/member/m2/hardware',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    const overview = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(overview).toHaveTextContent('https://10.201.0.12:8443');
    expect(overview).toHaveTextContent('DatabaseYes (a database voter)');
  });

  it('sends an unknown tab back to the overview', async () => {
    lxd();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2/nope', auth([]));
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/cluster\/member\/m2$/);
    });
  });

  it('saves the configuration with If-Match, keeping the internal roles and the config', async () => {
    const calls = lxd(({ method }) => (method === 'PUT' ? { metadata: {} } : undefined));
    renderAt(
      ROUTE,
      <ClusterMemberPage />,
      '/cluster/member/m2/configuration',
      auth(['event_hub', 'cluster_ovn_chassis']),
    );
    const description = await screen.findByRole('textbox', { name: 'Description' });
    const user = userEvent.setup();
    await user.clear(description);
    await user.type(description, 'rack two');
    await user.clear(screen.getByRole('textbox', { name: 'Failure domain' }));
    await user.type(screen.getByRole('textbox', { name: 'Failure domain' }), 'rack2');
    const groups = screen.getByRole('group', { name: 'Groups' });
    await waitFor(() => {
      expect(within(groups).getByRole('checkbox', { name: 'gB' })).toBeInTheDocument();
    });
    await user.click(within(groups).getByRole('checkbox', { name: 'gA' }));
    await user.click(within(groups).getByRole('checkbox', { name: 'gB' }));
    const roles = screen.getByRole('group', { name: 'Roles' });
    expect(roles).toHaveTextContent('Set by the cluster itself: database.');
    await user.click(within(roles).getByRole('checkbox', { name: 'event-hub' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'PUT')).toBe(true);
    });
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/1.0/cluster/members/m2');
    expect(put?.headers.get('If-Match')).toBe('"e1"');
    expect(put?.body).toEqual({
      config: {},
      description: 'rack two',
      failure_domain: 'rack2',
      groups: ['default', 'gB'],
      roles: ['database', 'event-hub'],
    });
  });

  it('keeps the form and says so when the member changed meanwhile (412)', async () => {
    lxd(({ method }) =>
      method === 'PUT' ? { status: 412, error: 'ETag does not match' } : undefined,
    );
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2/configuration', auth([]));
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.type(description, ' mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Someone else changed this member')).toBeVisible();
    expect(description).toHaveValue('second mine');
  });

  it('refuses a member without a group, next to the field', async () => {
    const calls = lxd();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2/configuration', auth([]));
    const groups = await screen.findByRole('group', { name: 'Groups' });
    await userEvent.click(within(groups).getByRole('checkbox', { name: 'default' }));
    await userEvent.click(within(groups).getByRole('checkbox', { name: 'gA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(within(groups).getByRole('alert')).toHaveTextContent(
      'A member must belong to at least one group',
    );
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('member state actions', () => {
  function stateLxd() {
    return lxd(({ method, url }) => {
      if (method === 'POST' && url.endsWith('/state')) {
        return { status: 202, metadata: { id: 'op1' } };
      }
      if (url.startsWith('/1.0/operations/op1/wait')) {
        return { metadata: { id: 'op1', status: 'Success', metadata: {} } };
      }
      return undefined;
    });
  }

  it('sends no mode where the server has no clustering_evacuation_mode, and says why', async () => {
    const calls = stateLxd();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth(['clustering_evacuation']));
    await userEvent.click(await screen.findByRole('button', { name: 'Evacuate' }));
    const dialog = screen.getByRole('dialog', { name: 'Evacuate m2' });
    expect(dialog).toHaveTextContent('cluster.evacuate says (this server takes no mode)');
    expect(within(dialog).queryByRole('combobox', { name: 'Mode' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Evacuate' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/1.0/cluster/members/m2/state');
    expect(post?.body).toEqual({ action: 'evacuate' });
  });

  it('offers the modes of the server and sends the chosen one', async () => {
    const calls = stateLxd();
    renderAt(
      ROUTE,
      <ClusterMemberPage />,
      '/cluster/member/m2',
      auth(['clustering_evacuation_mode', 'clustering_evacuation_live']),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Evacuate' }));
    const dialog = screen.getByRole('dialog', { name: 'Evacuate m2' });
    const mode = within(dialog).getByRole('combobox', { name: 'Mode' });
    expect(
      within(mode)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['auto', 'stop', 'migrate', 'live-migrate']);
    await userEvent.selectOptions(mode, 'stop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Evacuate' }));
    await waitFor(() => {
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        action: 'evacuate',
        mode: 'stop',
      });
    });
  });

  it('keeps the dialog open with the operation’s error when the evacuation fails', async () => {
    lxd(({ method, url }) => {
      if (method === 'POST' && url.endsWith('/state')) return { operation: 'op1' };
      if (url.startsWith('/1.0/operations/op1/wait')) {
        return {
          metadata: {
            ...endedOperation('op1'),
            status: 'Failure',
            err: 'Failed to migrate instance',
          },
        };
      }
      return undefined;
    });
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth(['clustering_evacuation']));
    await userEvent.click(await screen.findByRole('button', { name: 'Evacuate' }));
    const dialog = screen.getByRole('dialog', { name: 'Evacuate m2' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Evacuate' }));
    expect(await within(dialog).findByText('Failed to migrate instance')).toBeVisible();
  });

  it('disables evacuation of an offline member, saying why', async () => {
    lxd(({ url }) =>
      url.startsWith('/1.0/cluster/members/m2?')
        ? { metadata: { ...m2, status: 'Offline', message: 'No heartbeat for 11.9s' } }
        : undefined,
    );
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2/hardware', auth([]));
    const evacuate = await screen.findByRole('button', { name: 'Evacuate' });
    expect(evacuate).toBeDisabled();
    expect(evacuate).toHaveAccessibleDescription(
      'Only an online member can be evacuated (m2 is offline)',
    );
    expect(screen.getByRole('heading', { name: 'Hardware unavailable' })).toBeVisible();
    expect(
      screen.getByText('m2 is offline: it does not answer until it is online again.'),
    ).toBeVisible();
  });

  it('restores with the skip mode where the server has it', async () => {
    const evacuated = { ...m2, status: 'Evacuated' };
    const more = fakeLxd((call) => {
      if (call.url.startsWith('/1.0/cluster/members/m2?')) return { metadata: evacuated };
      if (call.method === 'POST') return { status: 202, metadata: { id: 'op1' } };
      if (call.url.startsWith('/1.0/operations/op1/wait')) {
        return { metadata: { id: 'op1', status: 'Success', metadata: {} } };
      }
      return undefined;
    });
    renderAt(
      ROUTE,
      <ClusterMemberPage />,
      '/cluster/member/m2',
      auth(['clustering_restore_skip_mode']),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore m2' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Mode' }), 'skip');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => {
      expect(more.find((call) => call.method === 'POST')?.body).toEqual({
        action: 'restore',
        mode: 'skip',
      });
    });
  });
});
