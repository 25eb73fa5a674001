import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../testing/render';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import type { LxdClusterMemberState } from '../../lxd/types/cluster';
import { ClusterMemberPage } from './pages/ClusterMemberPage';
import {
  MEMBER_STATE_UNAVAILABLE,
  formatLoadAverages,
  formatUptime,
  memberPoolRows,
  usedOfTotal,
} from './member-state';

afterEach(() => {
  vi.unstubAllGlobals();
});

const GiB = 1024 ** 3;
const ROUTE = '/cluster/member/:name/:activeTab?';
const m2 = {
  server_name: 'm2',
  url: 'https://10.201.0.12:8443',
  status: 'Online',
  message: 'Fully operational',
  roles: [],
  groups: ['default'],
  config: {},
};
const state: LxdClusterMemberState = {
  sysinfo: {
    uptime: 3 * 86_400 + 4 * 3_600 + 120,
    load_averages: [0.52, 0.481, 1.2],
    total_ram: 8 * GiB,
    free_ram: 5 * GiB,
    shared_ram: 0,
    buffered_ram: 1 * GiB,
    total_swap: 2 * GiB,
    free_swap: 1.5 * GiB,
    processes: 312,
    logical_cpus: 4,
  },
  storage_pools: {
    local: { space: { used: 25 * GiB, total: 100 * GiB }, inodes: { used: 1200, total: 65536 } },
    fast: { space: { total: 10 * GiB } },
  },
};

const auth = (extensions: string[]) =>
  testAuth({
    isClustered: true,
    server: testServer({
      api_extensions: extensions,
      environment: { server_version: '5.21.0', server_clustered: true, server_name: 'm1' },
    }),
  });

function serve(member = m2) {
  return fakeLxd(({ url }) => {
    if (url.startsWith('/1.0/cluster/members/m2?')) return { metadata: member };
    if (url === '/1.0/cluster/members/m2/state') return { metadata: state };
    return undefined;
  });
}

describe('a member’s state (GET /1.0/cluster/members/{name}/state)', () => {
  it('shows uptime, load, memory, swap and each pool’s space on the overview', async () => {
    const calls = serve();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth(['cluster_member_state']));
    const section = await screen.findByRole('region', { name: 'State' });
    const table = await within(section).findByRole('table', { name: 'Storage pools on m2' });
    expect(section).toHaveTextContent('Uptime3 days, 4 hours');
    expect(section).toHaveTextContent('Load average (1, 5, 15 min)0.52, 0.48, 1.20');
    expect(section).toHaveTextContent('Memory2.0 GiB used of 8.0 GiB (25%)');
    expect(section).toHaveTextContent('Swap512.0 MiB used of 2.0 GiB (25%)');
    expect(section).toHaveTextContent('Logical CPUs4');
    expect(section).toHaveTextContent('Processes312');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'fast0 B used of 10.0 GiB (0%)-',
      'local25.0 GiB used of 100.0 GiB (25%)1,200 of 65,536',
    ]);
    expect(calls.map((call) => call.url)).toContain('/1.0/cluster/members/m2/state');
  });

  it('asks nothing and says why where the server lacks cluster_member_state (LXD 5.0)', async () => {
    const calls = serve();
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth([]));
    const section = await screen.findByRole('region', { name: 'State' });
    expect(section).toHaveTextContent(MEMBER_STATE_UNAVAILABLE);
    expect(calls.some((call) => call.url.includes('/state'))).toBe(false);
  });

  it('does not ask an offline member', async () => {
    const calls = serve({ ...m2, status: 'Offline', message: 'No heartbeat' });
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth(['cluster_member_state']));
    const section = await screen.findByRole('region', { name: 'State' });
    expect(section).toHaveTextContent(
      'm2 is offline: it does not answer until it is online again.',
    );
    expect(calls.some((call) => call.url.includes('/state'))).toBe(false);
  });

  it('shows LXD’s error with Try again', async () => {
    fakeLxd(({ url }) => {
      if (url.startsWith('/1.0/cluster/members/m2?')) return { metadata: m2 };
      if (url === '/1.0/cluster/members/m2/state') return { status: 403, error: 'Forbidden' };
      return undefined;
    });
    renderAt(ROUTE, <ClusterMemberPage />, '/cluster/member/m2', auth(['cluster_member_state']));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the member’s stateForbidden');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

describe('member state in words', () => {
  it('uptime: the two largest units', () => {
    expect(formatUptime(42)).toBe('42 seconds');
    expect(formatUptime(60)).toBe('1 minute');
    expect(formatUptime(3_600 + 5 * 60)).toBe('1 hour, 5 minutes');
    expect(formatUptime(86_400)).toBe('1 day, 0 hours');
    expect(formatUptime(-1)).toBe('-');
  });

  it('load averages with two decimals; none is a dash', () => {
    expect(formatLoadAverages([0, 0.005, 12.345])).toBe('0.00, 0.01, 12.35');
    expect(formatLoadAverages(null)).toBe('-');
  });

  it('used of total with the share', () => {
    expect(usedOfTotal(GiB, 4 * GiB)).toBe('1.0 GiB used of 4.0 GiB (25%)');
    expect(usedOfTotal(0, 0)).toBe('0 B used of 0 B (0%)');
  });

  it('a state without pools has no rows', () => {
    expect(memberPoolRows({ ...state, storage_pools: null })).toEqual([]);
  });
});
