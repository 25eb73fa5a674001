/** The warnings list's bulk acknowledge and delete, run by the one bulk queue. */
import { acknowledgeWarning, deleteWarning } from '../../lxd/endpoints/warnings';
import { refreshAfter, type BulkExecutors, type ExecutorContext } from '../../shared/bulk-queue';
import { warningKeys } from './queries';

export const WARNING_KINDS = {
  acknowledge: 'warning.acknowledge',
  delete: 'warning.delete',
} as const;

export interface WarningParams {
  uuid: string;
}

/** Runs `call` on the warning, then has the warning lists asked for again. */
const warningExecutor =
  (call: (uuid: string) => Promise<void>) =>
  async (params: WarningParams, context: ExecutorContext) => {
    try {
      await call(params.uuid);
    } finally {
      refreshAfter(context, warningKeys.all);
    }
  };

export const warningBulkExecutors: BulkExecutors = {
  [WARNING_KINDS.acknowledge]: warningExecutor(acknowledgeWarning),
  [WARNING_KINDS.delete]: warningExecutor(deleteWarning),
};
