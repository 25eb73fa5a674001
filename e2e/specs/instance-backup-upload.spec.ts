import { writeFileSync } from 'node:fs';
import { expect, test, uniqueName, INCUS } from '../fixtures';
import { busybox } from '../support/instance-ui';

const CREATE = '/ui/project/default/instances/create';

test(
  'an uploaded instance backup becomes a new instance under the chosen name',
  INCUS,
  async ({ page, lxd, track }, testInfo) => {
    const source = await busybox(lxd, track, uniqueName('bk-src'));
    await lxd.run('POST', `/1.0/instances/${source}/backups?project=default`, {
      name: 'b0',
      compression_algorithm: 'gzip',
    });
    const file = testInfo.outputPath(`${source}.tar.gz`);
    writeFileSync(
      file,
      await lxd.download(`/1.0/instances/${source}/backups/b0/export?project=default`),
    );
    const restored = track(uniqueName('restored'));

    await page.goto(CREATE);
    await page.getByRole('button', { name: 'Upload instance backup' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload instance backup' });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText([
      'Choose a backup file',
      'Instance name must be between 1 and 63 characters',
    ]);
    await dialog.getByLabel('Backup file').setInputFiles(file);
    const name = dialog.getByRole('textbox', { name: 'Instance name' });
    await name.fill(source);
    await expect(dialog.getByRole('alert')).toHaveText('An instance with this name already exists');
    await name.fill(restored);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Upload' }).click();

    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/ui/project/default/instance/${restored}$`), {
      timeout: 30_000,
    });
    await expect(page.getByRole('heading', { name: restored, level: 1 })).toBeVisible();
    const instance = await lxd.instance(restored);
    expect(instance.name).toBe(restored);
    expect(instance.status).toBe('Stopped');
    expect(instance.config['volatile.base_image']).toBe(
      (await lxd.instance(source)).config['volatile.base_image'],
    );
  },
);
