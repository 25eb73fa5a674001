import { expect, test, uniqueName } from '../fixtures';
import {
  createProfile,
  getProfile,
  removeProfile,
  removeProject,
} from '../support/profiles-projects';

test('copy a profile to a new name in its project and to another project', async ({
  page,
  lxd,
}) => {
  const source = uniqueName('c2prof');
  const sameProject = `${source}-copy`;
  const other = uniqueName('c2proj');
  const otherCopy = uniqueName('c2cp');
  const body = {
    description: 'Copied by the e2e test',
    config: { 'limits.memory': '128MiB' },
    devices: { data: { type: 'disk', path: '/data', source: '/tmp' } },
  };
  try {
    await createProfile(lxd, source, body);
    await lxd.run('POST', '/1.0/projects', {
      name: other,
      config: { 'features.profiles': 'true' },
    });

    await page.goto(`/ui/project/default/profile/${source}`);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: `Copy profile ${source}` });
    await expect(dialog.getByLabel('New profile name')).toHaveValue(sameProject);
    // The source's own name is taken in its project.
    await dialog.getByLabel('New profile name').fill(source);
    await expect(dialog.getByText('A profile with this name already exists')).toBeVisible();
    await dialog.getByLabel('New profile name').fill(sameProject);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/default/profile/${sameProject}$`));
    const copied = await getProfile(lxd, sameProject);
    expect(copied.description).toBe(body.description);
    expect(copied.config).toEqual(body.config);
    expect(copied.devices).toEqual(body.devices);

    await page.goto(`/ui/project/default/profile/${source}`);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    dialog = page.getByRole('dialog', { name: `Copy profile ${source}` });
    await dialog.getByLabel('Target project').selectOption(other);
    await dialog.getByLabel('New profile name').fill(otherCopy);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${other}/profile/${otherCopy}$`));
    await expect(page.getByRole('heading', { name: otherCopy, level: 1 })).toBeVisible();
    const elsewhere = await getProfile(lxd, otherCopy, other);
    expect(elsewhere.config).toEqual(body.config);
    expect(elsewhere.devices).toEqual(body.devices);
  } finally {
    await removeProject(lxd, other);
    await removeProfile(lxd, sameProject);
    await removeProfile(lxd, source);
  }
});
