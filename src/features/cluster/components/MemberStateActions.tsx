import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  startClusterMemberStateChange,
  type ClusterMemberAction,
} from '../../../lxd/endpoints/cluster';
import { waitForOperation } from '../../../lxd/operations';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';
import { evacuationModes, restoreModes, stateProgress, type StateMode } from '../form';
import { clusterKeys } from '../queries';

const ACTION = {
  evacuate: { doing: 'Evacuating', done: 'evacuated', failed: 'Could not evacuate' },
  restore: { doing: 'Restoring', done: 'restored', failed: 'Could not restore' },
} as const;

function ModePicker({
  modes,
  value,
  onChange,
  defaultLabel,
}: {
  modes: readonly StateMode[];
  value: string;
  onChange: (mode: string) => void;
  /** The first choice, sending no mode; absent when a mode is required. */
  defaultLabel?: string;
}) {
  const id = useId();
  return (
    <div className="p-form__group cluster-mode">
      <label htmlFor={id}>Mode</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {defaultLabel !== undefined && <option value="">{defaultLabel}</option>}
        {modes.map((mode) => (
          <option key={mode.value} value={mode.value}>
            {mode.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Evacuate (an online member) or restore (an evacuated one), each after a confirmation with the
 * modes the server accepts; the dialog shows the operation's progress, a notification its end.
 */
export function MemberStateActions({ member }: { member: LxdClusterMember }) {
  const client = useQueryClient();
  const notify = useNotify();
  const extensions = useAuth().server.api_extensions;
  const denied = usePermissions().onServer('changeClusterMembers');
  const name = member.server_name;
  const evacuate = evacuationModes(extensions);
  const restore = restoreModes(extensions);
  const [mode, setMode] = useState('');
  const [progress, setProgress] = useState<string>();

  const run = async (action: ClusterMemberAction) => {
    const words = ACTION[action];
    const noteId = `cluster-member-state-${name}`;
    setProgress(`${words.doing} ${name}…`);
    notify.info(`${words.doing} ${name}`, undefined, undefined, { id: noteId });
    try {
      const operation = await startClusterMemberStateChange(name, action, mode || undefined);
      // Long-poll one second at a time so that the dialog follows the operation's progress.
      for (let done = operation === undefined; !done;) {
        const current = await waitForOperation(operation ?? '', { timeoutSeconds: 1 });
        done = current.status !== 'Running' && current.status !== 'Pending';
        const line = stateProgress(current.metadata);
        if (line) setProgress(line);
      }
    } catch (error) {
      notify.failure(`${words.failed} ${name}`, error, undefined, { id: noteId });
      await client.invalidateQueries({ queryKey: clusterKeys.all });
      throw error;
    } finally {
      setProgress(undefined);
    }
    await client.invalidateQueries({ queryKey: clusterKeys.all });
    notify.success(
      `Member ${name} ${words.done}`,
      undefined,
      [{ label: `Instances on ${name}`, to: paths.clusterMember(name, 'instances') }],
      { id: noteId },
    );
  };

  const progressLine = progress && (
    <p className="cluster-progress" role="status" aria-live="polite">
      {progress}
    </p>
  );

  if (member.status === 'Evacuated') {
    return (
      <ConfirmButton
        label="Restore"
        title={`Restore ${name}`}
        confirmLabel="Restore"
        reason={denied}
        onOpen={() => setMode('')}
        message={
          <p>
            <strong>{name}</strong> takes instances again; the instances evacuated from it are moved
            back or started.
          </p>
        }
        extra={
          <>
            {restore.length > 0 && (
              <ModePicker
                modes={restore}
                value={mode}
                onChange={setMode}
                defaultLabel="Default: move instances back and start them"
              />
            )}
            {progressLine}
          </>
        }
        onConfirm={() => run('restore')}
      />
    );
  }
  const online = member.status === 'Online';
  const reason =
    denied ??
    (online
      ? undefined
      : `Only an online member can be evacuated (${name} is ${member.status.toLowerCase()})`);
  return (
    <ConfirmButton
      label="Evacuate"
      title={`Evacuate ${name}`}
      confirmLabel="Evacuate"
      danger
      reason={reason}
      onOpen={() => setMode(evacuate[0]?.value ?? '')}
      message={
        evacuate.length > 0 ? (
          <p>
            The instances on <strong>{name}</strong> are handled as the mode says, and the member
            takes no new instances until it is restored.
          </p>
        ) : (
          <p>
            The instances on <strong>{name}</strong> are moved to other members or stopped, as each
            one&apos;s <code>cluster.evacuate</code> says (this server takes no mode), and the
            member takes no new instances until it is restored.
          </p>
        )
      }
      extra={
        <>
          {evacuate.length > 0 && <ModePicker modes={evacuate} value={mode} onChange={setMode} />}
          {progressLine}
        </>
      }
      onConfirm={() => run('evacuate')}
    />
  );
}
