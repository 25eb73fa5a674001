/**
 * Issue 16 against the real LXD: a project created with a default storage pool and network
 * (its default profile gets root and eth0), and a project's Usage page.
 */
import { expect, test, uniqueName } from '../fixtures';
import { removeProject } from '../support/profiles-projects';

interface Device {
  type: string;
  [key: string]: string;
}

test('a project created with a default pool and network has them in its default profile', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('c3def');
  const pools = (await lxd.get<string[]>('/1.0/storage-pools')).map(
    (url) => url.split('/').pop() ?? '',
  );
  const networks = (
    await lxd.get<{ name: string; managed: boolean }[]>('/1.0/networks?recursion=1')
  )
    .filter((network) => network.managed)
    .map((network) => network.name);
  const pool = pools[0];
  const network = networks[0];
  if (!pool || !network) throw new Error('The e2e LXD has no storage pool or managed network');
  try {
    await page.goto('/ui/projects/create');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Default storage pool' }).selectOption(pool);
    await page.getByRole('combobox', { name: 'Default network' }).selectOption(network);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${name}/instances$`));
    const profile = await lxd.get<{ devices: Record<string, Device> }>(
      `/1.0/profiles/default?project=${name}`,
    );
    expect(profile.devices).toEqual({
      root: { type: 'disk', pool, path: '/' },
      eth0: { type: 'nic', network, name: 'eth0' },
    });
  } finally {
    await removeProject(lxd, name);
  }
});

test('the Usage page shows a container against limits.instances=3', async ({ page, lxd }) => {
  const project = uniqueName('c3use');
  const instance = uniqueName('c3c');
  // Images and profiles from the default project, so that busybox launches as it does there.
  await lxd.call('POST', '/1.0/projects', {
    name: project,
    config: { 'features.images': 'false', 'features.profiles': 'false', 'limits.instances': '3' },
  });
  try {
    await lxd.createInstance(instance, { project });
    await page.goto(`/ui/project/${project}/instances`);
    await page.getByRole('link', { name: 'Usage', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${project}/usage$`));
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: 'Resource usage' });
    await expect(list.getByRole('meter', { name: 'Instances' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 3',
    );
    await expect(list.getByRole('listitem').filter({ hasText: 'Instances' })).toContainText(
      '1 of 3',
    );
    await expect(list.getByRole('meter', { name: 'Containers' })).toHaveAttribute(
      'aria-valuetext',
      '1 (no limit)',
    );
  } finally {
    await lxd.deleteInstance(instance, project);
    await removeProject(lxd, project);
  }
});
