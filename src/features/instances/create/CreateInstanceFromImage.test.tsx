import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAuth, testServer } from '../../../testing/render';
import { fakeLxd, renderAt, type FakeCall } from '../../../testing/fake-lxd';
import { CreateInstancePage } from './CreateInstancePage';
import { DEFAULT_PROFILES, localImage } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

const VM_FINGERPRINT = 'a'.repeat(64);
const vmImage = localImage(VM_FINGERPRINT, {
  type: 'virtual-machine',
  aliases: [{ name: 'alpine-vm', description: '' }],
  properties: { description: 'Alpine edge' },
});

function lxd(calls: FakeCall[] = []) {
  fakeLxd((call) => {
    calls.push(call);
    const { url, method } = call;
    if (url.startsWith('/1.0/images?')) return { metadata: [vmImage] };
    if (url.startsWith('/1.0/profiles?')) return DEFAULT_PROFILES;
    if (url.startsWith('/1.0/storage-pools?')) return { metadata: ['/1.0/storage-pools/default'] };
    if (method === 'POST' && url.startsWith('/1.0/instances?')) {
      return { status: 400, error: 'stop here' };
    }
    return undefined;
  });
  return calls;
}

const auth = testAuth({
  server: testServer({
    environment: { server_version: '5.0.2', server_clustered: false, driver: 'lxc | qemu' },
  }),
});

function open(query: string) {
  renderAt(
    '/project/:project/instances/create',
    <CreateInstancePage />,
    `/project/default/instances/create${query}`,
    auth,
  );
}

describe('creating an instance from ?image=<fingerprint>', () => {
  it('preselects the image and its instance type, and creates from it', async () => {
    const calls = lxd();
    open(`?image=${VM_FINGERPRINT}`);
    expect(await screen.findByText('alpine-vm (Alpine edge, x86_64)')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Change image' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Instance type' })).toHaveValue('virtual-machine');

    await userEvent.type(screen.getByRole('textbox', { name: 'Instance name' }), 'vm1');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => {
      expect(calls.some((call) => call.method === 'POST')).toBe(true);
    });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'vm1',
      type: 'virtual-machine',
      source: { type: 'image', alias: 'alpine-vm' },
    });
  });

  it('says so next to the image field when the project has no such image', async () => {
    lxd();
    open(`?image=${'b'.repeat(64)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `There is no image ${'b'.repeat(64)} in project default`,
    );
    expect(screen.getByText('No image chosen')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Instance type' })).toHaveValue('container');
  });

  it('refuses a virtual-machine image where the server has no VMs', async () => {
    lxd();
    renderAt(
      '/project/:project/instances/create',
      <CreateInstancePage />,
      `/project/default/instances/create?image=${VM_FINGERPRINT}`,
      testAuth({
        server: testServer({
          environment: { server_version: '5.0.2', server_clustered: false, driver: 'lxc' },
        }),
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Virtual machines are not available',
    );
    expect(screen.getByText('No image chosen')).toBeVisible();
  });
});
