import { expect, test, uniqueName } from '../fixtures';
import { createProject } from '../support/lxd-api';
import {
  createProfile,
  getProject,
  projectExists,
  removeProject,
} from '../support/profiles-projects';

test('create a project with restrictions and limits; the console switches to it', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('p6proj');
  try {
    await page.goto('/ui/projects/create');
    await expect(page.getByRole('heading', { name: 'Create a project' })).toBeVisible();
    const nameField = page.getByLabel('Name', { exact: true });
    await nameField.fill('has space');
    await nameField.blur();
    await expect(page.getByText('Project names may not contain spaces')).toBeVisible();
    await nameField.fill(name);
    await page.getByLabel('Description').fill('Made by the e2e test');

    const sections = page.getByRole('navigation', { name: 'Project form sections' });
    await sections.getByRole('button', { name: 'Resource limits' }).click();
    await page.getByLabel('Instances', { exact: true }).fill('5');
    await page.getByLabel('Memory', { exact: true }).fill('2');
    await page.getByLabel('Memory unit').selectOption('GiB');
    await page.getByLabel('CPU', { exact: true }).fill('x');
    await page.getByLabel('CPU', { exact: true }).blur();
    await expect(page.getByText('Enter a whole number of 0 or more')).toBeVisible();
    await page.getByLabel('CPU', { exact: true }).fill('4');

    await sections.getByRole('button', { name: 'Restrictions' }).click();
    // A user clicks the switch's label (the input itself sits under the slider).
    await page.getByText('Restrict this project').click();
    await expect(page.getByRole('switch', { name: 'Restrict this project' })).toBeChecked();
    await page.getByLabel('Container nesting').selectOption('allow');
    await page.getByLabel('gpu devices', { exact: true }).selectOption('allow');
    await page.getByRole('button', { name: 'Create project' }).click();

    await expect(page).toHaveURL(new RegExp(`/ui/project/${name}/instances$`));
    await expect(page.getByRole('button', { name: `Project ${name}` })).toBeVisible();

    const project = await getProject(lxd, name);
    expect(project.description).toBe('Made by the e2e test');
    expect(project.config).toMatchObject({
      'features.images': 'true',
      'features.profiles': 'true',
      'features.storage.volumes': 'true',
      'features.networks': 'false',
      'limits.instances': '5',
      'limits.memory': '2GiB',
      'limits.cpu': '4',
      restricted: 'true',
      'restricted.containers.nesting': 'allow',
      'restricted.devices.gpu': 'allow',
    });

    // The selector lists it.
    await page.getByRole('button', { name: `Project ${name}` }).click();
    await expect(
      page
        .getByRole('navigation', { name: 'Projects' })
        .getByRole('link', { name: new RegExp(`^${name}`) }),
    ).toBeVisible();
  } finally {
    await removeProject(lxd, name);
  }
});

test('edit a project with If-Match, rename it and delete it', async ({ page, lxd }) => {
  const name = uniqueName('p6edit');
  const renamed = `${name}-r`;
  await createProject(lxd, name, 'to edit');
  try {
    await page.goto(`/ui/project/${name}/configuration/resource-limits`);
    await page.getByLabel('Processes', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => (await getProject(lxd, name)).config['limits.processes'])
      .toBe('300');

    // YAML mode: the whole project as text.
    await page
      .getByRole('navigation', { name: 'Project form sections' })
      .getByRole('button', { name: 'YAML configuration' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${name}/configuration/yaml$`));
    await expect(page.getByRole('textbox', { name: 'Project YAML' })).toContainText(
      'limits.processes: "300"',
    );

    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename project' });
    await dialog.getByLabel('New name').fill('default');
    await expect(dialog.getByText('A project with this name already exists')).toBeVisible();
    await dialog.getByLabel('New name').fill(renamed);
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await expect(page).toHaveURL(new RegExp(`/ui/project/${renamed}/configuration/yaml$`));
    expect(await projectExists(lxd, name)).toBe(false);
    expect((await getProject(lxd, renamed)).config['limits.processes']).toBe('300');

    // Confirmed by typing the name; LXD 5.0.2 has no projects_force_delete: no Force option.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await expect(confirm.getByRole('checkbox')).toHaveCount(0);
    await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await confirm.getByLabel(`Type ${renamed} to confirm`).fill(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
    expect(await projectExists(lxd, renamed)).toBe(false);
    await page.getByRole('button', { name: /^Project / }).click();
    await expect(
      page
        .getByRole('navigation', { name: 'Projects' })
        .getByRole('link', { name: new RegExp(`^${renamed}`) }),
    ).toHaveCount(0);
  } finally {
    await removeProject(lxd, name);
    await removeProject(lxd, renamed);
  }
});

test('a conflicting edit keeps the form and says someone else changed it', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('p6conf');
  await createProject(lxd, name, 'first');
  try {
    await page.goto(`/ui/project/${name}/configuration`);
    await expect(page.getByLabel('Description')).toHaveValue('first');
    await page.getByLabel('Description').fill('mine');
    const current = await getProject(lxd, name);
    await lxd.run('PUT', `/1.0/projects/${name}`, {
      description: 'theirs',
      config: current.config,
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Someone else changed this project')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('mine');
    await page.getByRole('button', { name: 'Discard my changes and load theirs' }).click();
    await expect(page.getByLabel('Description')).toHaveValue('theirs');
  } finally {
    await removeProject(lxd, name);
  }
});

test('the default project cannot be deleted; a non-empty project says what it holds', async ({
  page,
  lxd,
}) => {
  await page.goto('/ui/project/default/configuration');
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveAttribute(
    'title',
    'The default project cannot be deleted',
  );
  await expect(page.getByRole('button', { name: 'Delete' })).toBeDisabled();

  const name = uniqueName('p6full');
  await createProject(lxd, name);
  try {
    await createProfile(lxd, 'extra', {}, name);
    await page.goto(`/ui/project/${name}/configuration`);
    await expect(page.getByText('This project holds 1 profile.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'title',
      'Only empty projects can be deleted. This project still holds 1 profile.',
    );
    await expect(page.getByRole('checkbox', { name: 'Images' })).toBeDisabled();
  } finally {
    await removeProject(lxd, name);
  }
});
