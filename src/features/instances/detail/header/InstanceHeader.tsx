import { useContext, useState } from 'react';
import { Link, useNavigate } from '../../../../shared/routing/router';
import { clientCommand } from '../../../../lxd/product';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { AuthContext } from '../../../../shared/auth/context';
import { useProductName } from '../../../../shared/auth/product';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { ActionsMenu, type MenuAction } from '../../../../shared/ui/ActionsMenu';
import { GatedButton } from '../../../../shared/ui/Gated';
import { BELOW_LARGE_QUERY } from '../../../../shared/layout/breakpoints';
import { useMediaQuery } from '../../../../shared/ui/list/useListState';
import { paths } from '../../../../shared/routing/paths';
import { PublishImageModal } from '../../../images';
import {
  BULK_ACTION_LABELS,
  IN_PROGRESS_WORDS,
  InstanceActionModal,
  InstanceStatus,
  MoveModal,
  planBulkAction,
  removeInstance,
  startActivity,
  stateActionFor,
  useInstanceActions,
  useInstanceActivity,
  type ActionRequest,
  type BulkAction,
} from '../../actions';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';
import { usePaletteActions } from '../../../../shared/palette';
import { CopyModal } from './CopyModal';
import {
  backupExportUrl,
  createBackup,
  deleteBackup,
} from '../../../../lxd/endpoints/instance-detail';
import { ExportBackupModal } from '../../../../shared/ui/ExportBackupModal';
import { RenameTitle } from './RenameTitle';
import './header.scss';

const STATE_ACTIONS: readonly BulkAction[] = ['start', 'restart', 'freeze', 'stop'];
/** Why an action of the palette waits (its button is disabled without a reason meanwhile). */
export const BUSY_REASON = 'Wait until the running action on this instance has finished';
/** The terminal tab's own words for a stopped instance. */
export const TERMINAL_NEEDS_RUNNING = 'Start the instance to open a terminal in it';

type Dialog =
  | ActionRequest<LxdInstance>
  | { kind: 'copy' }
  | { kind: 'migrate' }
  | { kind: 'export' }
  | { kind: 'image' };

/** LXD publishes only a stopped instance (a snapshot of a running one can be published). */
export const PUBLISH_NEEDS_STOP =
  'Stop the instance to create an image from it, or create one from a snapshot';

/**
 * Name (with rename), status, state actions (spec §4), delete, copy, migrate, backup export and
 * create image (behind an Actions menu below the large threshold).
 */
export function InstanceHeader({
  instance,
  tab,
}: {
  instance: LxdInstance;
  tab: string | undefined;
}) {
  const { project, name } = instance;
  const busy = useInstanceActivity(project, name) !== undefined;
  const { runStateChange } = useInstanceActions();
  const notify = useNotify();
  const product = useProductName();
  const client = clientCommand(useContext(AuthContext)?.server);
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const close = useStableCallback(() => setDialog(undefined));
  const permissions = usePermissions();
  const stateReason = permissions.on('instance', 'updateState', instance);
  const publishReason =
    permissions.inProject(project, 'createImages') ??
    (instance.status !== 'Stopped' ? PUBLISH_NEEDS_STOP : undefined);

  // Narrower than large, the actions other than the state changes go behind one menu.
  const compact = useMediaQuery(BELOW_LARGE_QUERY);
  const more: MenuAction[] = [
    {
      label: 'Copy',
      reason: permissions.inProject(project, 'createInstances'),
      onSelect: () => setDialog({ kind: 'copy' }),
    },
    {
      label: 'Migrate',
      disabled: busy,
      reason: permissions.on('instance', 'edit', instance),
      onSelect: () => setDialog({ kind: 'migrate' }),
    },
    {
      label: 'Export backup',
      reason: permissions.on('instance', 'manageBackups', instance),
      onSelect: () => setDialog({ kind: 'export' }),
    },
    {
      label: 'Create image',
      disabled: busy,
      reason: publishReason,
      onSelect: () => setDialog({ kind: 'image' }),
    },
    {
      label: 'Delete',
      negative: true,
      disabled: busy,
      reason: permissions.on('instance', 'delete', instance),
      onSelect: () => setDialog({ kind: 'delete', instances: [instance] }),
    },
  ];

  const act = (action: BulkAction) => {
    const plan = planBulkAction(action, [instance]);
    // Starting asks nothing; stopping, restarting and freezing ask first (with force).
    if (action === 'start') void runStateChange(plan, { force: false });
    else setDialog({ kind: 'state', plan });
  };

  // The same actions in the command palette, with the same reasons.
  const busyReason = busy ? BUSY_REASON : undefined;
  usePaletteActions([
    ...STATE_ACTIONS.flatMap((action) => {
      const sentAs = stateActionFor(action, instance.status);
      if (!sentAs) return [];
      const label = sentAs === 'unfreeze' ? 'Unfreeze' : BULK_ACTION_LABELS[action];
      return [{ id: action, label, reason: stateReason ?? busyReason, run: () => act(action) }];
    }),
    ...more.map((action) => ({
      id: action.label,
      label: action.label,
      reason: action.reason ?? (action.disabled ? BUSY_REASON : undefined),
      run: action.onSelect,
    })),
    {
      id: 'terminal',
      label: 'Open terminal',
      reason:
        permissions.on('instance', 'exec', instance) ??
        (instance.status === 'Running' ? undefined : TERMINAL_NEEDS_RUNNING),
      run: () => void navigate(paths.instance(project, name, 'terminal')),
    },
    {
      id: 'console',
      label: 'Open console',
      reason: permissions.on('instance', 'console', instance),
      run: () => void navigate(paths.instance(project, name, 'console')),
    },
  ]);

  const remove = async (force: boolean) => {
    const stop = startActivity(project, name, IN_PROGRESS_WORDS.delete);
    try {
      await removeInstance(instance, { forceStop: force });
      notify.success(`Instance ${name} deleted`);
      void navigate(paths.instances(project));
    } catch (error) {
      notify.failure(`Instance ${name} could not be deleted`, error);
    } finally {
      stop();
    }
  };

  return (
    <header className="instance-header">
      <nav aria-label="Breadcrumbs" className="instance-header__crumbs">
        <Link to={paths.instances(project)}>Instances</Link>
        <span aria-hidden="true"> / </span>
      </nav>
      <div className="instance-header__row">
        <RenameTitle key={name} instance={instance} tab={tab} />
        <InstanceStatus project={project} name={name} status={instance.status} />
        <div className="instance-header__actions" role="group" aria-label="Instance actions">
          {STATE_ACTIONS.map((action) => {
            const sentAs = stateActionFor(action, instance.status);
            if (!sentAs) return null;
            return (
              <GatedButton
                key={action}
                className={action === 'start' ? 'p-button--positive' : 'p-button'}
                disabled={busy}
                reason={stateReason}
                onClick={() => act(action)}
              >
                {sentAs === 'unfreeze' ? 'Unfreeze' : BULK_ACTION_LABELS[action]}
              </GatedButton>
            );
          })}
          {compact ? (
            <ActionsMenu label="Actions" actions={more} />
          ) : (
            more.map((action) => (
              <GatedButton
                key={action.label}
                className={action.negative ? 'p-button--negative' : 'p-button'}
                disabled={action.disabled}
                reason={action.reason}
                onClick={action.onSelect}
              >
                {action.label}
              </GatedButton>
            ))
          )}
        </div>
      </div>
      {dialog?.kind === 'state' && (
        <InstanceActionModal
          request={dialog}
          onClose={close}
          onConfirm={({ force }) => {
            setDialog(undefined);
            void runStateChange(dialog.plan, { force });
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <InstanceActionModal
          request={dialog}
          onClose={close}
          onConfirm={({ force }) => {
            setDialog(undefined);
            void remove(force);
          }}
        />
      )}
      {dialog?.kind === 'copy' && <CopyModal instance={instance} onClose={close} />}
      {dialog?.kind === 'migrate' && (
        <MoveModal
          instances={[instance]}
          onClose={close}
          onMoved={(_, to) => {
            // Its old address is gone: follow it to its new project.
            if (to.kind === 'project') void navigate(paths.instance(to.project, name));
          }}
        />
      )}
      {dialog?.kind === 'export' && (
        <ExportBackupModal
          subject={instance.name}
          help={
            <>
              The backup is a tarball that <code>{client} import</code> restores on any {product}{' '}
              server.
            </>
          }
          create={({ name: backup, expiresAt, withSnapshots, optimized }) =>
            createBackup(instance.project, instance.name, {
              name: backup,
              expires_at: expiresAt,
              instance_only: !withSnapshots,
              optimized_storage: optimized,
            })
          }
          exportUrl={(backup) => backupExportUrl(instance.project, instance.name, backup)}
          remove={(backup) => deleteBackup(instance.project, instance.name, backup)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'image' && (
        <PublishImageModal project={project} instance={name} onClose={close} />
      )}
    </header>
  );
}
