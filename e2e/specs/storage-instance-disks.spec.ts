/**
 * Instances use custom volumes: the configuration form's disk device picks the volume from the
 * chosen pool's list (pool → volume) instead of a typed name, and LXD gets that disk.
 */
import { expect, test, uniqueName } from '../fixtures';
import { busybox } from '../support/instance-ui';

test('a custom volume picked in the instance form is attached in LXD', async ({
  page,
  lxd,
  track,
}) => {
  const volume = uniqueName('vol');
  await lxd.run('POST', '/1.0/storage-pools/default/volumes/custom', {
    name: volume,
    type: 'custom',
    config: {},
  });
  try {
    const name = await busybox(lxd, track, uniqueName('disk'));
    await page.goto(`/ui/project/default/instance/${name}/configuration/devices`);
    await page.getByRole('button', { name: 'Add disk' }).click();
    const card = page.getByRole('group', { name: 'disk1 (disk)' });
    await card.getByRole('combobox', { name: 'Storage pool' }).selectOption('default');
    const picker = card.getByRole('combobox', { name: 'Volume' });
    await expect(picker.getByRole('option', { name: volume, exact: true })).toBeAttached();
    await picker.selectOption(volume);
    await card.getByRole('textbox', { name: 'Path in the instance' }).fill('/mnt/data');
    await page.getByRole('button', { name: /^Save \d+ changes?$/ }).click();
    await expect
      .poll(
        async () =>
          (await lxd.get<{ devices: Record<string, unknown> }>(`/1.0/instances/${name}`)).devices
            .disk1,
      )
      .toEqual({ type: 'disk', pool: 'default', source: volume, path: '/mnt/data' });
    // The volume now names the instance among its users.
    const used = await lxd.get<{ used_by: string[] }>(
      `/1.0/storage-pools/default/volumes/custom/${volume}`,
    );
    expect(used.used_by).toContain(`/1.0/instances/${name}`);
    // The instance goes first: LXD refuses to delete a volume in use.
    await lxd.deleteInstance(name);
  } finally {
    await lxd.call('DELETE', `/1.0/storage-pools/default/volumes/custom/${volume}`);
  }
});
