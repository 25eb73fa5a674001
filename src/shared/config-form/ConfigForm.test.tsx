import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstanceType } from '../../lxd/types/instance';
import { ConfigForm } from './ConfigForm';
import type { SectionId } from './fields';
import { inheritFromProfiles } from './inherit';
import { countChanges, toConfig, toFormValues } from './mapping';
import { useConfigForm } from './use-config-form';

const entity = { name: 'c1', config: { 'limits.cpu': '2' }, devices: {} };

function Harness({
  type,
  section,
  withProfile = true,
  profileDevices = {},
}: {
  type?: InstanceType;
  section?: SectionId;
  withProfile?: boolean;
  profileDevices?: Record<string, Record<string, string>>;
}) {
  const controller = useConfigForm({
    defaultValues: toFormValues(entity),
    toYamlObject: (values) => ({ name: values.name, ...toConfig(values) }),
    fromYamlObject: () => toFormValues(entity),
    initialSection: section ?? 'limits',
  });
  const values = controller.form.watch();
  const changes = countChanges(entity, toConfig(values));
  return (
    <>
      <ConfigForm
        controller={controller}
        entity="instance"
        instanceType={type}
        inherited={inheritFromProfiles(
          [{ name: 'default', config: { 'limits.memory': '2GiB' }, devices: profileDevices }],
          withProfile ? ['default'] : [],
        )}
        pools={['default']}
        networks={['lxdbr0']}
        main={<p>main</p>}
        label="Test form"
      />
      <output aria-label="changes">{changes}</output>
    </>
  );
}

describe('the configuration form', () => {
  it('shows VM defaults limits.cpu 1 and limits.memory 1GB when nothing sets them', () => {
    render(<Harness type="virtual-machine" section="limits" withProfile={false} />);
    const table = screen.getByRole('table', { name: 'Resource limits' });
    const cpu = within(table).getByRole('row', { name: /Exposed CPUs/ });
    // The instance sets limits.cpu itself: the default is shown (struck through).
    expect(cpu).toHaveTextContent('1 (LXD default)');
    const memory = within(table).getByRole('row', { name: /Memory limit/ });
    expect(memory).toHaveTextContent('1GB (LXD default)');
  });

  it('shows a value inherited from a profile instead of the default', () => {
    render(<Harness type="virtual-machine" section="limits" />);
    const memory = screen.getByRole('row', { name: /Memory limit/ });
    expect(memory).toHaveTextContent('2GiB (profile default)');
  });

  it("shows '-' for containers", () => {
    render(<Harness type="container" section="limits" />);
    const cpu = screen.getByRole('row', { name: /Exposed CPUs/ });
    expect(cpu).toHaveTextContent('- (LXD default)');
  });

  it('counts a change and hides fields of the other instance type', async () => {
    render(<Harness type="container" section="limits" />);
    await userEvent.clear(screen.getByLabelText('Exposed CPUs'));
    await userEvent.type(screen.getByLabelText('Exposed CPUs'), '4');
    expect(screen.getByLabelText('changes')).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Security policies' }));
    expect(screen.getByLabelText('Privileged container')).toBeInTheDocument();
    expect(screen.queryByLabelText('Secure boot')).not.toBeInTheDocument();
  });

  it('shows devices from profiles and asks for a root disk', async () => {
    render(<Harness type="container" section="devices" />);
    expect(
      screen.getByText(
        'An instance needs a root disk: add one, or choose a profile that provides one',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add root disk' }));
    expect(screen.getByRole('group', { name: 'Root disk' })).toBeInTheDocument();
    expect(screen.queryByText(/An instance needs a root disk/)).not.toBeInTheDocument();
  });

  it('lists the devices profiles give, sorted, and overrides one here', async () => {
    render(
      <Harness
        type="container"
        section="devices"
        profileDevices={{
          root: { type: 'disk', path: '/', pool: 'default' },
          eth0: { type: 'nic', network: 'lxdbr0', name: 'eth0' },
        }}
      />,
    );
    const table = screen.getByRole('table', { name: 'Devices from profiles' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'eth0',
      'root (root disk)',
    ]);
    expect(rows[1]).toHaveTextContent('/ from pool default');
    expect(rows[1]).toHaveTextContent('profile default');
    await userEvent.click(within(table).getByRole('button', { name: 'Override root' }));
    expect(screen.getByRole('group', { name: 'Root disk' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Override root' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('changes')).toHaveTextContent('1');
  });
});

describe('the disk volume picker', () => {
  function DiskHarness({ type }: { type: InstanceType }) {
    const controller = useConfigForm({
      defaultValues: toFormValues({
        name: 'c1',
        config: {},
        devices: { data: { type: 'disk', pool: 'default', source: '', path: '/mnt' } },
      }),
      toYamlObject: (values) => ({ name: values.name, ...toConfig(values) }),
      fromYamlObject: () => toFormValues(entity),
      initialSection: 'devices',
    });
    const values = controller.form.watch();
    return (
      <>
        <ConfigForm
          controller={controller}
          entity="instance"
          instanceType={type}
          pools={['default', 'fast']}
          networks={[]}
          volumes={[
            { pool: 'default', name: 'vol1', contentType: 'filesystem' },
            { pool: 'default', name: 'blk', contentType: 'block' },
            { pool: 'fast', name: 'other', contentType: 'filesystem' },
          ]}
          main={<p>main</p>}
          label="Test form"
        />
        <output aria-label="devices">{JSON.stringify(toConfig(values).devices)}</output>
      </>
    );
  }

  it("lists the chosen pool's volumes and attaches the one picked", async () => {
    render(<DiskHarness type="container" />);
    const volume = screen.getByRole('combobox', { name: 'Volume' });
    const options = within(volume)
      .getAllByRole('option')
      .map((option) => option.textContent);
    // A container cannot attach the block volume; the other pool's volume is not offered.
    expect(options).toEqual(['Choose a volume', 'vol1']);
    await userEvent.selectOptions(volume, 'vol1');
    expect(screen.getByRole('status', { name: 'devices' }).textContent).toContain(
      '"source":"vol1"',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Storage pool' }), 'fast');
    expect(
      within(screen.getByRole('combobox', { name: 'Volume' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a volume', 'other', 'vol1 (not in this pool)']);
  });

  it('a virtual machine attaching a block volume needs no path', async () => {
    render(<DiskHarness type="virtual-machine" />);
    expect(screen.getByRole('textbox', { name: 'Path in the instance' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Volume' }), 'blk');
    expect(screen.queryByRole('textbox', { name: 'Path in the instance' })).toBeNull();
  });
});
