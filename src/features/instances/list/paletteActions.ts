/**
 * The instance list's actions in the command palette: Create instance, and with a selection the
 * same bulk actions as the bar's buttons (they open the same confirmation).
 */
import { usePaletteActions, type PaletteAction } from '../../../shared/palette';
import type { Permissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { useNavigate } from '../../../shared/routing/router';
import { BULK_ACTION_LABELS, BULK_ACTIONS, type BulkAction } from '../actions';
import type { InstanceListItem } from '../list-item';

const NOUN = { one: 'instance', other: 'instances' };

export interface InstanceListPaletteOptions {
  /** Undefined in the all-projects view (no Create there). */
  project: string | undefined;
  selection: { selectedRows: InstanceListItem[]; clear: () => void };
  permissions: Permissions;
  /** What the bar's buttons do with the selection. */
  openBulk: (
    action: BulkAction | 'delete',
    selected: InstanceListItem[],
    clear: () => void,
  ) => void;
}

export function useInstanceListPalette({
  project,
  selection,
  permissions,
  openBulk,
}: InstanceListPaletteOptions): void {
  const navigate = useNavigate();
  const { selectedRows: selected, clear } = selection;
  const actions: PaletteAction[] = [];
  if (project !== undefined) {
    actions.push({
      id: 'create',
      label: 'Create instance',
      reason: permissions.inProject(project, 'createInstances'),
      run: () => void navigate(paths.instanceCreate(project)),
    });
  }
  if (selected.length > 0) {
    const of = `${String(selected.length)} selected ${selected.length === 1 ? NOUN.one : NOUN.other}`;
    const stateReason = permissions.onEach(NOUN, 'updateState', selected);
    for (const action of BULK_ACTIONS) {
      actions.push({
        id: `bulk-${action}`,
        label: `${BULK_ACTION_LABELS[action]} ${of}`,
        reason: stateReason,
        run: () => {
          openBulk(action, selected, clear);
        },
      });
    }
    actions.push({
      id: 'bulk-delete',
      label: `Delete ${of}`,
      reason: permissions.onEach(NOUN, 'delete', selected),
      run: () => {
        openBulk('delete', selected, clear);
      },
    });
  }
  usePaletteActions(actions);
}
