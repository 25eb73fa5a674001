/**
 * Custom ISO volumes on a real Incus 6.0 (custom_volume_iso, which LXD 5.0.2 lacks): the upload
 * sends the file with Incus's own headers (X-Incus-type: iso, X-Incus-name) and Incus makes the
 * volume; the list shows it and deletes it.
 */
import { expect, test, uniqueName, INCUS } from '../fixtures';

const MiB = 1024 * 1024;

test(
  'an ISO uploaded to Incus becomes an iso volume, listed and then deleted',
  INCUS,
  async ({ page, lxd }) => {
    const name = uniqueName('e2e-iso');
    const volume = `/1.0/storage-pools/default/volumes/custom/${name}?project=default`;
    try {
      await page.goto('/ui/project/default/storage/custom-isos');
      await page.getByRole('button', { name: 'Upload ISO' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload ISO' });
      await dialog.getByLabel('ISO file').setInputFiles({
        name: `${name}.iso`,
        mimeType: 'application/x-iso9660-image',
        buffer: Buffer.alloc(2 * MiB, 7),
      });
      await expect(dialog.getByLabel('Name')).toHaveValue(name);
      const upload = page.waitForRequest(
        (request) =>
          request.method() === 'POST' &&
          request.url().includes('/1.0/storage-pools/default/volumes'),
      );
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      const headers = await (await upload).allHeaders();
      expect(headers['x-incus-type']).toBe('iso');
      expect(headers['x-incus-name']).toBe(name);
      await expect(dialog.getByText('ISO uploaded', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await dialog.getByRole('button', { name: 'Done' }).click();

      const stored = await lxd.get<{ content_type: string; config: Record<string, string> }>(
        volume,
      );
      expect(stored.content_type).toBe('iso');
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('default');
      await expect(row).toContainText('2.0 MiB');
      await expect(row).toContainText('Not in use');

      await row.getByRole('button', { name: `Delete ${name}` }).click();
      await page
        .getByRole('dialog', { name: 'Delete ISO' })
        .getByRole('button', { name: 'Delete', exact: true })
        .click();
      await expect(row).toHaveCount(0);
      await expect
        .poll(() => lxd.get<string[]>('/1.0/storage-pools/default/volumes/custom?project=default'))
        .not.toContain(`/1.0/storage-pools/default/volumes/custom/${name}`);
    } finally {
      await lxd.call('DELETE', volume).catch(() => undefined);
    }
  },
);
