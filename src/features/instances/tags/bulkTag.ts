/**
 * Bulk tag from the instance list: the one function the Tag dialog hands the selected instances
 * and the change to. Each instance's work is exactly `applyTagChange` (read `user.tags`, PATCH
 * it); this runs them with the shared bulk runner and tells the outcome. (The bulk queue of
 * issue #34 takes this function's place: it is the only one to switch.)
 */
import { useCallback } from 'react';
import { useNotify } from '../../../shared/notifications';
import { bulkFailures, bulkSummary, runBulk, type BulkOutcome } from '../../../shared/pages/bulk';
import { applyTagChange, type TagTarget } from './api';
import type { TagChange } from './tags';

const NOUN = { one: 'instance', other: 'instances' };

/** Runs a tag change over the selected instances and notifies "2 instances tagged". */
export function useBulkTag() {
  const notify = useNotify();
  return useCallback(
    async (selected: readonly TagTarget[], change: TagChange): Promise<BulkOutcome<TagTarget>> => {
      const outcome = await runBulk(selected, (instance) => applyTagChange(instance, change));
      const summary = bulkSummary(outcome, NOUN, 'tagged');
      if (outcome.failed.length === 0) notify.success(summary);
      else
        notify.failure(
          summary,
          bulkFailures(outcome, (instance) => instance.name),
        );
      return outcome;
    },
    [notify],
  );
}
