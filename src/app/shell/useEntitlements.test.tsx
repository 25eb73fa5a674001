import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd } from '../../testing/fake-lxd';
import type { FineGrained } from '../../shared/permissions/entitlements';
import { testServer } from '../../testing/render';
import { useEntitlements } from './useEntitlements';

afterEach(() => {
  vi.unstubAllGlobals();
});

const plainProjects = [{ name: 'default', description: '', config: {} }];

function run(isFineGrained: FineGrained) {
  const calls = fakeLxd(({ url }) => ({
    metadata: url.startsWith('/1.0/projects')
      ? [{ ...plainProjects[0], access_entitlements: ['can_view_events'] }]
      : { ...testServer(), access_entitlements: ['viewer'] },
  }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useEntitlements(isFineGrained, testServer(), plainProjects), {
    wrapper,
  });
  return { hook, urls: () => calls.map((call) => call.url) };
}

describe('signing in with entitlements (spec §6)', () => {
  it('asks the server and the projects for their entitlements when fine-grained', async () => {
    const { hook, urls } = run(true);
    expect(hook.result.current.pending).toBe(true);
    await waitFor(() => {
      expect(hook.result.current.pending).toBe(false);
    });
    expect(urls()).toContain(
      '/1.0?with-access-entitlements=can_create_groups%2Cpermission_manager%2Cadmin%2Ccan_create_identities%2Ccan_create_identity_provider_groups%2Ccan_create_projects%2Cproject_manager%2Ccan_create_storage_pools%2Cstorage_pool_manager%2Ccan_edit%2Ccan_view_metrics%2Cviewer%2Ccan_view_permissions%2Ccan_view_resources%2Ccan_override_cluster_target_restriction',
    );
    expect(urls()).toContain(
      '/1.0/projects?recursion=1&with-access-entitlements=can_create_image_aliases%2Ccan_create_images%2Ccan_create_instances%2Ccan_create_networks%2Ccan_create_network_acls%2Ccan_create_profiles%2Ccan_create_storage_volumes%2Ccan_create_storage_buckets%2Ccan_delete%2Ccan_edit%2Ccan_view_events%2Ccan_view_operations',
    );
    expect(hook.result.current.server?.access_entitlements).toEqual(['viewer']);
    expect(hook.result.current.projects?.[0]?.access_entitlements).toEqual(['can_view_events']);
  });

  it('asks nothing more otherwise', () => {
    for (const mode of [false, null] as const) {
      const { hook, urls } = run(mode);
      expect(hook.result.current.pending).toBe(false);
      expect(hook.result.current.projects).toBe(plainProjects);
      expect(hook.result.current.server?.access_entitlements).toBeUndefined();
      expect(urls()).toEqual([]);
      hook.unmount();
    }
  });
});
