import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, uniqueName, INCUS, type ServerUnderTest } from '../fixtures';
import { seriousViolations } from '../support/settings';
import { INCUS_NAME, STATE_ROOT } from '../support/env';
import type { LxdApi } from '../support/lxd-api';

/** Where the e2e LXD's (or Incus's) `dir` pools keep a custom volume of project default. */
const volumeDir = (pool: string, name: string, server: ServerUnderTest = 'lxd') =>
  path.join(
    STATE_ROOT,
    server === 'incus' ? INCUS_NAME : 'e2e',
    'lxd',
    'storage-pools',
    pool,
    'custom',
    `default_${name}`,
  );

const volumeUrl = (pool: string, name: string) =>
  `/1.0/storage-pools/${pool}/volumes/custom/${name}?project=default`;

interface Volume {
  name: string;
  description: string;
  config: Record<string, string>;
  used_by: string[] | null;
}

async function volumeExists(lxd: LxdApi, pool: string, name: string): Promise<boolean> {
  try {
    await lxd.get(volumeUrl(pool, name));
    return true;
  } catch {
    return false;
  }
}

async function createVolume(lxd: LxdApi, pool: string, name: string, config = {}) {
  await lxd.run('POST', `/1.0/storage-pools/${pool}/volumes/custom?project=default`, {
    name,
    type: 'custom',
    config,
  });
}

/** Deletes a custom volume and its snapshots; a missing one is fine. */
async function removeVolume(lxd: LxdApi, pool: string, name: string) {
  if (!(await volumeExists(lxd, pool, name))) return;
  const snapshots = await lxd.get<string[]>(
    `/1.0/storage-pools/${pool}/volumes/custom/${name}/snapshots?project=default`,
  );
  for (const url of snapshots) {
    await lxd.run('DELETE', `${url.split('?')[0] ?? url}?project=default`).catch(() => undefined);
  }
  await lxd.run('DELETE', volumeUrl(pool, name));
}

async function createDirPool(lxd: LxdApi, name: string) {
  await lxd.run('POST', '/1.0/storage-pools', { name, driver: 'dir', config: {} });
}

async function removePool(lxd: LxdApi, name: string) {
  try {
    const volumes = await lxd.get<string[]>(
      `/1.0/storage-pools/${name}/volumes/custom?project=default`,
    );
    for (const url of volumes) {
      await removeVolume(lxd, name, decodeURIComponent(url.split('/').pop() ?? ''));
    }
    await lxd.run('DELETE', `/1.0/storage-pools/${name}`);
  } catch {
    // Already gone.
  }
}

/** What each test made, undone after it whatever the outcome (a timeout included). */
const cleanups: ((lxd: LxdApi) => Promise<unknown> | undefined)[] = [];
const later = (cleanup: (lxd: LxdApi) => Promise<unknown> | undefined) => {
  cleanups.push(cleanup);
};

test.afterEach(async ({ lxd }) => {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      await cleanup(lxd);
    } catch {
      // Gone already, or the test never made it.
    }
  }
});

async function expectNoSeriousViolations(page: Page, where: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main .loader')).toHaveCount(0);
  const serious = await seriousViolations(page, where);
  expect(serious).toEqual([]);
}

test(
  'a custom volume: created through the form, listed, resized, snapshotted, restored, renamed, copied, deleted',
  INCUS,
  async ({ page, lxd, server }) => {
    const name = uniqueName('e2evol');
    const renamed = `${name}-new`;
    const copy = `${name}-copy`;
    const otherPool = uniqueName('e2epool');
    later((api) => removePool(api, otherPool));
    later((api) => removeVolume(api, 'default', renamed));
    later((api) => removeVolume(api, 'default', name));
    await createDirPool(lxd, otherPool);
    // Create through the form.
    await page.goto('/ui/project/default/storage/volumes');
    await expect(page.getByRole('heading', { name: 'Volumes', level: 1 })).toBeVisible();
    // The header's link (an empty list repeats it).
    await page.getByRole('link', { name: 'Create volume' }).first().click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/volumes\/create$/);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Pool', { exact: true }).selectOption('default');
    await page.getByLabel('Size', { exact: true }).fill('20');
    await page.getByLabel('Size unit').selectOption('MiB');
    await page.getByLabel('Description').fill('Made by the e2e test');
    await page.getByRole('button', { name: 'Snapshots' }).click();
    await page.getByLabel(/^Expiry/).fill('3d');
    await page.getByRole('button', { name: 'Create volume' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/ui/project/default/storage/pool/default/volumes/custom/${name}$`),
    );
    const created = await lxd.get<Volume>(volumeUrl('default', name));
    expect(created.description).toBe('Made by the e2e test');
    expect(created.config).toMatchObject({ size: '20MiB', 'snapshots.expiry': '3d' });

    // Seen in the list with its pool, type and size.
    await page.goto(`/ui/project/default/storage/volumes?search=${name}`);
    const row = page.getByRole('row', {
      name: new RegExp(`^${name} custom volume in pool default`),
    });
    await expect(row).toContainText('20MiB');
    await expect(row).toContainText('filesystem');
    await row.getByRole('link', { name }).click();

    // Resized through the configuration tab (PUT with If-Match).
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await page.getByLabel('Size', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Save 1 change' }).click();
    await expect
      .poll(async () => (await lxd.get<Volume>(volumeUrl('default', name))).config.size)
      .toBe('40MiB');

    // Snapshotted, then restored: a file written after the snapshot is gone again.
    writeFileSync(path.join(volumeDir('default', name, server), 'before.txt'), 'kept');
    await page.getByRole('tab', { name: 'Snapshots' }).click();
    await page.getByRole('button', { name: 'Create snapshot' }).click();
    const create = page.getByRole('dialog', { name: `Create a snapshot of ${name}` });
    await create.getByLabel('Snapshot name').fill('snap-a');
    await create.getByRole('button', { name: 'Create snapshot' }).click();
    await expect(create).toBeHidden();
    await expect(page.getByRole('row', { name: /^snap-a created/ })).toBeVisible();
    const snapshots = await lxd.get<string[]>(
      `/1.0/storage-pools/default/volumes/custom/${name}/snapshots?project=default`,
    );
    expect(snapshots.map((url) => url.split('?')[0]?.split('/').pop())).toEqual(['snap-a']);
    writeFileSync(path.join(volumeDir('default', name, server), 'after.txt'), 'dropped');
    await page.getByRole('button', { name: 'Restore snap-a' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore snap-a' });
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(restore).toBeHidden();
    expect(existsSync(path.join(volumeDir('default', name, server), 'after.txt'))).toBe(false);
    expect(readFileSync(path.join(volumeDir('default', name, server), 'before.txt'), 'utf8')).toBe(
      'kept',
    );

    // Renamed.
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    const rename = page.getByRole('dialog', { name: 'Rename volume' });
    await rename.getByLabel('New name').fill(renamed);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/storage/pool/default/volumes/custom/${renamed}/snapshots$`),
    );
    expect(await volumeExists(lxd, 'default', name)).toBe(false);
    expect(await volumeExists(lxd, 'default', renamed)).toBe(true);

    // Copied to the other pool, snapshots included.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    const copyDialog = page.getByRole('dialog', { name: `Copy volume ${renamed}` });
    await copyDialog.getByLabel('Target pool').selectOption(otherPool);
    await copyDialog.getByLabel('New volume name').fill(copy);
    await copyDialog.getByRole('button', { name: 'Copy' }).click();
    await expect(copyDialog).toBeHidden();
    const copied = await lxd.get<Volume>(volumeUrl(otherPool, copy));
    expect(copied.config.size).toBe('40MiB');
    expect(
      await lxd.get<string[]>(
        `/1.0/storage-pools/${otherPool}/volumes/custom/${copy}/snapshots?project=default`,
      ),
    ).toHaveLength(1);
    await page.goto(`/ui/project/default/storage/volumes?pool=${otherPool}`);
    const copyRow = page.getByRole('row', { name: new RegExp(`^${copy} custom volume`) });
    // Cells: select, pool, type, content type, size, used by, snapshots, created.
    await expect(copyRow.getByRole('cell').nth(6)).toHaveText('1');

    // Deleted.
    await page.goto(`/ui/project/default/storage/pool/default/volumes/custom/${renamed}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const remove = page.getByRole('dialog', { name: 'Delete volume' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/ui\/project\/default\/storage\/volumes$/);
    expect(await volumeExists(lxd, 'default', renamed)).toBe(false);
  },
);

test('a taken name says so, per pool; YAML mode points at a bad line', async ({ page, lxd }) => {
  const name = uniqueName('e2edup');
  const otherPool = uniqueName('e2epool');
  later((api) => removePool(api, otherPool));
  later((api) => removeVolume(api, 'default', name));
  await createDirPool(lxd, otherPool);
  await createVolume(lxd, 'default', name);
  await page.goto('/ui/project/default/storage/volumes/create');
  await page.getByLabel('Pool', { exact: true }).selectOption('default');
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.fill(name);
  await nameField.blur();
  await expect(page.getByText('A storage volume with this name already exists')).toBeVisible();

  // The same name is free in another pool.
  await page.getByLabel('Pool', { exact: true }).selectOption(otherPool);
  await expect(page.getByText('A storage volume with this name already exists')).toBeHidden();

  // YAML mode: a parse error names its line and keeps the text.
  await page.getByRole('button', { name: 'YAML configuration' }).click();
  const editor = page.getByRole('textbox', { name: 'YAML configuration' });
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nconfig: [\n');
  await page.getByRole('button', { name: 'Main configuration' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: /^Line \d+, column \d+: / }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'YAML configuration' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a save after someone else changed the volume is a conflict that keeps the form', async ({
  page,
  lxd,
}) => {
  const name = uniqueName('e2etag');
  later((api) => removeVolume(api, 'default', name));
  await createVolume(lxd, 'default', name, { size: '10MiB' });
  await page.goto(`/ui/project/default/storage/pool/default/volumes/custom/${name}/configuration`);
  const size = page.getByLabel('Size', { exact: true });
  await expect(size).toHaveValue('10');
  await size.fill('30');
  // Someone else changes the volume after the form was opened.
  await lxd.run('PATCH', volumeUrl('default', name), { config: { size: '20MiB' } });
  await page.getByRole('button', { name: 'Save 1 change' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this volume' }),
  ).toBeVisible();
  await expect(size).toHaveValue('30');
  expect((await lxd.get<Volume>(volumeUrl('default', name))).config.size).toBe('20MiB');
  await page.getByRole('button', { name: 'Save my changes anyway' }).click();
  await expect
    .poll(async () => (await lxd.get<Volume>(volumeUrl('default', name))).config.size)
    .toBe('30MiB');
});

test(
  'a volume backup is exported as a file and imported back under a new name',
  INCUS,
  async ({ page, lxd, server }) => {
    const name = uniqueName('e2ebak');
    const restored = `${name}-back`;
    const folder = mkdtempSync(path.join(tmpdir(), 'volume-backup-'));
    later(() => {
      rmSync(folder, { recursive: true, force: true });
      return undefined;
    });
    later((api) => removeVolume(api, 'default', restored));
    later((api) => removeVolume(api, 'default', name));
    await createVolume(lxd, 'default', name, { size: '16MiB' });
    writeFileSync(path.join(volumeDir('default', name, server), 'hello.txt'), 'from the backup');
    await page.goto(`/ui/project/default/storage/pool/default/volumes/custom/${name}`);
    await page.getByRole('button', { name: 'Export backup' }).click();
    const exportDialog = page.getByRole('dialog', { name: `Export a backup of ${name}` });
    const downloading = page.waitForEvent('download');
    await exportDialog.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${name}.tar.gz`);
    const file = path.join(folder, download.suggestedFilename());
    await download.saveAs(file);
    expect(statSync(file).size).toBeGreaterThan(0);
    await expect(exportDialog).toBeHidden();
    // The backup made for the export is deleted on the server.
    await expect
      .poll(() =>
        lxd.get<string[]>(
          `/1.0/storage-pools/default/volumes/custom/${name}/backups?project=default`,
        ),
      )
      .toEqual([]);

    await page.goto('/ui/project/default/storage/volumes');
    await page.getByRole('button', { name: 'Import backup' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import a volume backup' });
    await importDialog.getByLabel('Backup file').setInputFiles(file);
    await expect(importDialog.getByLabel('Volume name')).toHaveValue(name);
    // The suggested name is taken: the dialog says so before anything is sent.
    await expect(
      importDialog.getByText('A storage volume with this name already exists'),
    ).toBeVisible();
    await importDialog.getByLabel('Volume name').fill(restored);
    await importDialog.getByRole('button', { name: 'Import' }).click();
    await expect(importDialog).toBeHidden({ timeout: 30_000 });
    await expect(
      page
        .getByRole('table', { name: 'Volumes' })
        .getByRole('link', { name: restored, exact: true }),
    ).toBeVisible();
    expect(await volumeExists(lxd, 'default', restored)).toBe(true);
    expect(
      readFileSync(path.join(volumeDir('default', restored, server), 'hello.txt'), 'utf8'),
    ).toBe('from the backup');
  },
);

test('a volume in use refuses deletion with the reason; free ones are deleted in bulk', async ({
  page,
  lxd,
}) => {
  const base = uniqueName('e2ebulk');
  const used = `${base}-used`;
  const free1 = `${base}-a`;
  const free2 = `${base}-b`;
  const instance = uniqueName('e2evc');
  later((api) => removeVolume(api, 'default', free2));
  later((api) => removeVolume(api, 'default', free1));
  later((api) => removeVolume(api, 'default', used));
  later((api) => api.deleteInstance(instance));
  await createVolume(lxd, 'default', used);
  await createVolume(lxd, 'default', free1);
  await createVolume(lxd, 'default', free2);
  await lxd.run('POST', '/1.0/instances?project=default', {
    name: instance,
    type: 'container',
    source: { type: 'image', alias: 'busybox' },
    devices: { data: { type: 'disk', pool: 'default', source: used, path: '/data' } },
  });
  await page.goto(`/ui/project/default/storage/pool/default/volumes/custom/${used}`);
  const usedBy = page.getByRole('region', { name: 'Used by instances', exact: true });
  await expect(usedBy.getByRole('link', { name: instance })).toHaveAttribute(
    'href',
    `/ui/project/default/instance/${instance}`,
  );
  const reason = 'This volume is used by 1 instance. Detach it before deleting it.';
  const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(deleteButton).toBeDisabled();
  await expect(deleteButton).toHaveAttribute('title', reason);

  await page.goto(`/ui/project/default/storage/volumes?search=${base}&type=custom`);
  await expect(page.getByRole('checkbox', { name: `Select ${used}` })).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${free1}` }).check();
  await page.getByRole('checkbox', { name: `Select ${free2}` }).check();
  await page
    .getByRole('toolbar', { name: 'Selected volumes' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete 2 volumes' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(
    page.getByRole('table', { name: 'Volumes' }).getByRole('link', { name: free1, exact: true }),
  ).toBeHidden();
  expect(await volumeExists(lxd, 'default', free1)).toBe(false);
  expect(await volumeExists(lxd, 'default', free2)).toBe(false);
  expect(await volumeExists(lxd, 'default', used)).toBe(true);
});

test('volume screens pass an axe scan', async ({ page, lxd }) => {
  const name = uniqueName('e2eaxe');
  later((api) => removeVolume(api, 'default', name));
  await createVolume(lxd, 'default', name, { size: '8MiB' });
  await lxd.run(
    'POST',
    `/1.0/storage-pools/default/volumes/custom/${name}/snapshots?project=default`,
    {
      name: 'snap0',
    },
  );
  for (const target of [
    '/ui/project/default/storage/volumes',
    '/ui/project/default/storage/volumes/create',
    `/ui/project/default/storage/pool/default/volumes/custom/${name}`,
    `/ui/project/default/storage/pool/default/volumes/custom/${name}/configuration`,
    `/ui/project/default/storage/pool/default/volumes/custom/${name}/snapshots`,
  ]) {
    await page.goto(target);
    await expectNoSeriousViolations(page, target);
  }
});
