import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../shared/routing/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd } from '../../testing/fake-lxd';
import type { LxdClusterMember } from '../../lxd/types/cluster';
import { AuthContext } from '../../shared/auth/context';
import { testAuth } from '../../testing/render';
import { ClusterHealth } from './ClusterHealth';
import { CLUSTER_HEALTH_INTERVAL_MS, clusterHealthText, membersSignature } from './ClusterWatch';

const member = (name: string, status: string): LxdClusterMember => ({
  server_name: name,
  url: `https://${name}:8443`,
  status,
  message: '',
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('clusterHealthText', () => {
  it('says nothing while every member answers (evacuated is deliberate)', () => {
    expect(clusterHealthText([member('m1', 'Online'), member('m2', 'Evacuated')])).toBeUndefined();
  });
  it('names one offline member', () => {
    expect(clusterHealthText([member('m1', 'Online'), member('m3', 'Offline')])).toBe(
      'Member m3 is offline',
    );
  });
  it('counts several', () => {
    expect(
      clusterHealthText([member('m1', 'Online'), member('m2', 'Offline'), member('m3', 'Blocked')]),
    ).toBe('2 members are offline: m2, m3');
  });
});

describe('membersSignature', () => {
  it('changes with any status and not with the order', () => {
    const a = [member('m1', 'Online'), member('m2', 'Online')];
    expect(membersSignature(a)).toBe(membersSignature([...a].reverse()));
    expect(membersSignature(a)).not.toBe(
      membersSignature([member('m1', 'Online'), member('m2', 'Offline')]),
    );
  });
});

describe('ClusterHealth', () => {
  it('polls the members, shows an offline member and refreshes the instances when it changes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let m3 = 'Online';
    const calls = fakeLxd((call) =>
      call.url.startsWith('/1.0/cluster/members')
        ? { metadata: [member('m1', 'Online'), member('m3', m3)] }
        : undefined,
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={testAuth({ isClustered: true })}>
          <MemoryRouter>
            <ClusterHealth />
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(10));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();

    m3 = 'Offline';
    await act(() => vi.advanceTimersByTimeAsync(CLUSTER_HEALTH_INTERVAL_MS));
    expect(screen.getByRole('link', { name: 'Member m3 is offline' })).toHaveAttribute(
      'href',
      '/cluster/members',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['instances'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['instance-list'] });

    invalidate.mockClear();
    m3 = 'Online';
    await act(() => vi.advanceTimersByTimeAsync(CLUSTER_HEALTH_INTERVAL_MS));
    expect(screen.queryByRole('link')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['instances'] });
  });

  it('asks nothing of a standalone server', () => {
    const calls = fakeLxd(() => undefined);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider value={testAuth()}>
          <MemoryRouter>
            <ClusterHealth />
          </MemoryRouter>
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    expect(calls).toHaveLength(0);
  });
});
