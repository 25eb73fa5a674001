import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectUsagePage } from './pages/ProjectUsagePage';
import { fakeLxd, renderAt } from '../../testing/fake-lxd';
import { usageRows } from './usage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const state = {
  resources: {
    containers: { Limit: -1, Usage: 1 },
    cpu: { Limit: -1, Usage: 0 },
    disk: { Limit: -1, Usage: 0 },
    instances: { Limit: 3, Usage: 1 },
    memory: { Limit: 2147483648, Usage: 1073741824 },
    networks: { Limit: -1, Usage: 0 },
    processes: { Limit: -1, Usage: 0 },
    'virtual-machines': { Limit: -1, Usage: 0 },
  },
};

describe('project usage', () => {
  it('orders the resources and says "of" a limit or "no limit" for -1', () => {
    const rows = usageRows(state);
    expect(rows.map((row) => row.id)).toEqual([
      'instances',
      'containers',
      'virtual-machines',
      'cpu',
      'memory',
      'disk',
      'networks',
      'processes',
    ]);
    expect(rows[0]).toMatchObject({ text: '1 of 3', limit: 3, usage: 1 });
    expect(rows[1]).toMatchObject({ text: '1 (no limit)', limit: undefined });
    expect(rows[4]?.text).toMatch(/^1(\.0)? GiB of 2(\.0)? GiB$/);
    expect(usageRows({ resources: { gpus: { Limit: 2, Usage: 0 } } })[0]?.text).toBe('0 of 2');
  });

  it('shows each resource as a bar with its numbers', async () => {
    const calls = fakeLxd(({ url }) =>
      url === '/1.0/projects/team/state' ? { metadata: state } : undefined,
    );
    renderAt('/project/:project/usage', <ProjectUsagePage />, '/project/team/usage');
    const list = await screen.findByRole('list', { name: 'Resource usage' });
    const instances = within(list).getByRole('meter', { name: 'Instances' });
    expect(instances).toHaveAttribute('aria-valuetext', '1 of 3');
    expect(instances).toHaveAttribute('max', '3');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Instances1 of 3');
    expect(within(list).getByRole('meter', { name: 'Containers' })).toHaveAttribute(
      'aria-valuetext',
      '1 (no limit)',
    );
    expect(calls.map((call) => call.url)).toContain('/1.0/projects/team/state');
  });

  it('an error says so with a retry', async () => {
    fakeLxd(() => ({ status: 403, error: 'not authorized' }));
    renderAt('/project/:project/usage', <ProjectUsagePage />, '/project/team/usage');
    expect(await screen.findByText("Could not load the project's usage")).toBeInTheDocument();
    expect(screen.getByText('not authorized')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
