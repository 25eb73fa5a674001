import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { ClusterGroupsPage } from './pages/ClusterGroupsPage';
import { ClusterMembersPage } from './pages/ClusterMembersPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const members = [
  {
    server_name: 'node2',
    url: 'https://10.0.0.2:8443',
    status: 'Evacuated',
    message: 'Unavailable due to maintenance',
    architecture: 'x86_64',
    failure_domain: 'default',
    description: '',
    groups: ['default', 'gpu'],
    roles: [],
  },
  {
    server_name: 'node1',
    url: 'https://10.0.0.1:8443',
    status: 'Online',
    message: 'Fully operational',
    architecture: 'x86_64',
    failure_domain: 'rack1',
    description: 'The first one',
    groups: ['default'],
    roles: ['database-leader', 'database'],
  },
];

const groups = [
  { name: 'gpu', description: 'With a GPU', members: ['node2'] },
  { name: 'default', description: '', members: ['node1', 'node2'] },
  { name: 'empty', description: 'Nobody', members: [] },
];

describe('cluster members list', () => {
  it('shows every member by name with roles, groups and status, links and search', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/cluster/members?')) return { metadata: members };
      if (url.startsWith('/1.0/instances?')) {
        return {
          metadata: [
            {
              name: 'a',
              project: 'default',
              status: 'Running',
              type: 'container',
              location: 'node1',
            },
            { name: 'b', project: 'p2', status: 'Stopped', type: 'container', location: 'node1' },
          ],
        };
      }
      if (url.startsWith('/1.0/resources?target=node1')) {
        return { metadata: { memory: { used: 1073741824, total: 4294967296 } } };
      }
      if (url.startsWith('/1.0/resources?target=node2')) {
        return { status: 500, error: 'Missing event connection with target cluster member' };
      }
      return undefined;
    });
    renderAt('/cluster/members', <ClusterMembersPage />, '/cluster/members');
    const table = await screen.findByRole('table', { name: 'Cluster members' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Name',
      'URL',
      'Roles',
      'Groups',
      'Architecture',
      'Failure domain',
      'Status',
      'Memory',
      'Instances',
    ]);
    expect(rows[1]).toHaveAccessibleName('node1');
    expect(rows[1]).toHaveTextContent(
      'node1The first onehttps://10.0.0.1:8443database-leader, databasedefaultx86_64rack1OnlineFully operational',
    );
    expect(rows[2]).toHaveTextContent('node2https://10.0.0.2:8443-default, gpux86_64default');
    expect(rows[2]).toHaveTextContent('EvacuatedUnavailable due to maintenance');
    expect(within(table).getByRole('link', { name: 'node2' })).toHaveAttribute(
      'href',
      '/cluster/member/node2',
    );
    // Memory per row, a failure stays in its row; instance counts from one all-projects call.
    await waitFor(() => {
      expect(rows[1]).toHaveTextContent('1.0 GiBof 4.0 GiB');
    });
    await waitFor(() => {
      expect(rows[2]).toHaveTextContent(
        'Could not load: Missing event connection with target cluster member',
      );
    });
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: '2 instances on node1' }),
    ).toHaveAttribute('href', '/cluster/member/node1/instances');
    expect(
      within(rows[2] as HTMLElement).getByRole('link', { name: '0 instances on node2' }),
    ).toBeVisible();
    expect(calls.filter((call) => call.url.startsWith('/1.0/instances'))).toHaveLength(1);
    expect(calls.find((call) => call.url.startsWith('/1.0/instances'))?.url).toContain(
      'all-projects=true',
    );
    expect(screen.queryByText('Could not load cluster members')).toBeNull();
    expect(screen.getByText('2 cluster members')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Status' }));
    expect(within(table).getAllByRole('row')[1]).toHaveAccessibleName('node2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), 'gpu');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getAllByRole('row')[1]).toHaveAccessibleName('node2');
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('group=gpu');
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Group' }), '');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cluster members' }), 'DE1');
    expect(within(table).queryByRole('link', { name: 'node2' })).toBeNull();
    expect(screen.getByText('1 of 2 cluster members')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=DE1');
    });
  });

  it('does not ask an offline member for its memory', async () => {
    const calls = fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/cluster/members?')) {
        return {
          metadata: [
            {
              ...members[1],
              server_name: 'node3',
              status: 'Offline',
              message: 'No heartbeat for 11.9s',
            },
          ],
        };
      }
      if (url.startsWith('/1.0/instances?')) return { metadata: [] };
      return undefined;
    });
    renderAt('/cluster/members', <ClusterMembersPage />, '/cluster/members');
    const row = await screen.findByRole('row', { name: 'node3' });
    expect(row).toHaveTextContent('Member offline');
    expect(calls.some((call) => call.url.startsWith('/1.0/resources'))).toBe(false);
  });

  it('explains an empty list and offers a retry on an error', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/cluster/members?') ? { status: 500, error: 'boom' } : undefined,
    );
    renderAt('/cluster/members', <ClusterMembersPage />, '/cluster/members');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load cluster membersboom',
    );
    vi.unstubAllGlobals();
    fakeLxd(({ url }) => (url.startsWith('/1.0/cluster/members?') ? { metadata: [] } : undefined));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { name: 'No cluster members found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This server is not part of a cluster.')).toBeInTheDocument();
  });
});

describe('cluster groups list', () => {
  it('shows each group with its description and linked members, and searches by name', async () => {
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/cluster/groups?') ? { metadata: groups } : undefined,
    );
    renderAt('/cluster/groups', <ClusterGroupsPage />, '/cluster/groups');
    const table = await screen.findByRole('table', { name: 'Cluster groups' });
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.getAttribute('aria-label'))).toEqual([
      'default',
      'empty',
      'gpu',
    ]);
    expect(rows[1]).toHaveTextContent('default-node1node2');
    expect(rows[2]).toHaveTextContent('emptyNobodyNo members');
    expect(
      within(within(table).getByRole('row', { name: 'gpu' })).getByRole('link', { name: 'node2' }),
    ).toHaveAttribute('href', '/cluster/member/node2');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cluster groups' }), 'gp');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search cluster groups' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cluster groups' }), 'zz');
    expect(
      await screen.findByRole('heading', { name: 'No cluster groups match the search' }),
    ).toBeInTheDocument();
  });
});
