import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LxdInstance } from '../../../lxd/types/instance';
import type { AuthState } from '../../../shared/auth/context';
import { ENTITY_ENTITLEMENTS } from '../../../shared/permissions/rules';
import { EventStreamProvider } from '../../../shared/events';
import { fineGrainedAuth } from '../../../testing/render';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { testInstance } from '../testing/fixtures';
import { InstanceDetailPage } from './InstanceDetailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ALL = [...ENTITY_ENTITLEMENTS.instance];

function instance(entitlements: string[], status: LxdInstance['status'] = 'Stopped'): LxdInstance {
  return testInstance({ status, profiles: [], access_entitlements: entitlements });
}

function open(tab: string, auth: AuthState, data: LxdInstance) {
  const calls = fakeLxd(({ url }) => {
    if (url.startsWith('/1.0/instances/c1?')) return { metadata: data, etag: '"e1"' };
    if (url.startsWith('/1.0/instances/c1/snapshots')) return { metadata: [] };
    if (url.startsWith('/1.0/instances/c1/state')) return { metadata: { status: data.status } };
    return { metadata: [] };
  });
  renderAt(
    '/project/:project/instance/:name/:activeTab?',
    <EventStreamProvider
      enabled={false}
      config={{ invalidations: [], operationQueryKeys: () => [] }}
    >
      <InstanceDetailPage />
    </EventStreamProvider>,
    `/project/default/instance/c1${tab ? `/${tab}` : ''}`,
    auth,
  );
  return calls;
}

const expectDenied = (button: HTMLElement, reason: string) => {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(reason);
};

describe('instance detail in fine-grained mode', () => {
  it('asks for the instance entitlements and disables every action without them', async () => {
    const calls = open('', fineGrainedAuth(), instance([]));
    const actions = await screen.findByRole('group', { name: 'Instance actions' });
    expect(calls.map((call) => call.url)).toContain(
      `/1.0/instances/c1?project=default&with-access-entitlements=${ALL.join('%2C')}`,
    );
    const reasons = {
      Start: 'You do not have permission to change the state of this instance',
      Copy: 'You do not have permission to create instances in this project',
      Migrate: 'You do not have permission to change this instance',
      'Export backup': 'You do not have permission to export backups of this instance',
      'Create image': 'You do not have permission to create images in this project',
      Delete: 'You do not have permission to delete this instance',
    };
    for (const [name, reason] of Object.entries(reasons)) {
      expectDenied(within(actions).getByRole('button', { name }), reason);
    }
    expectDenied(
      screen.getByRole('button', { name: 'Rename' }),
      'You do not have permission to rename this instance',
    );
  });

  it('enables the actions the entitlements grant', async () => {
    const auth = fineGrainedAuth({ project: ['can_create_instances', 'can_create_images'] });
    open('', auth, instance(ALL));
    const actions = await screen.findByRole('group', { name: 'Instance actions' });
    for (const name of ['Start', 'Copy', 'Migrate', 'Export backup', 'Create image', 'Delete']) {
      expect(within(actions).getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.getByRole('button', { name: 'Rename' })).toBeEnabled();
  });

  it('below the large threshold puts the actions but the state changes behind an Actions menu', async () => {
    // A window narrower than 1200 px.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 1199.98px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const auth = fineGrainedAuth({ project: ['can_create_instances'] });
    open('', auth, instance(['can_update_state', 'can_edit']));
    const actions = await screen.findByRole('group', { name: 'Instance actions' });
    expect(within(actions).getByRole('button', { name: 'Start' })).toBeEnabled();
    expect(within(actions).queryByRole('button', { name: 'Copy' })).toBeNull();
    await userEvent.click(within(actions).getByRole('button', { name: 'Actions' }));
    const menu = screen.getByRole('menu', { name: 'Actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Copy', 'Migrate', 'Export backup', 'Create image', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Copy' })).toHaveFocus();
    // What may not be used says why, and does nothing.
    const remove = within(menu).getByRole('menuitem', { name: 'Delete' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(
      'You do not have permission to delete this instance',
    );
    await userEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Copy' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(await screen.findByRole('dialog', { name: /Copy/ })).toBeInTheDocument();
  });

  it('keeps the configuration read-only without can_edit', async () => {
    open('configuration', fineGrainedAuth(), instance([]));
    const reason = 'You do not have permission to change this instance';
    expect(await screen.findByRole('note')).toHaveTextContent(reason);
    expectDenied(screen.getByRole('button', { name: 'Save changes' }), reason);
  });

  it('disables snapshot creation without can_manage_snapshots', async () => {
    open('snapshots', fineGrainedAuth(), instance([]));
    const [create] = await screen.findAllByRole('button', { name: 'Create snapshot' });
    expectDenied(
      create as HTMLElement,
      'You do not have permission to manage the snapshots of this instance',
    );
  });

  it('opens no terminal or console without can_exec and can_access_console', async () => {
    open('terminal', fineGrainedAuth(), instance([], 'Running'));
    expect(await screen.findByRole('heading', { name: 'No terminal access' })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have permission to open a terminal in this instance.'),
    ).toBeInTheDocument();
    vi.unstubAllGlobals();
    open('console', fineGrainedAuth(), instance([], 'Running'));
    expect(await screen.findByRole('heading', { name: 'No console access' })).toBeInTheDocument();
  });
});
