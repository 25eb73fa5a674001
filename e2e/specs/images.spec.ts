import { expect, test, uniqueName, INCUS } from '../fixtures';
import { createProject, deleteProject } from '../support/lxd-api';
import {
  buildSplitImage,
  buildUnifiedImage,
  deleteImageQuietly,
  importImage,
  removeImageFiles,
} from '../support/images';

interface Image {
  fingerprint: string;
  public: boolean;
  type: string;
  aliases: { name: string }[] | null;
  properties: Record<string, string> | null;
}

test.afterAll(() => {
  removeImageFiles();
});

test(
  'uploads an image file with progress, then launches an instance from it',
  INCUS,
  async ({ page, lxd, track, server }) => {
    const image = buildUnifiedImage('e2e upload');
    try {
      await page.goto('/ui/project/default/images');
      await page.getByRole('button', { name: 'Upload image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload image' });
      await dialog.getByLabel('Image file').setInputFiles(image.path);
      await dialog.getByRole('checkbox', { name: /^Public/ }).check({ force: true });
      await dialog.getByRole('button', { name: 'Upload' }).click();

      const progress = dialog.getByRole('progressbar', { name: 'Upload progress' });
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      await expect(dialog).toContainText('100% ·');
      await expect(dialog.getByText('Image imported')).toBeVisible();

      const uploaded = await lxd.get<Image>(`/1.0/images/${image.fingerprint}?project=default`);
      expect(uploaded.public).toBe(true);
      expect(uploaded.properties?.description).toBe(image.description);

      await dialog.getByRole('button', { name: 'Done' }).click();
      const row = page.getByRole('row', { name: new RegExp(image.description) });
      await expect(row).toContainText(image.fingerprint.slice(0, 12));
      // Public is in the Columns menu (hidden by default): shown, the row says Yes.
      await page.getByRole('button', { name: 'Columns' }).click();
      await page.getByRole('checkbox', { name: 'Public' }).check({ force: true });
      await page.keyboard.press('Escape');
      await expect(row).toContainText('Yes');

      // "Create instance" opens the instance form with the image chosen; the instance made
      // there runs from it.
      await row.getByRole('link', { name: `Create instance from ${image.description}` }).click();
      await expect(page).toHaveURL(/\/ui\/project\/default\/instances\/create\?image=/);
      await expect(
        page.getByText(`${image.fingerprint.slice(0, 12)} (${image.description}, `),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Change image' })).toBeVisible();
      await expect(page.getByLabel('Instance type')).toHaveValue('container');
      const name = track(uniqueName('from-image'));
      await page.getByLabel('Instance name').fill(name);
      await page.getByRole('button', { name: 'Create and start' }).click();
      await expect(page).toHaveURL(new RegExp(`/ui/project/default/instance/${name}$`), {
        timeout: 30_000,
      });
      const created = await lxd.get<{ status: string; config: Record<string, string> }>(
        `/1.0/instances/${name}?project=default`,
      );
      expect(created.config['volatile.base_image']).toBe(image.fingerprint);
      expect(created.status).toBe('Running');
      await lxd.deleteInstance(name);
    } finally {
      await deleteImageQuietly(image.fingerprint, 'default', server);
    }
  },
);

test('uploads a split image (metadata and root file system)', async ({ page, lxd }) => {
  const image = buildSplitImage('e2e split');
  try {
    await page.goto('/ui/project/default/images');
    await page.getByRole('button', { name: 'Upload image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload image' });
    await dialog.getByRole('radio', { name: /Split image/ }).check({ force: true });
    await dialog.getByLabel('Metadata file').setInputFiles(image.metadata);
    await dialog.getByLabel('Root file system file').setInputFiles(image.rootfs);
    await dialog.getByLabel('Alias (optional)').fill(uniqueName('split'));
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText('Image imported')).toBeVisible();
    const uploaded = await lxd.get<Image>(`/1.0/images/${image.fingerprint}?project=default`);
    expect(uploaded.type).toBe('container');
    expect(uploaded.public).toBe(false);
    expect(uploaded.aliases).toHaveLength(1);
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('cancels an upload', async ({ page, lxd }) => {
  const image = buildUnifiedImage('e2e cancel');
  try {
    await page.goto('/ui/project/default/images');
    await page.getByRole('button', { name: 'Upload image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload image' });
    await dialog.getByLabel('Image file').setInputFiles(image.path);
    // Slow the upload down (about 1 MB at 64 KiB/s) so it can be cancelled midway. Only now:
    // changing the conditions fails requests in flight (net::ERR_NETWORK_CHANGED), and a
    // screen's code that failed to load stays failed until the page is reloaded.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await expect(dialog.getByText('The upload was cancelled. Nothing was imported.')).toBeVisible();
    // The file is still chosen: Upload works again without choosing it anew.
    await expect(dialog.getByText(`Selected: ${image.name}`)).toBeVisible();
    const response = await lxd
      .get(`/1.0/images/${image.fingerprint}?project=default`)
      .catch((error: unknown) => error);
    expect(String(response)).toContain('404');
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('adds and removes an alias', async ({ page, lxd }) => {
  const image = buildUnifiedImage('e2e alias');
  const alias = uniqueName('alias');
  await importImage(image);
  try {
    await page.goto('/ui/project/default/images');
    await page.getByRole('button', { name: `Manage aliases of ${image.description}` }).click();
    const dialog = page.getByRole('dialog', { name: `Aliases of ${image.description}` });
    await dialog.getByLabel('New alias').fill(alias);
    await dialog.getByRole('button', { name: 'Add alias' }).click();
    await expect(dialog.getByRole('button', { name: `Remove alias ${alias}` })).toBeVisible();
    const created = await lxd.get<{ target: string }>(
      `/1.0/images/aliases/${alias}?project=default`,
    );
    expect(created.target).toBe(image.fingerprint);

    // The same name again is refused next to the field.
    await dialog.getByLabel('New alias').fill(alias);
    await dialog.getByRole('button', { name: 'Add alias' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This image already has this alias');

    await dialog.getByRole('button', { name: `Remove alias ${alias}` }).click();
    await expect(dialog.getByText('This image has no aliases.')).toBeVisible();
    const aliases = await lxd.get<string[]>('/1.0/images/aliases?project=default');
    expect(aliases).not.toContain(`/1.0/images/aliases/${alias}`);
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('deletes two images at once and counts a failure', INCUS, async ({ page, lxd, server }) => {
  const first = buildUnifiedImage('e2e bulk one');
  const second = buildUnifiedImage('e2e bulk two');
  await importImage(first, 'default', server);
  await importImage(second, 'default', server);
  try {
    await page.goto('/ui/project/default/images');
    await page
      .getByRole('checkbox', { name: `Select ${first.description}` })
      .check({ force: true });
    await page
      .getByRole('checkbox', { name: `Select ${second.description}` })
      .check({ force: true });
    await page.getByRole('button', { name: 'Delete 2 images' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete 2 images' });
    await expect(dialog).toContainText(first.description);

    // Someone else deletes the second image just before the confirmation; the list behind the
    // dialog follows (lifecycle event), the dialog still deletes the two images it listed.
    await deleteImageQuietly(second.fingerprint, 'default', server);
    await expect(page.getByRole('row', { name: new RegExp(second.description) })).toHaveCount(0);
    await expect(dialog).toContainText(second.description);
    await dialog.getByRole('button', { name: 'Delete' }).click();

    const summary = page.getByText('1 image deleted, 1 failed');
    await expect(summary).toBeVisible();
    await expect(
      page.getByText(`${second.description} (${second.fingerprint.slice(0, 12)}):`),
    ).toBeVisible();
    const images = await lxd.get<string[]>('/1.0/images?project=default');
    expect(images).not.toContain(`/1.0/images/${first.fingerprint}`);
    await expect(page.getByRole('row', { name: new RegExp(first.description) })).toHaveCount(0);
  } finally {
    await deleteImageQuietly(first.fingerprint, 'default', server);
    await deleteImageQuietly(second.fingerprint, 'default', server);
  }
});

test('the all-projects list shows the images of a second project', async ({ page, lxd }) => {
  const project = uniqueName('img');
  const image = buildUnifiedImage('e2e other project');
  await createProject(lxd, project);
  try {
    await lxd.call('PATCH', `/1.0/projects/${project}`, { config: { 'features.images': 'true' } });
    await importImage(image, project);
    await page.goto('/ui/project/default/images');
    await expect(page.getByRole('heading', { name: /Images/, level: 1 })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(image.description) })).toHaveCount(0);
    // LXD 5.0.2 has no images_all_projects: the console asks each project in turn.
    // The switch follows the URL, so it turns on once the router has moved to ?all-projects=1.
    const allProjects = page.getByRole('switch', { name: 'All projects' });
    await allProjects.click({ force: true });
    await expect(allProjects).toBeChecked();
    const row = page.getByRole('row', { name: new RegExp(image.description) });
    await expect(row).toContainText(project);
    await expect(page).toHaveURL(/all-projects=1/);
  } finally {
    await deleteImageQuietly(image.fingerprint, project);
    await deleteProject(lxd, project);
  }
});

test('an image is published from a stopped instance and from a snapshot of a running one', async ({
  page,
  lxd,
  track,
}) => {
  const stopped = track(uniqueName('pub'));
  const running = track(uniqueName('pub'));
  await lxd.createInstance(stopped);
  await lxd.createInstance(running, { start: true });
  await lxd.run('POST', `/1.0/instances/${running}/snapshots`, { name: 'snap0' });
  const created: string[] = [];
  try {
    // A running instance cannot be published: the button says why.
    await page.goto(`/ui/project/default/instance/${running}`);
    const publishRunning = page.getByRole('button', { name: 'Create image' });
    await expect(publishRunning).toBeDisabled();
    await expect(publishRunning).toHaveAttribute('title', /Stop the instance/);

    // From its snapshot instead, with an alias.
    const snapAlias = uniqueName('snapimg');
    await page.goto(`/ui/project/default/instance/${running}/snapshots`);
    await page.getByRole('button', { name: 'Create image from snap0' }).click();
    const fromSnapshot = page.getByRole('dialog', { name: 'Create image from snapshot snap0' });
    await fromSnapshot.getByLabel('Alias (optional)').fill(snapAlias);
    await fromSnapshot.getByRole('button', { name: 'Create image' }).click();
    await expect(fromSnapshot).toBeHidden({ timeout: 30_000 });
    const snapTarget = await lxd.get<{ target: string }>(`/1.0/images/aliases/${snapAlias}`);
    created.push(snapTarget.target);

    // From the stopped instance, public, with a description.
    const alias = uniqueName('pubimg');
    await page.goto(`/ui/project/default/instance/${stopped}`);
    await page.getByRole('button', { name: 'Create image' }).click();
    const dialog = page.getByRole('dialog', { name: `Create image from ${stopped}` });
    await dialog.getByLabel('Alias (optional)').fill(alias);
    await dialog.getByLabel('Description (optional)').fill('published by e2e');
    await dialog.getByRole('checkbox', { name: /^Public/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Create image' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    const { target } = await lxd.get<{ target: string }>(`/1.0/images/aliases/${alias}`);
    created.push(target);
    const image = await lxd.get<Image>(`/1.0/images/${target}`);
    expect(image.public).toBe(true);
    expect(image.properties?.description).toBe('published by e2e');
    await expect(page.getByText('Image created')).toBeVisible();
  } finally {
    for (const fingerprint of created) await deleteImageQuietly(fingerprint);
  }
});
