import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import {
  buildSplitImage,
  buildUnifiedImage,
  deleteImageQuietly,
  importImage,
  importSplitImage,
  removeImageFiles,
} from '../support/images';

test.afterAll(() => {
  removeImageFiles();
});

const sha256 = (...buffers: Buffer[]) => {
  const hash = createHash('sha256');
  for (const buffer of buffers) hash.update(buffer);
  return hash.digest('hex');
};

test('downloads a unified image: the same bytes as the image', async ({ page }) => {
  const image = buildUnifiedImage('e2e download');
  await importImage(image);
  try {
    await page.goto(`/ui/project/default/images?search=${encodeURIComponent(image.description)}`);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download image ${image.description}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${image.fingerprint}.tar.gz`);
    const bytes = readFileSync(await download.path());
    expect(bytes.length).toBe(image.size);
    expect(sha256(bytes)).toBe(image.fingerprint);
    await expect(
      page.getByRole('button', { name: `Download image ${image.description}` }),
    ).toBeEnabled();
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('downloads a split image as its metadata and root file system files', async ({ page }) => {
  const image = buildSplitImage('e2e split download');
  await importSplitImage(image);
  try {
    await page.goto(`/ui/project/default/images?search=${encodeURIComponent(image.description)}`);
    const files: Buffer[] = [];
    const names: string[] = [];
    page.on('download', (download) => {
      names.push(download.suggestedFilename());
      void download.path().then((file) => files.push(readFileSync(file)));
    });
    await page.getByRole('button', { name: `Download image ${image.description}` }).click();
    await expect.poll(() => files.length).toBe(2);
    expect(names.some((name) => name.startsWith('meta-'))).toBe(true);
    const metadata = readFileSync(image.metadata);
    const rootfs = readFileSync(image.rootfs);
    const byName = names.map((name, i) => ({ name, bytes: files[i] }));
    expect(byName.find((f) => f.name.startsWith('meta-'))?.bytes?.equals(metadata)).toBe(true);
    expect(byName.find((f) => !f.name.startsWith('meta-'))?.bytes?.equals(rootfs)).toBe(true);
    expect(sha256(metadata, rootfs)).toBe(image.fingerprint);
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('filters the image list by type and architecture, in the URL', async ({ page }) => {
  const image = buildUnifiedImage('e2e filter');
  await importImage(image);
  try {
    await page.goto(`/ui/project/default/images?search=${encodeURIComponent(image.description)}`);
    const table = page.getByRole('table', { name: 'Images' });
    await expect(table.getByText(image.description, { exact: true })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type' }).selectOption('virtual-machine');
    await expect(page).toHaveURL(/type=virtual-machine/);
    await expect(page.getByRole('heading', { name: 'No images match the search' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Type' }).selectOption('container');
    await page.getByRole('combobox', { name: 'Architecture' }).selectOption('x86_64');
    await expect(table.getByText(image.description, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/type=container/);
    await expect(page).toHaveURL(/architecture=x86_64/);
    await expect(table.getByText(image.description, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('container');
    await expect(table.getByText(image.description, { exact: true })).toBeVisible();
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});

test('edits an image: a new property and the public flag; a conflict keeps the form', async ({
  page,
  lxd,
}) => {
  const image = buildUnifiedImage('e2e edit');
  await importImage(image);
  const url = `/1.0/images/${image.fingerprint}?project=default`;
  try {
    await page.goto(`/ui/project/default/images?search=${encodeURIComponent(image.description)}`);
    await page.getByRole('button', { name: `Edit image ${image.description}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit image ${image.description}` });
    await expect(dialog.getByLabel('Description')).toHaveValue(image.description);
    await dialog.getByRole('button', { name: 'Add property' }).click();
    await dialog.getByRole('textbox', { name: 'Key' }).last().fill('os');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This key is already used')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Key' }).last().fill('e2e.note');
    await dialog.getByRole('textbox', { name: 'Value' }).last().fill('from the console');
    await dialog.getByRole('checkbox', { name: /^Public/ }).check({ force: true });

    // Someone else changes the image meanwhile: the save is refused and the form kept.
    const current = await lxd.get<{ properties: Record<string, string> }>(url);
    await lxd.run('PATCH', url, { properties: { ...current.properties, other: 'x' } });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Someone else changed this image')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Value' }).last()).toHaveValue(
      'from the console',
    );
    await dialog.getByRole('button', { name: 'Save my changes anyway' }).click();
    await expect(dialog).toBeHidden();

    const saved = await lxd.get<{
      public: boolean;
      properties: Record<string, string>;
      profiles: string[];
    }>(url);
    expect(saved.public).toBe(true);
    expect(saved.properties['e2e.note']).toBe('from the console');
    expect(saved.properties.description).toBe(image.description);
    expect(saved.properties.os).toBe('busybox');
    expect(saved.profiles).toEqual(['default']);
  } finally {
    await deleteImageQuietly(image.fingerprint);
  }
});
