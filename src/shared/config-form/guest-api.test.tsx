/**
 * The guest API key of each product: LXD's security.devlxd (/dev/lxd), Incus's
 * security.guestapi (/dev/incus), in the instance and profile configuration form.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InstanceType } from '../../lxd/types/instance';
import { ConfigForm } from './ConfigForm';
import { sectionFields } from './fields';
import { NOTHING_INHERITED, inheritFromProfiles } from './inherit';
import {
  configMapping,
  toConfig,
  toFormValues,
  type ConfigEntity,
  type MappingOptions,
} from './mapping';
import { useConfigForm } from './use-config-form';

/** The names of GET /1.0's api_extensions that matter here, as each server lists them. */
const LXD_EXTENSIONS = ['cloud_init', 'devlxd_events', 'devlxd_images_vm', 'instance_boot_mode'];
const INCUS_EXTENSIONS = [
  'cloud_init',
  'dev_incus_events',
  'dev_incus_images',
  'instance_boot_mode',
];
const LXD = configMapping(LXD_EXTENSIONS);
const INCUS = configMapping(INCUS_EXTENSIONS);

const guestFields = (mapping: MappingOptions, type?: InstanceType) =>
  sectionFields('security', type, mapping)
    .filter((field) => field.label.startsWith('Guest API'))
    .map((field) => [field.key, field.label]);

describe('the guest API key of each product', () => {
  it('Incus is told by its extensions; LXD keeps its mapping as before', () => {
    expect(INCUS).toEqual({
      legacyCloudInit: false,
      sshKeys: false,
      bootMode: true,
      guestApi: true,
    });
    expect(LXD).toEqual({ legacyCloudInit: false, sshKeys: false, bootMode: true });
  });

  it('the security section offers security.devlxd on LXD and security.guestapi on Incus', () => {
    for (const type of [undefined, 'container', 'virtual-machine'] as const) {
      expect(guestFields(LXD, type)).toEqual([['security.devlxd', 'Guest API (/dev/lxd)']]);
      expect(guestFields(INCUS, type)).toEqual([['security.guestapi', 'Guest API (/dev/incus)']]);
    }
    expect(guestFields({})).toEqual([['security.devlxd', 'Guest API (/dev/lxd)']]);
  });

  it('reads and writes security.guestapi on Incus (the images key travels unchanged)', () => {
    const entity = { config: { 'security.guestapi': 'false', 'security.guestapi.images': 'true' } };
    const values = toFormValues(entity, INCUS);
    expect(values.config.securityGuestapi).toBe('false');
    expect(values.otherConfig).toEqual({ 'security.guestapi.images': 'true' });
    expect(toConfig(values, INCUS).config).toEqual(entity.config);
    values.config.securityGuestapi = 'true';
    expect(toConfig(values, INCUS).config).toEqual({
      'security.guestapi': 'true',
      'security.guestapi.images': 'true',
    });
  });

  it('reads and writes security.devlxd on LXD, as before', () => {
    const entity = { config: { 'security.devlxd': 'false', 'security.devlxd.images': 'true' } };
    const values = toFormValues(entity, LXD);
    expect(values.config.securityDevlxd).toBe('false');
    expect(values.otherConfig).toEqual({ 'security.devlxd.images': 'true' });
    values.config.securityDevlxd = 'true';
    expect(toConfig(values, LXD).config).toEqual({
      'security.devlxd': 'true',
      'security.devlxd.images': 'true',
    });
  });
});

function Harness({
  entity,
  mapping,
  type,
  inherited = NOTHING_INHERITED,
}: {
  entity: ConfigEntity;
  mapping: MappingOptions;
  type?: InstanceType;
  inherited?: typeof NOTHING_INHERITED;
}) {
  const controller = useConfigForm({
    defaultValues: toFormValues(entity, mapping),
    toYamlObject: (values) => toConfig(values, mapping),
    fromYamlObject: () => toFormValues(entity, mapping),
    initialSection: 'security',
  });
  const values = controller.form.watch();
  return (
    <>
      <ConfigForm
        controller={controller}
        entity={type ? 'instance' : 'profile'}
        instanceType={type}
        inherited={inherited}
        pools={['default']}
        networks={['lxdbr0']}
        mapping={mapping}
        main={<p>main</p>}
        label="Test form"
      />
      <output aria-label="body">{JSON.stringify(toConfig(values, mapping))}</output>
    </>
  );
}

const body = () =>
  (JSON.parse(screen.getByLabelText('body').textContent) as { config: Record<string, string> })
    .config;

describe('the configuration form', () => {
  it('Incus instance: shows and saves security.guestapi, inheriting from a profile', async () => {
    render(
      <Harness
        entity={{ name: 'c1', config: {}, devices: {} }}
        mapping={INCUS}
        type="container"
        inherited={inheritFromProfiles(
          [{ name: 'default', config: { 'security.guestapi': 'false' }, devices: {} }],
          ['default'],
        )}
      />,
    );
    const table = screen.getByRole('table', { name: 'Security policies' });
    expect(within(table).queryByText('security.devlxd')).toBeNull();
    expect(within(table).getByText('security.guestapi')).toBeInTheDocument();
    const guest = screen.getByRole('combobox', { name: 'Guest API (/dev/incus)' });
    expect(guest.closest('tr')?.lastElementChild).toHaveTextContent('No (profile default)');
    await userEvent.selectOptions(guest, 'true');
    expect(body()).toEqual({ 'security.guestapi': 'true' });
  });

  it('Incus profile: shows and saves security.guestapi', async () => {
    render(<Harness entity={{ name: 'p1', config: {}, devices: {} }} mapping={INCUS} />);
    expect(screen.queryByRole('combobox', { name: 'Guest API (/dev/lxd)' })).toBeNull();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Guest API (/dev/incus)' }),
      'false',
    );
    expect(body()).toEqual({ 'security.guestapi': 'false' });
  });

  it('LXD profile: shows and saves security.devlxd', async () => {
    render(<Harness entity={{ name: 'p1', config: {}, devices: {} }} mapping={LXD} />);
    expect(screen.queryByRole('combobox', { name: 'Guest API (/dev/incus)' })).toBeNull();
    expect(screen.getByText('security.devlxd')).toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Guest API (/dev/lxd)' }),
      'false',
    );
    expect(body()).toEqual({ 'security.devlxd': 'false' });
  });
});
