import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstanceType } from '../../lxd/types/instance';
import type { LxdResources } from '../../lxd/types/resources';
import { ConfigForm } from './ConfigForm';
import type { SectionId } from './fields';
import type { GpuChoices } from './GpuPicker';
import { NO_GPUS } from './GpuPicker';
import { NOTHING_INHERITED, inheritFromProfiles } from './inherit';
import { toConfig, toFormValues, type ConfigEntity, type MappingOptions } from './mapping';
import { useConfigForm } from './use-config-form';
import { USER_KEY_SPACES, userKeyExists } from './user-config';

const ED25519 =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINJyC6kbm8kuokL/bk2yTAJ6z8hDQx2g86hExNv+z8bH me@laptop';

/** The `gpu` part of GET /1.0/resources as LXD answers it (api.ResourcesGPU). */
const RESOURCES: Pick<LxdResources, 'gpu'> = {
  gpu: {
    cards: [
      {
        driver: 'i915',
        driver_version: '6.1.0-28-amd64',
        drm: {
          id: 0,
          card_name: 'card0',
          render_name: 'renderD128',
        },
        numa_node: 0,
        pci_address: '0000:00:02.0',
        vendor: 'Intel Corporation',
        vendor_id: '8086',
        product: 'HD Graphics 620',
        product_id: '5916',
      },
      {
        driver: 'virtio-gpu',
        drm: { id: 1, card_name: 'card1', render_name: 'renderD129' },
        numa_node: 0,
        vendor: 'Red Hat, Inc.',
        vendor_id: '1af4',
        product: 'Virtio GPU',
        product_id: '1050',
        usb_address: '',
      },
    ],
    total: 2,
  },
};

function Harness({
  entity = { name: 'c1', config: {}, devices: {} },
  type,
  section,
  mapping = {},
  gpus,
  inherited = NOTHING_INHERITED,
}: {
  entity?: ConfigEntity;
  type?: InstanceType;
  section: SectionId;
  mapping?: MappingOptions;
  gpus?: GpuChoices;
  inherited?: typeof NOTHING_INHERITED;
}) {
  const controller = useConfigForm({
    defaultValues: toFormValues(entity, mapping),
    toYamlObject: (values) => toConfig(values, mapping),
    fromYamlObject: () => toFormValues(entity, mapping),
    initialSection: section,
  });
  const values = controller.form.watch();
  return (
    <>
      <ConfigForm
        controller={controller}
        entity="instance"
        instanceType={type}
        inherited={inherited}
        pools={['default']}
        networks={['lxdbr0']}
        gpus={gpus}
        mapping={mapping}
        main={<p>main</p>}
        label="Test form"
      />
      <output aria-label="body">{JSON.stringify(toConfig(values, mapping))}</output>
    </>
  );
}

function body(): { config: Record<string, string>; devices: Record<string, unknown> } {
  return JSON.parse(screen.getByLabelText('body').textContent) as ReturnType<typeof body>;
}

describe('user properties', () => {
  it('lists user.* keys, edits a value, removes one and adds one', async () => {
    render(
      <Harness
        section="user-properties"
        entity={{ config: { 'user.owner': 'ops', 'user.team': 'web', 'image.os': 'x' } }}
      />,
    );
    const table = screen.getByRole('table', { name: 'User properties' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const owner = screen.getByRole('textbox', { name: 'Value of user.owner' });
    await userEvent.clear(owner);
    await userEvent.type(owner, 'dev');
    await userEvent.click(screen.getByRole('button', { name: 'Remove user.team' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Key' }), 'backup');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value' }), 'nightly');
    await userEvent.click(screen.getByRole('button', { name: 'Add user property' }));
    expect(screen.getByRole('textbox', { name: 'Value of user.backup' })).toHaveValue('nightly');
    expect(body().config).toEqual({
      'image.os': 'x',
      'user.owner': 'dev',
      'user.backup': 'nightly',
    });
  });

  it('refuses a key with spaces and a duplicate, with the message next to the key', async () => {
    render(<Harness section="user-properties" entity={{ config: { 'user.owner': 'ops' } }} />);
    const key = screen.getByRole('textbox', { name: 'Key' });
    await userEvent.type(key, 'my key');
    await userEvent.click(screen.getByRole('button', { name: 'Add user property' }));
    expect(screen.getByRole('alert')).toHaveTextContent(USER_KEY_SPACES);
    expect(key).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(key);
    await userEvent.type(key, 'owner');
    await userEvent.click(screen.getByRole('button', { name: 'Add user property' }));
    expect(screen.getByRole('alert')).toHaveTextContent(userKeyExists('owner'));
    expect(body().config).toEqual({ 'user.owner': 'ops' });
  });

  it("shows the profiles' user.* keys", () => {
    render(
      <Harness
        section="user-properties"
        inherited={inheritFromProfiles(
          [{ name: 'default', config: { 'user.site': 'lon' }, devices: {} }],
          ['default'],
        )}
      />,
    );
    expect(screen.getByText('No user properties.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'From profiles' })).toHaveTextContent(
      'user.site: lon (profile default)',
    );
  });
});

describe('cloud-init', () => {
  it('shows the line of a YAML error in user data', async () => {
    render(
      <Harness
        section="cloud-init"
        entity={{ config: { 'cloud-init.user-data': '#cloud-config\npackages: [htop\n' } }}
      />,
    );
    const section = screen.getByRole('region', { name: 'User data' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(/^Line \d+, column \d+:/);
  });

  it('adds SSH keys as cloud-init.ssh-keys.<name> where the server has cloud_init_ssh_keys', async () => {
    render(<Harness section="cloud-init" mapping={{ sshKeys: true }} />);
    expect(screen.getByText(/LXD adds it to the user's authorized keys/)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Key name' }), 'laptop');
    await userEvent.type(screen.getByRole('textbox', { name: 'Public key' }), 'ssh-rsa nope');
    await userEvent.click(screen.getByRole('button', { name: 'Add SSH key' }));
    expect(screen.getByRole('alert')).toHaveTextContent("The key's data is not valid base64");
    const key = screen.getByRole('textbox', { name: 'Public key' });
    await userEvent.clear(key);
    await userEvent.type(key, ED25519);
    await userEvent.click(screen.getByRole('button', { name: 'Add SSH key' }));
    expect(screen.getByRole('list', { name: 'SSH keys' })).toHaveTextContent('laptop for root');
    expect(body().config).toEqual({ 'cloud-init.ssh-keys.laptop': `root:${ED25519}` });
    await userEvent.click(screen.getByRole('button', { name: 'Remove SSH key laptop' }));
    expect(body().config).toEqual({});
  });

  it('merges SSH keys into user data where the server lacks cloud_init_ssh_keys', async () => {
    render(
      <Harness
        section="cloud-init"
        entity={{ config: { 'cloud-init.user-data': '#cloud-config\npackages:\n  - htop\n' } }}
      />,
    );
    expect(screen.getByText(/lacks the/)).toHaveTextContent('cloud_init_ssh_keys');
    await userEvent.type(screen.getByRole('textbox', { name: 'Key name' }), 'laptop');
    const user = screen.getByRole('textbox', { name: 'User' });
    await userEvent.clear(user);
    await userEvent.type(user, 'ubuntu');
    await userEvent.type(screen.getByRole('textbox', { name: 'Public key' }), ED25519);
    await userEvent.click(screen.getByRole('button', { name: 'Add SSH key' }));
    const userData = body().config['cloud-init.user-data'] ?? '';
    expect(userData).toContain('packages:\n  - htop');
    expect(userData).toContain(
      `- name: ubuntu\n    ssh_authorized_keys:\n      - ${ED25519} # laptop`,
    );
    expect(Object.keys(body().config)).toEqual(['cloud-init.user-data']);
    expect(screen.getByRole('list', { name: 'SSH keys' })).toHaveTextContent('laptop for ubuntu');
    await userEvent.click(screen.getByRole('button', { name: 'Remove SSH key laptop' }));
    expect(body().config['cloud-init.user-data']).not.toContain('ssh-ed25519');
  });
});

describe('boot.mode', () => {
  it('is a choice for VMs on servers with instance_boot_mode', async () => {
    render(<Harness section="boot" type="virtual-machine" mapping={{ bootMode: true }} />);
    const select = screen.getByRole('combobox', { name: 'Boot mode' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Not set',
      'UEFI with secure boot (uefi-secureboot)',
      'UEFI without secure boot (uefi-nosecureboot)',
      'Legacy BIOS (bios, x86_64 only)',
    ]);
    expect(screen.getByRole('row', { name: /Boot mode/ })).toHaveTextContent(
      'uefi-secureboot (LXD default)',
    );
    await userEvent.selectOptions(select, 'bios');
    expect(body().config).toEqual({ 'boot.mode': 'bios' });
    await userEvent.click(screen.getByRole('button', { name: 'Security policies' }));
    expect(screen.queryByLabelText('Secure boot')).toBeNull();
  });

  it('is not offered for containers', () => {
    render(<Harness section="boot" type="container" mapping={{ bootMode: true }} />);
    expect(screen.getByLabelText('Start with the server')).toBeVisible();
    expect(screen.queryByLabelText('Boot mode')).toBeNull();
  });

  it('servers without it keep Secure boot for VMs', async () => {
    render(<Harness section="boot" type="virtual-machine" />);
    expect(screen.queryByLabelText('Boot mode')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Security policies' }));
    expect(screen.getByLabelText('Secure boot')).toBeVisible();
  });
});

describe('the GPU picker', () => {
  const choices: GpuChoices = { cards: RESOURCES.gpu?.cards ?? [], pending: false };

  it("lists the server's GPUs and adds one as a physical gpu device by PCI address", async () => {
    render(<Harness section="devices" gpus={choices} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add GPU' }));
    const table = screen.getByRole('table', { name: 'Server GPUs' });
    const intel = within(table).getByRole('row', { name: /HD Graphics 620/ });
    expect(intel).toHaveTextContent('Intel Corporation');
    expect(intel).toHaveTextContent('0000:00:02.0');
    expect(intel).toHaveTextContent('0');
    await userEvent.click(
      screen.getByRole('button', { name: 'Add Intel Corporation HD Graphics 620 (0000:00:02.0)' }),
    );
    expect(screen.queryByRole('table', { name: 'Server GPUs' })).toBeNull();
    expect(body().devices).toEqual({
      gpu1: { type: 'gpu', gputype: 'physical', pci: '0000:00:02.0' },
    });
    expect(screen.getByLabelText('PCI address')).toHaveValue('0000:00:02.0');
  });

  it('uses the DRM id of a card without a PCI address', async () => {
    render(<Harness section="devices" gpus={choices} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add GPU' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Add Red Hat, Inc. Virtio GPU (DRM 1)' }),
    );
    await waitFor(() => {
      expect(body().devices).toEqual({ gpu1: { type: 'gpu', gputype: 'physical', id: '1' } });
    });
  });

  it('says so when the server has no GPUs', async () => {
    render(<Harness section="devices" gpus={{ cards: [], pending: false }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Add GPU' }));
    expect(screen.getByText(NO_GPUS)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add a GPU device without a card' }));
    expect(body().devices).toEqual({ gpu1: { type: 'gpu' } });
  });

  it('shows why the GPUs could not be listed', async () => {
    render(
      <Harness
        section="devices"
        gpus={{ cards: undefined, pending: false, error: new Error('not authorized') }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add GPU' }));
    expect(screen.getByText(/could not be listed/)).toHaveTextContent(
      "The server's GPUs could not be listed: not authorized",
    );
  });
});
