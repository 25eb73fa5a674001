import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LxdClusterGroup, LxdClusterMember } from '../../../lxd/types/cluster';
import { renderSignedIn, testAuth, testServer } from '../../../testing/render';
import { TargetPicker } from './TargetPicker';
import { groupOptions, memberOptions, projectBlocksTargeting } from './targets';

const member = (name: string, status = 'Online', message = 'Fully operational') =>
  ({ server_name: name, url: `https://${name}:8443`, status, message }) as LxdClusterMember;
const MEMBERS = [
  member('m2'),
  member('m1'),
  member('m3', 'Offline', 'No heartbeat for 11.9s (2026-11-24 23:00:00)'),
];
const GROUPS: LxdClusterGroup[] = [
  { name: 'gA', description: '', members: ['m2'] },
  { name: 'default', description: '', members: ['m1', 'm2', 'm3'] },
  { name: 'empty', description: '', members: [] },
];

describe('target options', () => {
  it('lists members by name, offline ones disabled with their status and message', () => {
    expect(memberOptions(MEMBERS)).toEqual([
      { value: 'm1', label: 'm1', disabledReason: undefined },
      { value: 'm2', label: 'm2', disabledReason: undefined },
      {
        value: 'm3',
        label: 'm3 (Offline: No heartbeat for 11.9s (2026-11-24 23:00:00))',
        disabledReason: 'Offline: No heartbeat for 11.9s (2026-11-24 23:00:00)',
      },
    ]);
  });

  it('marks the current member as not selectable (a move)', () => {
    expect(memberOptions([member('m1')], 'm1')[0]?.disabledReason).toBe('current location');
  });

  it('offers groups with members as @group, disabled when none of them is online', () => {
    expect(groupOptions(GROUPS, MEMBERS)).toEqual([
      { value: '@default', label: 'default (m1, m2, m3)', disabledReason: undefined },
      { value: '@gA', label: 'gA (m2)', disabledReason: undefined },
    ]);
    expect(groupOptions([{ name: 'g3', description: '', members: ['m3'] }], MEMBERS)).toEqual([
      { value: '@g3', label: 'g3 (m3) (no member online)', disabledReason: 'no member online' },
    ]);
  });

  it("follows LXD's restricted.cluster.target (block unless allow, in restricted projects)", () => {
    expect(projectBlocksTargeting({ config: {} })).toBe(false);
    expect(projectBlocksTargeting({ config: { restricted: 'true' } })).toBe(true);
    expect(
      projectBlocksTargeting({
        config: { restricted: 'true', 'restricted.cluster.target': 'allow' },
      }),
    ).toBe(false);
  });
});

function Harness({ withGroups = true }: { withGroups?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <>
      <TargetPicker value={value} onChange={setValue} project="default" withGroups={withGroups} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const clustered = (extensions: string[] = ['clustering_groups']) =>
  testAuth({
    isClustered: true,
    server: testServer({
      api_extensions: extensions,
      environment: { server_version: '5.0.2', server_clustered: true },
    }),
  });

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      calls.push(url);
      const metadata = url.startsWith('/1.0/cluster/members')
        ? MEMBERS
        : url.startsWith('/1.0/cluster/groups')
          ? GROUPS
          : null;
      return Promise.resolve(new Response(JSON.stringify({ type: 'sync', metadata })));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TargetPicker', () => {
  it('says Incus chooses any member on an Incus cluster', async () => {
    const auth = clustered();
    renderSignedIn(<Harness />, {
      auth: {
        ...auth,
        server: testServer({
          api_extensions: ['clustering_groups'],
          environment: { server: 'incus', server_version: '6.0.4', server_clustered: true },
        }),
      },
    });
    await screen.findByRole('option', { name: 'm1' });
    expect(screen.getByRole('option', { name: 'Any member (Incus chooses)' })).toHaveProperty(
      'selected',
      true,
    );
    expect(screen.queryByRole('option', { name: 'Any member (LXD chooses)' })).toBeNull();
  });

  it('renders nothing and asks nothing on a standalone server', () => {
    renderSignedIn(<Harness />);
    expect(screen.queryByRole('combobox', { name: 'Cluster member' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('offers any member, the members (offline disabled) and the groups as @group', async () => {
    const user = userEvent.setup();
    renderSignedIn(<Harness />, { auth: clustered() });
    const select = screen.getByRole('combobox', { name: 'Cluster member' });
    await screen.findByRole('option', { name: 'm1' });
    expect(screen.getByRole('option', { name: 'Any member (LXD chooses)' })).toHaveProperty(
      'selected',
      true,
    );
    expect(screen.getByRole('option', { name: /^m3 \(Offline: No heartbeat/ })).toHaveProperty(
      'disabled',
      true,
    );
    const groups = screen.getByRole('group', { name: 'Cluster groups' });
    expect(
      within(groups)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['default (m1, m2, m3)', 'gA (m2)']);
    await user.selectOptions(select, 'gA (m2)');
    expect(screen.getByTestId('value').textContent).toBe('@gA');
    await user.selectOptions(select, 'm2');
    expect(screen.getByTestId('value').textContent).toBe('m2');
    expect(calls).toEqual(['/1.0/cluster/members?recursion=2', '/1.0/cluster/groups?recursion=1']);
  });

  it('leaves groups out without clustering_groups, and when not asked for', async () => {
    renderSignedIn(<Harness withGroups={false} />, { auth: clustered() });
    await screen.findByRole('option', { name: 'm1' });
    expect(screen.queryByRole('group', { name: 'Cluster groups' })).toBeNull();
    expect(calls).toEqual(['/1.0/cluster/members?recursion=2']);
  });

  it('is disabled with the reason in a project that blocks targeting, unless overridden', async () => {
    const restricted = {
      name: 'default',
      description: '',
      config: { restricted: 'true' },
      access_entitlements: ['can_create_instances'],
    };
    const base = clustered();
    const { unmount } = renderSignedIn(<Harness />, {
      auth: {
        ...base,
        isFineGrained: true,
        projects: [restricted],
        server: { ...base.server, access_entitlements: [] },
      },
    });
    const select = screen.getByRole('combobox', { name: 'Cluster member' });
    expect(select).toHaveProperty('disabled', true);
    expect(select.getAttribute('title')).toBe(
      'You do not have permission to choose a cluster member in this project',
    );
    await waitFor(() => {
      expect(
        screen.getByText('You do not have permission to choose a cluster member in this project'),
      ).toBeTruthy();
    });
    unmount();
    renderSignedIn(<Harness />, {
      auth: {
        ...base,
        isFineGrained: true,
        projects: [restricted],
        server: {
          ...base.server,
          access_entitlements: ['can_override_cluster_target_restriction'],
        },
      },
    });
    expect(screen.getByRole('combobox', { name: 'Cluster member' })).toHaveProperty(
      'disabled',
      false,
    );
  });
});
