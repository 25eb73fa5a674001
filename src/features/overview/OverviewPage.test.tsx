import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { testAuth, testServer } from '../../testing/render';
import { OverviewPage } from './OverviewPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const GiB = 1024 ** 3;
const instance = (name: string, status: string, config: Record<string, string>) => ({
  name,
  project: 'team',
  type: 'container',
  status,
  description: '',
  location: 'none',
  profiles: ['default'],
  created_at: '',
  last_used_at: '',
  config: {},
  expanded_config: config,
});
const instances = [
  instance('a', 'Running', { 'limits.cpu': '0-3', 'limits.memory': '50%' }),
  instance('b', 'Stopped', { 'limits.cpu': '2', 'limits.memory': '1GiB' }),
  instance('c', 'Stopped', {}),
];

function lxd({ refuse }: { refuse: boolean }) {
  return fakeLxd(({ url }) => {
    const path = url.split('?')[0];
    if (path === '/1.0') return { metadata: testServer() };
    if (path === '/1.0/instances') {
      return url.includes('recursion=1')
        ? { metadata: instances }
        : { metadata: instances.map((i) => `/1.0/instances/${i.name}`) };
    }
    if (path === '/1.0/resources') {
      return refuse
        ? { status: 403, error: 'not authorized' }
        : { metadata: { cpu: { total: 4 }, memory: { total: 4 * GiB, used: GiB } } };
    }
    if (path === '/1.0/warnings') {
      return refuse
        ? { status: 403, error: 'not authorized' }
        : {
            metadata: [
              { project: 'team', status: 'new', severity: 'high' },
              { project: '', status: 'new', severity: 'high' },
            ],
          };
    }
    if (path === '/1.0/operations') return { metadata: {} };
    if (path === '/1.0/projects/team') {
      return { metadata: { name: 'team', config: { 'limits.cpu': '4' } } };
    }
    return undefined;
  });
}

describe('the overview page', () => {
  it('counts, allocates against the server and the project, and links each figure', async () => {
    lxd({ refuse: false });
    renderAt('/project/:project/overview', <OverviewPage />, '/project/team/overview', testAuth());
    expect(await screen.findByRole('link', { name: '3 instances' })).toHaveAttribute(
      'href',
      '/project/team/instances',
    );
    const statuses = await screen.findByRole('list', { name: 'Instances by status' });
    expect(within(statuses).getByRole('link', { name: '2 stopped' })).toHaveAttribute(
      'href',
      '/project/team/instances?search=status%3Astopped',
    );
    expect(within(statuses).getByRole('link', { name: '1 running' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Allocation on the server' });
    // 4 CPUs (0-3) + 2 of 4 threads; 50% of 4 GiB + 1 GiB of 4 GiB.
    await within(table).findByText('6 CPUs of 4 CPUs (1.50×, overcommitted)');
    expect(within(table).getByText('3.0 GiB of 4.0 GiB (0.75×)')).toBeInTheDocument();
    const without = within(table).getByRole('link', { name: '1 instance without a CPU limit' });
    expect(without).toHaveAttribute('href', '/project/team/instances?search=limits.cpu%3D');
    // The project's limits.cpu is 4; it has no memory limit.
    const project = screen.getByLabelText('Project team');
    expect(project).toHaveTextContent('Project CPU6 CPUs of 4 CPUs (1.50×, overcommitted)');
    expect(project).toHaveTextContent('Project memory3.0 GiB (the project has no limit)');
    expect(await screen.findByRole('link', { name: '2 warnings (high)' })).toHaveAttribute(
      'href',
      '/warnings?severity=high',
    );
    expect(await screen.findByRole('link', { name: '0 running' })).toHaveAttribute(
      'href',
      '/operations?project=team',
    );
  });

  it('says which figures a restricted user may not read', async () => {
    lxd({ refuse: true });
    renderAt(
      '/project/:project/overview',
      <OverviewPage />,
      '/project/team/overview',
      testAuth({ isRestricted: true }),
    );
    expect(await screen.findByRole('link', { name: '3 instances' })).toBeInTheDocument();
    expect(
      await screen.findByText('You do not have permission to view the warnings.'),
    ).toBeInTheDocument();
    const health = await screen.findByRole('table', { name: 'Server' });
    await within(health).findByText('Not permitted');
    const table = await screen.findByRole('table', { name: 'Allocation on the server' });
    // Without the server's memory, a percentage is not counted, and says so.
    await within(table).findByText('6 CPUs');
    expect(within(table).getByText('1 percentage of an unknown total not counted')).toBeVisible();
  });

  it('keeps the landing choice', async () => {
    lxd({ refuse: false });
    renderAt('/project/:project/overview', <OverviewPage />, '/project/team/overview', testAuth());
    const box = await screen.findByRole('checkbox', { name: 'Open the console on this page' });
    expect(box).not.toBeChecked();
    box.click();
    expect(localStorage.getItem('lxd-console.landing')).toBe('overview');
    expect(box).toBeChecked();
  });
});
