import { expect, test, uniqueName, INCUS } from '../fixtures';
import {
  createProfile,
  getProfile,
  profileExists,
  removeProfile,
} from '../support/profiles-projects';

test(
  'create a profile with a memory limit and a disk, attach it, see who uses it',
  INCUS,
  async ({ page, lxd }) => {
    const profile = uniqueName('p6prof');
    const instance = uniqueName('p6c');
    try {
      await page.goto('/ui/project/default/profiles');
      await expect(page.getByRole('heading', { name: 'Profiles', level: 1 })).toBeVisible();
      await page.getByRole('link', { name: 'Create profile' }).click();
      await expect(page).toHaveURL(/\/ui\/project\/default\/profiles\/create$/);

      await page.getByLabel('Name', { exact: true }).fill(profile);
      await page.getByLabel('Description').fill('Made by the e2e test');
      const sections = page.getByRole('navigation', { name: 'Profile configuration sections' });
      await sections.getByRole('button', { name: 'Resource limits' }).click();
      await page.getByLabel('Memory limit').fill('256MiB');
      await sections.getByRole('button', { name: 'Devices' }).click();
      await page.getByRole('button', { name: 'Add disk' }).click();
      const disk = page.getByRole('group', { name: 'disk1 (disk)' });
      await disk.getByLabel('Path in the instance').fill('/data');
      await disk.getByLabel('Host path').fill('/tmp');
      await page.getByRole('button', { name: 'Create profile' }).click();

      await expect(page).toHaveURL(new RegExp(`/ui/project/default/profile/${profile}$`));
      const created = await getProfile(lxd, profile);
      expect(created.description).toBe('Made by the e2e test');
      expect(created.config['limits.memory']).toBe('256MiB');
      expect(created.devices.disk1).toEqual({ type: 'disk', path: '/data', source: '/tmp' });

      // Attach it to a new instance through the API, then see the instance under "Used by".
      await lxd.createInstance(instance, { profiles: ['default', profile] });
      await page.reload();
      const group = page.getByRole('region', { name: 'Instances in project default' });
      await expect(group.getByRole('link', { name: instance, exact: true })).toHaveAttribute(
        'href',
        `/ui/project/default/instance/${instance}`,
      );
      await group.getByRole('link', { name: 'Show in the instance list' }).click();
      await expect(page).toHaveURL(
        new RegExp(`/ui/project/default/instances\\?search=profile(:|%3A)${profile}$`),
      );
      await expect(page.getByRole('main').getByText(instance, { exact: true })).toBeVisible();

      // The list counts it.
      await page.goto(`/ui/project/default/profiles?search=${profile}`);
      const row = page.getByRole('row', { name: new RegExp(profile) });
      await expect(row).toContainText('1 instance');
    } finally {
      await lxd.deleteInstance(instance);
      await removeProfile(lxd, profile);
    }
  },
);

test('rename and delete a profile', async ({ page, lxd }) => {
  const name = uniqueName('p6ren');
  const renamed = `${name}-new`;
  await createProfile(lxd, name, { description: 'to rename' });
  try {
    await page.goto(`/ui/project/default/profile/${name}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename profile' });
    await dialog.getByLabel('New name').fill('bad/name');
    await expect(dialog.getByText('Profile names may not contain slashes')).toBeVisible();
    await dialog.getByLabel('New name').fill(renamed);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/default/profile/${renamed}$`));
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    expect(await profileExists(lxd, name)).toBe(false);
    expect((await getProfile(lxd, renamed)).description).toBe('to rename');

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete profile' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/profiles$/);
    expect(await profileExists(lxd, renamed)).toBe(false);
  } finally {
    await removeProfile(lxd, name);
    await removeProfile(lxd, renamed);
  }
});

test('the default profile and a profile in use cannot be deleted, with the reason', async ({
  page,
  lxd,
}) => {
  await page.goto('/ui/project/default/profile/default');
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveAttribute(
    'title',
    'The default profile cannot be deleted',
  );
  await expect(page.getByRole('button', { name: 'Rename' })).toHaveAttribute(
    'title',
    'The default profile cannot be renamed',
  );

  const name = uniqueName('p6use');
  const instance = uniqueName('p6u');
  await createProfile(lxd, name);
  try {
    await lxd.createInstance(instance, { profiles: ['default', name] });
    await page.goto(`/ui/project/default/profile/${name}`);
    const remove = page.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAttribute(
      'title',
      'This profile is used by 1 instance. Remove it from them before deleting it.',
    );
  } finally {
    await lxd.deleteInstance(instance);
    await removeProfile(lxd, name);
  }
});

test('a save sends If-Match; a conflict keeps the edits and can overwrite', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('p6etag');
  await createProfile(lxd, name, { description: 'first', config: { 'limits.cpu': '1' } });
  try {
    await page.goto(`/ui/project/default/profile/${name}/configuration`);
    const description = page.getByLabel('Description');
    await expect(description).toHaveValue('first');
    await description.fill('mine');

    // Someone else changes the profile meanwhile.
    await lxd.run('PUT', `/1.0/profiles/${name}`, {
      description: 'theirs',
      config: { 'limits.cpu': '2' },
      devices: {},
    });
    await page.getByRole('button', { name: /^Save/ }).click();
    await expect(page.getByText('Someone else changed this profile')).toBeVisible();
    await expect(description).toHaveValue('mine');
    expect((await getProfile(lxd, name)).description).toBe('theirs');

    await page.getByRole('button', { name: 'Save my changes anyway' }).click();
    await expect(page.getByText('Someone else changed this profile')).toHaveCount(0);
    await expect.poll(async () => (await getProfile(lxd, name)).description).toBe('mine');

    // YAML mode edits config as text.
    await page
      .getByRole('navigation', { name: 'Profile configuration sections' })
      .getByRole('button', { name: 'YAML configuration' })
      .click();
    await expect(page.getByRole('textbox', { name: 'YAML configuration' })).toContainText(
      'description: mine',
    );
  } finally {
    await removeProfile(lxd, name);
  }
});

test('the list searches by name and description', async ({ page, lxd }) => {
  const name = uniqueName('p6srch');
  await createProfile(lxd, name, { description: 'Findable by its words' });
  try {
    await page.goto('/ui/project/default/profiles');
    await page.getByRole('searchbox', { name: 'Search profiles' }).fill('findable BY its');
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'default', exact: true })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search profiles' }).fill('zz-nothing-matches');
    await expect(page.getByRole('heading', { name: 'No profiles match the search' })).toBeVisible();
  } finally {
    await removeProfile(lxd, name);
  }
});
