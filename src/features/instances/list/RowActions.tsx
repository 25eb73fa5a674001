import type { ReactNode } from 'react';
import { GatedButton } from '../../../shared/ui/Gated';
import { stateActionFor, useInstanceActivity, type BulkAction } from '../actions';
import type { InstanceListItem } from '../list-item';
import { PauseIcon, PlayIcon, RestartIcon, StopIcon } from './icons';

export type RowAction = BulkAction;

interface Shown {
  action: RowAction;
  label: string;
  icon: ReactNode;
}

/** The quick actions that apply to an instance in its status (spec §4 table). */
export function rowActionsFor(item: Pick<InstanceListItem, 'status'>): Shown[] {
  const shown: Shown[] = [];
  const start = stateActionFor('start', item.status);
  if (start) {
    shown.push({
      action: 'start',
      label: start === 'unfreeze' ? 'Unfreeze' : 'Start',
      icon: <PlayIcon />,
    });
  }
  if (stateActionFor('freeze', item.status)) {
    shown.push({ action: 'freeze', label: 'Freeze', icon: <PauseIcon /> });
  }
  if (stateActionFor('restart', item.status)) {
    shown.push({ action: 'restart', label: 'Restart', icon: <RestartIcon /> });
  }
  if (stateActionFor('stop', item.status)) {
    shown.push({ action: 'stop', label: 'Stop', icon: <StopIcon /> });
  }
  return shown;
}

export function RowActions({
  item,
  onAction,
  reason,
}: {
  item: InstanceListItem;
  onAction: (action: RowAction, item: InstanceListItem) => void;
  /** Why the state may not be changed (no permission), if so. */
  reason: string | undefined;
}) {
  const busy = useInstanceActivity(item.project, item.name) !== undefined;
  return (
    <div className="instance-row-actions">
      {rowActionsFor(item).map(({ action, label, icon }) => (
        <GatedButton
          key={action}
          className="p-button--base is-dense has-icon instance-row-actions__button"
          aria-label={`${label} ${item.name}`}
          title={label}
          reason={reason}
          disabled={busy}
          onClick={() => {
            onAction(action, item);
          }}
        >
          {icon}
        </GatedButton>
      ))}
    </div>
  );
}
