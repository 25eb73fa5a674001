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
import { useWatch } from 'react-hook-form';
import { SelectInput } from '../../shared/forms';
import { isTrue, type ProjectDefaults } from './form';
import { PROJECT_FEATURES } from './keys';

export type { ProjectDefaults } from './form';

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

const PROFILES = PROJECT_FEATURES.find((feature) => feature.key === 'features.profiles');
const choices = (names: readonly string[] | undefined) =>
  (names ?? []).map((name) => ({ value: name, label: name }));

/** The two choices of the create form's details section (`defaults.pool`, `defaults.network`). */
export function ProjectDefaultsFields({ disabled }: { disabled: boolean }) {
  const pools = useQuery(poolsQuery);
  const networks = useQuery(networksQuery);
  // Whether the new project has its own profiles (features.profiles).
  const profilesOwn = isTrue(
    useWatch({ name: `config.${PROFILES?.id ?? 'features_profiles'}` }) as string | undefined,
  );
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
        <SelectInput
          name="defaults.pool"
          label="Default storage pool"
          options={choices(pools.data)}
          empty="Not set"
          disabled={off}
        />
        <SelectInput
          name="defaults.network"
          label="Default network"
          options={choices(networks.data)}
          empty="Not set"
          disabled={off}
        />
      </div>
    </fieldset>
  );
}
