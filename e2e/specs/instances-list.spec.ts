import { expect, test, uniqueName, INCUS } from '../fixtures';
import { createSharingProject, waitForStatus } from '../support/instances-list';
import { deleteProject } from '../support/lxd-api';

const searchUrl = (search: string, project = 'default') =>
  `/ui/project/${project}/instances?search=${encodeURIComponent(search)}`;

test(
  'the instance list shows real instances with their status',
  INCUS,
  async ({ page, lxd, track }) => {
    const running = track(uniqueName('run'));
    const stopped = track(uniqueName('stop'));
    await lxd.createInstance(running, { start: true });
    await lxd.createInstance(stopped);

    await page.goto('/ui/project/default/instances');
    const table = page.getByRole('table', { name: 'Instances' });
    await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toContainText(
      'running',
    );
    await expect(table.getByRole('row', { name: new RegExp(`^${stopped} `) })).toContainText(
      'stopped',
    );
    expect((await lxd.instance(running)).status).toBe('Running');
  },
);

test('the root path redirects to the default project instances', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/ui\/project\/default\/instances$/);
  await expect(page.getByRole('heading', { name: 'Instances', level: 1 })).toBeVisible();
});

test(
  'bulk stop, then start, of a running and a stopped instance',
  INCUS,
  async ({ page, lxd, track }) => {
    const prefix = uniqueName('bulk');
    const running = track(`${prefix}-a`);
    const stopped = track(`${prefix}-b`);
    await lxd.createInstance(running, { start: true });
    await lxd.createInstance(stopped);

    await page.goto(searchUrl(prefix));
    const table = page.getByRole('table', { name: 'Instances' });
    await expect(table.getByRole('row', { name: new RegExp(`^${prefix}`) })).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();

    await page
      .getByRole('toolbar', { name: 'Selected instances' })
      .getByRole('button', {
        name: 'Stop',
        exact: true,
      })
      .click();
    const stopDialog = page.getByRole('dialog', { name: 'Stop 2 instances' });
    await expect(stopDialog.getByRole('list', { name: 'Instances to be stopped' })).toContainText(
      running,
    );
    await expect(stopDialog.getByRole('list', { name: 'Skipped instances' })).toContainText(
      `${stopped} (stopped)`,
    );
    // Vanilla draws the checkbox on its label.
    await stopDialog.getByText('Force stop', { exact: true }).click();
    await expect(stopDialog.getByRole('checkbox', { name: 'Force stop' })).toBeChecked();
    await stopDialog.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByText('1 instance stopped, 1 skipped')).toBeVisible();
    expect((await lxd.instance(running)).status).toBe('Stopped');
    expect((await lxd.instance(stopped)).status).toBe('Stopped');
    await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toContainText(
      'stopped',
    );

    await page.getByRole('checkbox', { name: 'Select all 2 shown instances' }).check();
    await page
      .getByRole('toolbar', { name: 'Selected instances' })
      .getByRole('button', {
        name: 'Start',
        exact: true,
      })
      .click();
    const startDialog = page.getByRole('dialog', { name: 'Start 2 instances' });
    await startDialog.getByRole('button', { name: 'Start 2 instances' }).click();
    await expect(page.getByText('2 instances started')).toBeVisible();
    expect((await lxd.instance(running)).status).toBe('Running');
    expect((await lxd.instance(stopped)).status).toBe('Running');
    await expect(table.getByRole('row', { name: new RegExp(`^${stopped} `) })).toContainText(
      'running',
    );
  },
);

test('freeze and unfreeze from the row', async ({ page, lxd, track }) => {
  const name = track(uniqueName('frz'));
  await lxd.createInstance(name, { start: true });

  await page.goto(searchUrl(name));
  const row = page.getByRole('table', { name: 'Instances' }).getByRole('row', {
    name: new RegExp(`^${name} `),
  });
  await row.getByRole('button', { name: `Freeze ${name}` }).click();
  await expect(row).toContainText('frozen');
  await waitForStatus(lxd, name, 'Frozen');

  await row.getByRole('button', { name: `Unfreeze ${name}` }).click();
  await expect(row).toContainText('running');
  await waitForStatus(lxd, name, 'Running');
});

test('the search stays in the URL through a reload', async ({ page, lxd, track }) => {
  const prefix = uniqueName('flt');
  const running = track(`${prefix}-a`);
  const stopped = track(`${prefix}-b`);
  await lxd.createInstance(running, { start: true });
  await lxd.createInstance(stopped);

  await page.goto('/ui/project/default/instances');
  const box = page.getByRole('searchbox', { name: 'Search and filter instances' });
  await box.fill(`${prefix} status:stopped`);
  await expect(page).toHaveURL(/[?&]search=/);
  await page.reload();
  await expect(box).toHaveValue(`${prefix} status:stopped`);
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${stopped} `) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^${running} `) })).toHaveCount(0);
});

test('an instance created through the API appears without a reload', async ({
  page,
  lxd,
  track,
}) => {
  const prefix = uniqueName('evt');
  const first = track(`${prefix}-a`);
  await lxd.createInstance(first);
  await page.goto(searchUrl(prefix));
  const table = page.getByRole('table', { name: 'Instances' });
  await expect(table.getByRole('row', { name: new RegExp(`^${first} `) })).toBeVisible();

  const second = track(`${prefix}-b`);
  await lxd.createInstance(second);
  await expect(table.getByRole('row', { name: new RegExp(`^${second} `) })).toBeVisible();
});

test('all projects shows the instances of another project', async ({ page, lxd }) => {
  const project = uniqueName('prj').slice(0, 30);
  const name = uniqueName('other');
  await createSharingProject(lxd, project);
  try {
    await lxd.createInstance(name, { project });
    await page.goto(`/ui/all-projects/instances?search=${encodeURIComponent(name)}`);
    const table = page.getByRole('table', { name: 'Instances' });
    await expect(table.getByRole('columnheader', { name: 'Project' })).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(`^${name} `) });
    await expect(row).toContainText(project);
    await expect(row.getByRole('link', { name })).toHaveAttribute(
      'href',
      `/ui/project/${project}/instance/${name}`,
    );
    await expect(page.getByRole('link', { name: 'Create instance' })).toHaveCount(0);
  } finally {
    await lxd.deleteInstance(name, project);
    await deleteProject(lxd, project);
  }
});
