import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLxd, renderAt } from '../../../testing/fake-lxd';
import { PoolDetailPage } from './pages/PoolDetailPage';
import { poolSectionOf, poolSections } from './sections';
import { auth, pools } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROUTE = '/project/:project/storage/pool/:name/:activeTab?/:section?';

function open(path: string) {
  fakeLxd(({ url }) => {
    for (const pool of pools) {
      if (url.startsWith(`/1.0/storage-pools/${pool.name}?`)) return { metadata: pool };
    }
    if (url.startsWith('/1.0/storage-pools?')) return { metadata: pools };
    return undefined;
  });
  renderAt(ROUTE, <PoolDetailPage />, path, auth());
}

const sectionList = () =>
  within(screen.getByRole('navigation', { name: 'Storage pool configuration sections' }));
const location = () => screen.getByTestId('location');

describe('the pool configuration’s section in the address', () => {
  it('opens the section of the address: the driver’s own keys', async () => {
    open('/project/default/storage/pool/fast/configuration/driver');
    expect(await screen.findByRole('combobox', { name: 'Clone copy' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Configuration' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(sectionList().getByRole('button', { name: 'ZFS' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'ZFS' })).toBeVisible();
    // The main section's fields are not drawn.
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
    expect(location()).toHaveTextContent(
      /^\/project\/default\/storage\/pool\/fast\/configuration\/driver$/,
    );
  });

  it('opens YAML mode from the address', async () => {
    open('/project/default/storage/pool/fast/configuration/yaml');
    const editor = await screen.findByRole('textbox', { name: 'Storage pool YAML' });
    expect(editor).toHaveTextContent('size: 10GiB');
    expect(sectionList().getByRole('button', { name: 'YAML configuration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('choosing a section puts it in the address', async () => {
    open('/project/default/storage/pool/fast/configuration');
    expect(await screen.findByRole('textbox', { name: 'Description' })).toHaveValue('NVMe');
    expect(sectionList().getByRole('button', { name: 'Main configuration' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(sectionList().getByRole('button', { name: 'ZFS' }));
    await waitFor(() => {
      expect(location()).toHaveTextContent(
        /^\/project\/default\/storage\/pool\/fast\/configuration\/driver$/,
      );
    });
    expect(screen.getByRole('combobox', { name: 'Clone copy' })).toBeVisible();
    await userEvent.click(sectionList().getByRole('button', { name: 'Main configuration' }));
    await waitFor(() => {
      expect(location()).toHaveTextContent(
        /^\/project\/default\/storage\/pool\/fast\/configuration\/main$/,
      );
    });
    expect(screen.getByRole('textbox', { name: 'Size' })).toHaveValue('10GiB');
  });

  it('keeps edits across sections and counts them on Save', async () => {
    open('/project/default/storage/pool/fast/configuration/main');
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'Fast disks');
    await userEvent.click(sectionList().getByRole('button', { name: 'ZFS' }));
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Clone copy' }),
      'rebase',
    );
    expect(screen.getByRole('button', { name: 'Save 2 changes' })).toBeEnabled();
  });

  it('sends a section the pool’s driver has not back to the page', async () => {
    // A directory pool has no keys of its own: no driver section.
    open('/project/default/storage/pool/default/configuration/driver');
    await waitFor(() => {
      expect(location()).toHaveTextContent(/^\/project\/default\/storage\/pool\/default$/);
    });
  });

  it('sends an unknown section back to the page', async () => {
    open('/project/default/storage/pool/fast/configuration/nope');
    await waitFor(() => {
      expect(location()).toHaveTextContent(/^\/project\/default\/storage\/pool\/fast$/);
    });
  });
});

describe('pool form sections', () => {
  it('a driver section only for drivers with keys of their own', () => {
    expect(poolSections('zfs', false)).toEqual([
      { id: 'main', label: 'Main configuration' },
      { id: 'driver', label: 'ZFS' },
      { id: 'yaml', label: 'YAML configuration' },
    ]);
    expect(poolSections('dir', false).map((section) => section.id)).toEqual(['main', 'yaml']);
    expect(poolSections('powerflex', true).map((section) => section.label)).toContain(
      'Dell PowerFlex',
    );
  });

  it('a problem’s section: the driver’s keys there, everything else in the main one', () => {
    expect(poolSectionOf('config.zfs_clone_copy')).toBe('driver');
    expect(poolSectionOf('config.powerflex_pool')).toBe('driver');
    expect(poolSectionOf('config.source')).toBe('main');
    expect(poolSectionOf('config.size')).toBe('main');
    expect(poolSectionOf('members.0.config.zfs_pool_name')).toBe('main');
    expect(poolSectionOf('name')).toBe('main');
    expect(poolSectionOf('other')).toBe('main');
  });
});
