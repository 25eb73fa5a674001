import { readFile } from 'node:fs/promises';
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { busybox, snapshotNames } from '../support/instance-ui';

const detail = (name: string, tab: string) => `/ui/project/default/instance/${name}/${tab}`;
const filesApi = (name: string, path: string) =>
  `/1.0/instances/${name}/files?path=${encodeURIComponent(path)}`;

test(
  'the files tab browses, uploads, downloads, makes a directory and deletes',
  INCUS,
  async ({ page, lxd, track }) => {
    const name = await busybox(lxd, track, uniqueName('files'), { start: true });
    await page.goto(detail(name, 'files'));
    const list = () => page.getByRole('table', { name: /^Files in / });
    await expect(page.getByRole('table', { name: 'Files in /' })).toBeVisible();
    await expect(list().getByRole('link', { name: 'bin/', exact: true })).toBeVisible();
    await expect(list().getByRole('row', { name: 'etc directory', exact: true })).toBeVisible();

    // Into /etc and back up through the breadcrumb.
    await list().getByRole('link', { name: 'etc/', exact: true }).click();
    await expect(page).toHaveURL(/\/files\?path=%2Fetc$/);
    await expect(page.getByRole('table', { name: 'Files in /etc' })).toBeVisible();
    await expect(list().getByRole('row', { name: 'passwd file', exact: true })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Path' })
      .getByRole('link', { name: 'Root /', exact: true })
      .click();
    await expect(page.getByRole('table', { name: 'Files in /' })).toBeVisible();

    // A link says where it points.
    await list().getByRole('link', { name: 'linuxrc', exact: true }).click();
    await expect(page.getByText('/linuxrc is a link to')).toBeVisible();
    await expect(page.getByRole('link', { name: '/bin/busybox' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('table', { name: 'Files in /' })).toBeVisible();

    // Upload a small file into /tmp, check it in LXD, download it back.
    await list().getByRole('link', { name: 'tmp/', exact: true }).click();
    await expect(page.getByText('/tmp is empty')).toBeVisible();
    const content = `hello from the console ${name}\n`;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload file' }).first().click();
    await (
      await chooser
    ).setFiles({ name: 'greeting.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
    await expect(list().getByRole('row', { name: 'greeting.txt file', exact: true })).toBeVisible();
    expect((await lxd.download(filesApi(name, '/tmp/greeting.txt'))).toString()).toBe(content);

    const downloading = page.waitForEvent('download');
    await list().getByRole('button', { name: 'Download greeting.txt' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('greeting.txt');
    expect((await readFile(await download.path())).toString()).toBe(content);

    // A directory: the name is checked, then it is made.
    await page.getByRole('button', { name: 'Create directory' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a directory in /tmp' });
    await dialog.getByLabel('Directory name').fill('greeting.txt');
    await dialog.getByRole('button', { name: 'Create directory' }).click();
    await expect(dialog.getByText('An entry with this name already exists here')).toBeVisible();
    await dialog.getByLabel('Directory name').fill('made-here');
    await dialog.getByRole('button', { name: 'Create directory' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      list().getByRole('row', { name: 'made-here directory', exact: true }),
    ).toBeVisible();
    const dirs = await lxd.call<string[]>('GET', filesApi(name, '/tmp'));
    expect(dirs.metadata).toContain('made-here');

    // Delete the file and the directory.
    for (const entry of ['greeting.txt', 'made-here']) {
      await list()
        .getByRole('button', { name: `Delete ${entry}` })
        .click();
      await page
        .getByRole('dialog', { name: `Delete ${entry}` })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(list().getByRole('row', { name: new RegExp(`^${entry} `) })).toHaveCount(0);
    }
    const left = await lxd.call<string[]>('GET', filesApi(name, '/tmp'));
    expect(left.metadata).not.toContain('greeting.txt');
    expect(left.metadata).not.toContain('made-here');
  },
);

test("a snapshot's expiry is set and two snapshots are deleted at once", async ({
  page,
  lxd,
  track,
}) => {
  const name = await busybox(lxd, track, uniqueName('snapx'));
  for (const snapshot of ['one', 'two', 'three']) {
    await lxd.run('POST', `/1.0/instances/${name}/snapshots`, { name: snapshot });
  }
  await page.goto(detail(name, 'snapshots'));
  const table = page.getByRole('table', { name: 'Snapshots' });
  await table.getByRole('button', { name: 'Edit expiry of one' }).click();
  const dialog = page.getByRole('dialog', { name: 'Expiry of one' });
  await dialog.getByLabel('Expires at').fill('2020-01-01T10:00');
  await dialog.getByRole('button', { name: 'Save expiry' }).click();
  await expect(dialog.getByText('The expiry must be in the future')).toBeVisible();
  await dialog.getByLabel('Expires at').fill('2040-06-01T12:30');
  await dialog.getByRole('button', { name: 'Save expiry' }).click();
  await expect(dialog).toBeHidden();
  const snap = await lxd.get<{ expires_at: string }>(`/1.0/instances/${name}/snapshots/one`);
  expect(new Date(snap.expires_at).getUTCFullYear()).toBe(2040);
  expect(snap.expires_at).toMatch(/^2040-06-01/);

  // Empty: never again.
  await table.getByRole('button', { name: 'Edit expiry of one' }).click();
  await dialog.getByLabel('Expires at').fill('');
  await dialog.getByRole('button', { name: 'Save expiry' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(
      async () =>
        (await lxd.get<{ expires_at: string }>(`/1.0/instances/${name}/snapshots/one`)).expires_at,
    )
    .toMatch(/^0001-01-01/);

  await table.getByRole('checkbox', { name: 'Select one' }).check();
  await table.getByRole('checkbox', { name: 'Select three' }).check();
  await page
    .getByRole('toolbar', { name: 'Selected snapshots' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete 2 snapshots' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('2 snapshots deleted')).toBeVisible();
  expect(await snapshotNames(lxd, name)).toEqual(['two']);
});
