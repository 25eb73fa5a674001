/**
 * The texts of the configuration form that name the server: "LXD default", who installs SSH keys
 * and who keeps user.* keys say Incus on Incus (told by the mapping of its extensions, or by the
 * signed-in server), and stay LXD's, byte for byte, on LXD.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceType } from '../../lxd/types/instance';
import { AuthContext } from '../auth/context';
import { testAuth, testServer } from '../../testing/render';
import { ConfigForm } from './ConfigForm';
import { CONFIG_FIELDS, type SectionId } from './fields';
import { NOTHING_INHERITED, defaultSource, fallbackValue } from './inherit';
import {
  configMapping,
  mappingProductName,
  toConfig,
  toFormValues,
  type MappingOptions,
} from './mapping';
import { useConfigForm } from './use-config-form';

const LXD_EXTENSIONS = ['cloud_init', 'cloud_init_ssh_keys', 'devlxd_events', 'instance_boot_mode'];
const INCUS_EXTENSIONS = [
  'cloud_init',
  'cloud_init_ssh_keys',
  'dev_incus_events',
  'dev_incus_images',
  'instance_boot_mode',
];
const LXD = configMapping(LXD_EXTENSIONS);
const INCUS = configMapping(INCUS_EXTENSIONS);

const incusAuth = () =>
  testAuth({
    server: testServer({
      api_extensions: INCUS_EXTENSIONS,
      environment: { server: 'incus', server_version: '6.0.4', server_clustered: false },
    }),
  });

function Harness({
  mapping,
  section,
  type = 'virtual-machine',
}: {
  mapping: MappingOptions;
  section: SectionId;
  type?: InstanceType;
}) {
  const entity = { name: 'c1', config: { 'user.owner': 'me' }, devices: {} };
  const controller = useConfigForm({
    defaultValues: toFormValues(entity, mapping),
    toYamlObject: (values) => toConfig(values, mapping),
    fromYamlObject: () => toFormValues(entity, mapping),
    initialSection: section,
  });
  return (
    <ConfigForm
      controller={controller}
      entity="instance"
      instanceType={type}
      inherited={NOTHING_INHERITED}
      pools={['default']}
      networks={['lxdbr0']}
      mapping={mapping}
      main={<p>main</p>}
      label="Test form"
    />
  );
}

const cpuRow = () =>
  within(screen.getByRole('table', { name: 'Resource limits' })).getByRole('row', {
    name: /Exposed CPUs/,
  });

const SSH_LXD =
  "Each key is saved as cloud-init.ssh-keys.<name> with the value <user>:<public key>; LXD adds it to the user's authorized keys through cloud-init.";
const SSH_LXD_MERGED =
  'This server lacks the cloud_init_ssh_keys API extension, so a key is merged into user data above (users → the user → ssh_authorized_keys, with its name as a comment), as LXD does on newer servers.';
const USER_LXD =
  'Keys under user. are free-form notes LXD keeps with the instance or profile for you and your tools; LXD itself does not use them.';

describe('the server named by the configuration form', () => {
  it('defaults: LXD default on LXD, Incus default on Incus', () => {
    const cpu = CONFIG_FIELDS.find((field) => field.key === 'limits.cpu');
    if (!cpu) throw new Error('limits.cpu');
    expect(defaultSource()).toBe('LXD default');
    expect(fallbackValue(cpu, 'limits.cpu', NOTHING_INHERITED, 'virtual-machine')).toEqual({
      value: '1',
      source: 'LXD default',
    });
    expect(fallbackValue(cpu, 'limits.cpu', NOTHING_INHERITED, 'virtual-machine', 'Incus')).toEqual(
      { value: '1', source: 'Incus default' },
    );
  });

  it("the mapping tells Incus by its extensions; else the signed-in server's name", () => {
    expect(mappingProductName(INCUS)).toBe('Incus');
    expect(mappingProductName(LXD)).toBe('LXD');
    expect(mappingProductName({})).toBe('LXD');
    expect(mappingProductName({}, 'Incus')).toBe('Incus');
  });

  it('LXD: limits, SSH keys and user properties name LXD as before', () => {
    const { unmount } = render(<Harness mapping={LXD} section="limits" />);
    expect(cpuRow()).toHaveTextContent('1 (LXD default)');
    unmount();

    const ssh = render(<Harness mapping={LXD} section="cloud-init" />);
    expect(screen.getByText(/adds it to the user's authorized keys/)).toHaveTextContent(SSH_LXD);
    ssh.unmount();

    const merged = render(<Harness mapping={{}} section="cloud-init" />);
    expect(screen.getByText(/lacks the/)).toHaveTextContent(SSH_LXD_MERGED);
    merged.unmount();

    render(<Harness mapping={LXD} section="user-properties" />);
    expect(screen.getByText(/free-form notes/)).toHaveTextContent(USER_LXD);
  });

  it.each([
    ['its mapping', INCUS, undefined],
    ['the signed-in server', { sshKeys: true }, incusAuth()],
  ] as const)('Incus, told by %s: every text names Incus', (_, mapping, auth) => {
    const wrap = (section: SectionId) => {
      const form = <Harness mapping={mapping} section={section} />;
      return auth ? <AuthContext.Provider value={auth}>{form}</AuthContext.Provider> : form;
    };
    const limits = render(wrap('limits'));
    expect(cpuRow()).toHaveTextContent('1 (Incus default)');
    expect(screen.queryByText(/LXD/)).toBeNull();
    limits.unmount();

    const ssh = render(wrap('cloud-init'));
    expect(screen.getByText(/adds it to the user's authorized keys/)).toHaveTextContent(
      SSH_LXD.replace('LXD', 'Incus'),
    );
    expect(screen.queryByText(/LXD/)).toBeNull();
    ssh.unmount();

    render(wrap('user-properties'));
    expect(screen.getByText(/free-form notes/)).toHaveTextContent(
      USER_LXD.replaceAll('LXD', 'Incus'),
    );
    expect(screen.queryByText(/LXD/)).toBeNull();
  });

  it('Incus without cloud_init_ssh_keys: the merged keys are as Incus does', () => {
    render(
      <AuthContext.Provider value={incusAuth()}>
        <Harness mapping={{}} section="cloud-init" />
      </AuthContext.Provider>,
    );
    expect(screen.getByText(/lacks the/)).toHaveTextContent(SSH_LXD_MERGED.replace('LXD', 'Incus'));
  });
});
