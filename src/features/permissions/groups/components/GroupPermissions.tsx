import { useFormContext, useWatch } from 'react-hook-form';
import type { LxdPermission } from '../../../../lxd/types/auth';
import { SortedTable, textColumn, type ListColumn } from '../../../../shared/ui/list';
import type { GroupFormValues } from '../form';
import { describePermission, entityLabel, entityTypeLabel, permissionKey } from '../permissions';
import { PermissionPicker } from './PermissionPicker';

const entityName = (permission: LxdPermission) =>
  entityLabel(permission.url) || entityTypeLabel(permission.entity_type);

const PERMISSION_COLUMNS: ListColumn<LxdPermission>[] = [
  textColumn('type', 'Entity type', (permission) => entityTypeLabel(permission.entity_type), {
    width: 12,
  }),
  textColumn('entity', 'Entity', entityName),
  textColumn('entitlement', 'Entitlement', (permission) => permission.entitlement, { width: 14 }),
];

/** The group's permissions (the form's `permissions`): a table to remove from, a picker to add. */
export function GroupPermissions({
  headingId,
  readOnly,
}: {
  headingId: string;
  readOnly: boolean;
}) {
  const { control, getValues, setValue } = useFormContext<GroupFormValues>();
  const permissions = useWatch({ control, name: 'permissions' });
  const change = (next: LxdPermission[]) => {
    setValue('permissions', next, { shouldDirty: true, shouldTouch: true });
  };
  return (
    <section className="group-form__section" aria-labelledby={headingId}>
      <h2 className="p-heading--5" id={headingId}>
        Permissions
      </h2>
      <SortedTable<LxdPermission>
        label="Permissions"
        rows={permissions}
        columns={PERMISSION_COLUMNS}
        rowKey={permissionKey}
        rowLabel={describePermission}
        initialSort={{ column: 'type', direction: 'ascending' }}
        empty="No permissions yet."
        actionsWidth={8.5}
        rowActions={
          readOnly
            ? undefined
            : (permission) => (
                <button
                  type="button"
                  className="p-button--base is-dense"
                  aria-label={`Remove ${describePermission(permission)}`}
                  onClick={() => {
                    change(
                      getValues('permissions').filter(
                        (candidate) => permissionKey(candidate) !== permissionKey(permission),
                      ),
                    );
                  }}
                >
                  Remove
                </button>
              )
        }
      />
      {!readOnly && (
        <PermissionPicker
          permissions={permissions}
          onAdd={(permission) => {
            change([...getValues('permissions'), permission]);
          }}
        />
      )}
    </section>
  );
}
