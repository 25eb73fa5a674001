import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../projects/testing/harness';
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
    fakeLxd(({ url }) =>
      url.startsWith('/1.0/cluster/members?') ? { metadata: members } : undefined,
    );
    renderAt('/cluster/members', <ClusterMembersPage />, '/cluster/members');
    const table = await screen.findByRole('table', { name: 'Cluster members' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'URL', 'Roles', 'Groups', 'Architecture', 'Failure domain', 'Status']);
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
    expect(screen.getByText('2 cluster members')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Status' }));
    expect(within(table).getAllByRole('row')[1]).toHaveAccessibleName('node2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search cluster members' }), 'DE1');
    expect(within(table).queryByRole('link', { name: 'node2' })).toBeNull();
    expect(screen.getByText('1 of 2 cluster members')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent('search=DE1');
    });
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
