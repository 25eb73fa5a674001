import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import type { AuthState } from '../../../shared/auth/context';
import { EventStreamProvider } from '../../../shared/events';
import { createPaletteRegistry, PaletteRegistryContext } from '../../../shared/palette';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { fineGrainedAuth } from '../../../testing/render';
import { testInstance } from '../testing/fixtures';
import { TERMINAL_NEEDS_RUNNING } from './header/InstanceHeader';
import { InstanceDetailPage } from './InstanceDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function open(auth: AuthState, data: LxdInstance) {
  fakeLxd(({ url }) => {
    if (url.startsWith('/1.0/instances/c1?')) return { metadata: data, etag: '"e1"' };
    if (url.startsWith('/1.0/instances/c1/state')) return { metadata: { status: data.status } };
    return { metadata: [] };
  });
  const registry = createPaletteRegistry();
  renderAt(
    '/project/:project/instance/:name/:activeTab?',
    <PaletteRegistryContext.Provider value={registry}>
      <EventStreamProvider
        enabled={false}
        config={{ invalidations: [], operationQueryKeys: () => [] }}
      >
        <InstanceDetailPage />
      </EventStreamProvider>
    </PaletteRegistryContext.Provider>,
    '/project/default/instance/c1',
    auth,
  );
  return registry;
}

const reasons = (registry: ReturnType<typeof createPaletteRegistry>) =>
  Object.fromEntries(registry.actions().map((action) => [action.label, action.reason]));

describe('the instance page in the command palette', () => {
  it('offers the header’s actions with the reasons its buttons give', async () => {
    const registry = open(
      fineGrainedAuth(),
      testInstance({ status: 'Stopped', profiles: [], access_entitlements: [] }),
    );
    await screen.findByRole('group', { name: 'Instance actions' });
    await waitFor(() => {
      expect(reasons(registry)).toEqual({
        Start: 'You do not have permission to change the state of this instance',
        Copy: 'You do not have permission to create instances in this project',
        Migrate: 'You do not have permission to change this instance',
        'Export backup': 'You do not have permission to export backups of this instance',
        'Create image': 'You do not have permission to create images in this project',
        Delete: 'You do not have permission to delete this instance',
        'Open terminal': 'You do not have permission to open a terminal in this instance',
        'Open console': 'You do not have permission to open the console of this instance',
      });
    });
  });

  it('enables what the entitlements grant; a stopped instance has no terminal', async () => {
    const registry = open(
      fineGrainedAuth({ project: ['can_create_instances', 'can_create_images'] }),
      testInstance({
        status: 'Stopped',
        profiles: [],
        access_entitlements: [...ENTITY_ENTITLEMENTS.instance],
      }),
    );
    await screen.findByRole('group', { name: 'Instance actions' });
    await waitFor(() => {
      expect(reasons(registry)).toEqual({
        Start: undefined,
        Copy: undefined,
        Migrate: undefined,
        'Export backup': undefined,
        'Create image': undefined,
        Delete: undefined,
        'Open terminal': TERMINAL_NEEDS_RUNNING,
        'Open console': undefined,
      });
    });
  });
});
