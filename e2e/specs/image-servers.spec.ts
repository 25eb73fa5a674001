import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures';
import { IMAGE_SERVER_PORT } from '../support/env';
import { seriousViolations } from '../support/settings';

const CREATE = '/ui/project/default/instances/create';
const DEFAULTS = [
  ['Ubuntu releases', 'https://cloud-images.ubuntu.com/releases'],
  ['Ubuntu daily', 'https://cloud-images.ubuntu.com/daily'],
  ['LinuxContainers', 'https://images.linuxcontainers.org'],
] as const;

/** A product of a simplestreams images.json, shaped like images.linuxcontainers.org's. */
function product(os: string, release: string, arch: string, variant: string, vm: boolean) {
  const items: Record<string, { ftype: string; path: string; size: number; sha256: string }> = {
    'lxd.tar.xz': { ftype: 'lxd.tar.xz', path: 'images/x/lxd.tar.xz', size: 1, sha256: 'a' },
    'root.squashfs': { ftype: 'squashfs', path: 'images/x/rootfs.squashfs', size: 1, sha256: 'b' },
  };
  if (vm) {
    items['disk.qcow2'] = {
      ftype: 'disk-kvm.img',
      path: 'images/x/disk.qcow2',
      size: 1,
      sha256: 'c',
    };
  }
  return {
    aliases: `${os.toLowerCase()}/${release}/${variant}`,
    arch,
    os,
    release,
    release_title: release,
    variant,
    requirements: {},
    versions: { '20261124_00:00': { items } },
  };
}

const INDEX = {
  format: 'index:1.0',
  index: {
    images: {
      datatype: 'image-downloads',
      path: 'streams/v1/images.json',
      format: 'products:1.0',
      products: [],
    },
  },
};

const IMAGES = {
  content_id: 'images',
  datatype: 'image-downloads',
  format: 'products:1.0',
  products: {
    'alpine:3.20:amd64:default': product('Alpine', '3.20', 'amd64', 'default', true),
    'alpine:3.20:arm64:default': product('Alpine', '3.20', 'arm64', 'default', false),
    'debian:bookworm:amd64:cloud': product('Debian', 'bookworm', 'amd64', 'cloud', false),
    'debian:trixie:amd64:default': product('Debian', 'trixie', 'amd64', 'default', false),
  },
};

let server: Server;
let base = '';

test.beforeAll(async () => {
  // A tiny simplestreams server on this machine, read by the console server for the browser
  // (the page's CSP lets the browser reach only the console's origin). No CORS header: the
  // browser never asks it itself. The console server refuses loopback addresses but this one,
  // which the global setup allows (--simplestreams-allow 127.0.0.1:IMAGE_SERVER_PORT).
  server = createServer((request, response) => {
    const body =
      request.url === '/streams/v1/index.json'
        ? INDEX
        : request.url === '/streams/v1/images.json'
          ? IMAGES
          : undefined;
    response.setHeader('Content-Type', 'application/json');
    response.statusCode = body ? 200 : 404;
    response.end(JSON.stringify(body ?? { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(IMAGE_SERVER_PORT, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the default image servers are listed and say that they do not answer', async ({
  page,
  baseURL,
}) => {
  // This machine has no route out: the console server's own request to each default server
  // fails at once (the name does not resolve; measured ~30 ms), and it says so with 502 and one
  // message that names no address or system error.
  const origin = new URL(baseURL ?? '').origin;
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) elsewhere.push(request.url());
  });
  await page.goto(CREATE);
  await page.getByRole('button', { name: 'Browse images' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose an image' });
  const servers = picker.getByRole('navigation', { name: 'Image servers' });
  for (const [name, url] of DEFAULTS) {
    const answer = page.waitForResponse(
      (response) =>
        response.url().startsWith(`${origin}/console/simplestreams?`) &&
        new URL(response.url()).searchParams.get('url') === `${url}/streams/v1/index.json`,
      { timeout: 10_000 },
    );
    await servers.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    expect((await answer).status()).toBe(502);
    await expect(picker.getByText(`No images from ${name}`)).toBeVisible();
    await expect(
      picker.getByText(
        'console server: the image server could not be reached, or its address is not allowed',
      ),
    ).toBeVisible();
  }
  expect(elsewhere).toEqual([]);
  expect(await seriousViolations(page, 'image picker: server does not answer')).toEqual([]);
  await servers.getByRole('button', { name: /^Local images/ }).click();
  await expect(picker.getByRole('table', { name: 'Local images' })).toContainText('busybox');
});

test('a server the user adds lists its images, filters them and stays listed', async ({ page }) => {
  await page.goto(CREATE);
  await page.getByRole('button', { name: 'Browse images' }).click();
  let picker = page.getByRole('dialog', { name: 'Choose an image' });
  await picker.getByLabel('Server name').fill('Local mirror');
  await picker.getByLabel('Server URL').fill(`${base}/`);
  await picker.getByRole('button', { name: 'Add server' }).click();

  const table = picker.getByRole('table', { name: 'Images on Local mirror' });
  await expect(table.getByRole('row')).toHaveCount(6);
  await picker.getByRole('combobox', { name: 'Distribution' }).selectOption('Debian');
  await expect(table.getByRole('row')).toHaveCount(3);
  await picker.getByRole('combobox', { name: 'Release' }).selectOption('trixie');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('debian/trixie/default');
  await picker.getByRole('combobox', { name: 'Distribution' }).selectOption('');
  await picker.getByRole('combobox', { name: 'Release' }).selectOption('');
  await picker.getByRole('combobox', { name: 'Architecture' }).selectOption('aarch64');
  await expect(table.getByRole('row')).toHaveCount(2);
  await picker.getByRole('combobox', { name: 'Architecture' }).selectOption('');
  await picker.getByRole('combobox', { name: 'Variant' }).selectOption('cloud');
  await expect(table.getByRole('row')).toHaveCount(2);
  await picker.getByRole('combobox', { name: 'Variant' }).selectOption('');
  await picker.getByRole('combobox', { name: 'Type' }).selectOption('virtual-machine');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('alpine/3.20/default');
  expect(await seriousViolations(page, 'image picker: user server')).toEqual([]);

  // Kept in this browser: still listed after a reload, until removed.
  await page.reload();
  await page.getByRole('button', { name: 'Browse images' }).click();
  picker = page.getByRole('dialog', { name: 'Choose an image' });
  const servers = picker.getByRole('navigation', { name: 'Image servers' });
  await servers.getByRole('button', { name: /^Local mirror/ }).click();
  await picker.getByRole('combobox', { name: 'Type' }).selectOption('container');
  await picker.getByRole('button', { name: 'Select debian/bookworm/cloud (container)' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText(/^debian\/bookworm\/cloud/)).toBeVisible();

  await page.getByRole('button', { name: 'Change image' }).click();
  await servers.getByRole('button', { name: 'Remove image server Local mirror' }).click();
  await expect(servers.getByRole('button', { name: /^Local mirror/ })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('lxd-console.image-servers'))).toBe('[]');
});
