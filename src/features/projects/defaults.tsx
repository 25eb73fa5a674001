/**
 * The new project's default storage pool and network (issue 16): after the project is created
 * with its own profiles, its default profile gets a root disk on the chosen pool and an eth0 on
 * the chosen network. The choices are read from the default project.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchStoragePoolNames } from '../../lxd/endpoints/instance-create';
import { fetchNetworks } from '../../lxd/endpoints/networks';
import { fetchProfile, updateProfile } from '../../lxd/endpoints/profiles';
import type { LxdDevice } from '../../lxd/types/instance';
import { ChoiceField } from './components/fields';
import { isTrue } from './form';

export interface ProjectDefaults {
  pool: string;
  network: string;
}

export const NO_DEFAULTS: ProjectDefaults = { pool: '', network: '' };

/** The default profile's devices for the choices ('' leaves a device out). */
export function defaultDevices(defaults: ProjectDefaults): Record<string, LxdDevice> {
  const devices: Record<string, LxdDevice> = {};
  if (defaults.pool) devices.root = { type: 'disk', pool: defaults.pool, path: '/' };
  if (defaults.network) devices.eth0 = { type: 'nic', network: defaults.network, name: 'eth0' };
  return devices;
}

/** Whether anything is to be written (only a project with its own profiles has one to write). */
export function wantsDefaults(config: Record<string, string>, defaults: ProjectDefaults) {
  return isTrue(config['features.profiles']) && (defaults.pool !== '' || defaults.network !== '');
}

/** Adds the devices to the project's default profile (PUT with the ETag it was read with). */
export async function applyProjectDefaults(project: string, defaults: ProjectDefaults) {
  const profile = await fetchProfile(project, 'default');
  await updateProfile(
    project,
    'default',
    {
      description: profile.description,
      config: profile.config,
      devices: { ...profile.devices, ...defaultDevices(defaults) },
    },
    profile.etag,
  );
}

const poolsQuery = {
  queryKey: ['project-defaults', 'pools'],
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchStoragePoolNames('default', signal),
};
const networksQuery = {
  queryKey: ['project-defaults', 'networks'],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    fetchNetworks('default', signal).then((list) =>
      list.filter((network) => network.managed).map((network) => network.name),
    ),
};

/** The two choices of the create form's details section. */
export function ProjectDefaultsFields({
  value,
  onChange,
  profilesOwn,
  disabled,
}: {
  value: ProjectDefaults;
  onChange: (value: ProjectDefaults) => void;
  /** Whether the new project has its own profiles (features.profiles). */
  profilesOwn: boolean;
  disabled: boolean;
}) {
  const pools = useQuery(poolsQuery);
  const networks = useQuery(networksQuery);
  const off = disabled || !profilesOwn;
  return (
    <fieldset className="project-fieldset">
      <legend>Default profile</legend>
      <p className="p-form-help-text">
        {profilesOwn
          ? "The new project's default profile gets a root disk on this pool and an eth0 on this network."
          : 'Without its own profiles the project uses the default project\u2019s default profile.'}
      </p>
      <div className="project-grid">
        <ChoiceField
          label="Default storage pool"
          options={pools.data ?? []}
          value={value.pool}
          disabled={off}
          onChange={(pool) => {
            onChange({ ...value, pool });
          }}
        />
        <ChoiceField
          label="Default network"
          options={networks.data ?? []}
          value={value.network}
          disabled={off}
          onChange={(network) => {
            onChange({ ...value, network });
          }}
        />
      </div>
    </fieldset>
  );
}
