/** The identity list's Add groups / Remove groups, run by the one bulk queue. */
import { changeIdentityGroups } from '../../lxd/endpoints/auth';
import { refreshAfter, type BulkExecutors, type ExecutorContext } from '../../shared/bulk-queue';
import { changeGroups } from './access/rules';
import { permissionsKeys } from './keys';

export const IDENTITY_GROUPS = 'identity.groups';

export interface IdentityGroupsParams {
  method: string;
  id: string;
  add: string[];
  remove: string[];
}

/** Reads the identity's groups (and ETag), then writes them with the change (a 412 reads again). */
async function runGroups(params: IdentityGroupsParams, context: ExecutorContext) {
  try {
    await changeIdentityGroups(params.method, params.id, (current) =>
      changeGroups(current, params.add, params.remove),
    );
  } finally {
    refreshAfter(context, permissionsKeys.all);
  }
}

export const permissionsBulkExecutors: BulkExecutors = { [IDENTITY_GROUPS]: runGroups };
