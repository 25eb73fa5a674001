import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { MigrationMode } from '../../lxd/endpoints/migration';
import { RadioInput, SelectInput } from '../../shared/forms';
import { destinationChoicesQuery } from './migration';
import { remoteFacts } from './model';
import type { ConsoleRemote } from './remotes';

/** What the destination choice calls another remote. */
export const REMOTE_DESTINATION_LABEL = 'Another server';

/**
 * "This server" or "Another server" (field `destination`, values `here` and `remote`), offered
 * when there is another remote to go to.
 */
export function DestinationChoice({
  legend,
  disabled,
}: {
  legend: string;
  disabled?: boolean | undefined;
}) {
  return (
    <RadioInput
      name="destination"
      legend={legend}
      disabled={disabled}
      options={[
        { value: 'here', label: 'This server' },
        { value: 'remote', label: REMOTE_DESTINATION_LABEL },
      ]}
    />
  );
}

/** The form values these fields bind (beside the dialog's own). */
export interface RemoteDestinationValues {
  /** The target remote's name ('' until one is chosen). */
  remote: string;
  remoteProject: string;
  /** '' keeps the instance's root disk as it is (instances only). */
  remotePool: string;
  /** '' lets a clustered target choose. */
  remoteMember: string;
  mode: MigrationMode;
}

/** Another server as the destination of a copy or move (an instance's or a volume's). */
export interface RemoteDestination {
  remote: string;
  project: string;
  /** The pool there ('' keeps an instance's root disk as it is). */
  pool: string;
  /** A member of a clustered remote ('' lets it choose). */
  member: string;
  mode: MigrationMode;
}

/** The destination the fields' values name. */
export function remoteDestination(values: RemoteDestinationValues): RemoteDestination {
  return {
    remote: values.remote,
    project: values.remoteProject,
    pool: values.remotePool,
    member: values.remoteMember,
    mode: values.mode,
  };
}

export const REMOTE_DESTINATION_DEFAULTS: RemoteDestinationValues = {
  remote: '',
  remoteProject: 'default',
  remotePool: '',
  remoteMember: '',
  mode: 'pull',
};

export const TRANSFER_HELP =
  "The server that connects must reach the other's address: the target connects to the source when it pulls, the source to the target when it pushes.";

/** What a dialog checks before sending: a remote, and a pool when one is required. */
export function remoteDestinationProblems(
  values: RemoteDestinationValues,
  poolRequired: boolean,
): Record<string, string | undefined> {
  return {
    remote: values.remote ? undefined : 'Choose the server to send to',
    remoteProject: values.remote && !values.remoteProject ? 'Choose a project' : undefined,
    remotePool:
      poolRequired && values.remote && !values.remotePool ? 'Choose a storage pool' : undefined,
  };
}

/**
 * The target server (another remote), then its project, storage pool and, on a cluster, its
 * member (asked of that remote), and how the data travels. Fields of a kit form whose values
 * include RemoteDestinationValues.
 */
export function RemoteDestinationFields({
  remotes,
  poolRequired,
  refusal,
}: {
  /** The remotes that may be chosen (not the page's own). */
  remotes: readonly ConsoleRemote[];
  /** Volumes need a pool; an instance may keep its root disk device as it is. */
  poolRequired: boolean;
  /** Why the chosen remote cannot receive, shown under it. */
  refusal: string | undefined;
}) {
  const { setValue } = useFormContext<RemoteDestinationValues>();
  const name = useWatch<RemoteDestinationValues, 'remote'>({ name: 'remote' });
  const chosen = remotes.find((remote) => remote.name === name);
  const clustered = chosen?.clustered === true;
  const choices = useQuery({
    ...destinationChoicesQuery(name, clustered),
    enabled: chosen !== undefined && refusal === undefined,
  });
  // Another remote's choices are not this one's: start again from its default project.
  useEffect(() => {
    setValue('remoteProject', 'default');
    setValue('remotePool', '');
    setValue('remoteMember', '');
  }, [name, setValue]);

  const loading = choices.isPending ? 'Loading…' : undefined;
  const options = (list: readonly string[] | null | undefined) =>
    (list ?? []).map((value) => ({ value, label: value }));
  return (
    <>
      <SelectInput
        name="remote"
        label="Target server"
        empty="Choose a server"
        options={remotes.map((remote) => ({
          value: remote.name,
          label: `${remote.name} (${remoteFacts(remote).join(', ')})`,
        }))}
      />
      {refusal && (
        <p className="p-form-validation__message" role="status">
          {refusal}
        </p>
      )}
      {chosen && !refusal && (
        <>
          {choices.error && (
            <p className="p-form-validation__message" role="alert">
              {`Could not read ${chosen.name}'s projects and pools: ${choices.error.message}`}
            </p>
          )}
          <SelectInput
            name="remoteProject"
            label="Target project"
            empty={loading}
            options={options(choices.data?.projects)}
          />
          <SelectInput
            name="remotePool"
            label="Target storage pool"
            empty={loading ?? (poolRequired ? 'Choose a pool' : 'As the instance’s devices say')}
            options={options(choices.data?.pools)}
          />
          {clustered && (
            <SelectInput
              name="remoteMember"
              label="Target member"
              empty={loading ?? 'Any member (the cluster chooses)'}
              options={options(choices.data?.members)}
            />
          )}
          <RadioInput
            name="mode"
            legend="Transfer"
            options={[
              { value: 'pull', label: 'Target pulls' },
              { value: 'push', label: 'Source pushes' },
            ]}
          />
          <p className="p-form-help-text">{TRANSFER_HELP}</p>
        </>
      )}
    </>
  );
}
