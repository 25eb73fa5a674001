import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import type { ListRows, PageContext } from '../../../../shared/pages';
import { useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { useSearchParams } from '../../../../shared/routing/router';
import { GatedButton } from '../../../../shared/ui/Gated';
import { bucketsQuery } from '../queries';
import { BUCKET_MESSAGES } from '../rules';
import { CreateBucketModal } from './CreateBucketModal';

const NO_POOLS: readonly string[] = [];

/** The buckets of every pool that has them, and the pool filter: every such pool, even empty. */
export function useBucketRows({ project, auth }: PageContext): ListRows<PoolBucket> {
  const list = useQuery(bucketsQuery(project, auth.isFineGrained));
  const pools = list.data?.pools ?? NO_POOLS;
  const filters = useMemo(
    () => [
      {
        param: 'pool',
        label: 'Pool',
        options: pools.map((pool) => ({ value: pool, label: pool })),
        match: (bucket: PoolBucket, value: string) => bucket.pool === value,
      },
    ],
    [pools],
  );
  return { rows: list.data?.buckets, query: list, filters };
}

/**
 * "Create bucket": the create dialog (in the pool of `?pool=` when it has buckets), when the
 * identity may create buckets and a pool takes them.
 */
export function CreateBucketButton({ project }: { project: string }) {
  const { isFineGrained } = useAuth();
  const list = useQuery(bucketsQuery(project, isFineGrained));
  const [params] = useSearchParams();
  const denied = usePermissions().inProject(project, 'createStorageBuckets');
  const [creating, setCreating] = useState(false);
  const pools = list.data?.pools ?? NO_POOLS;
  const reason =
    denied ??
    (list.isPending
      ? 'Loading the storage pools…'
      : !list.data
        ? 'The storage pools could not be loaded'
        : pools.length === 0
          ? BUCKET_MESSAGES.noPools
          : undefined);
  return (
    <>
      <GatedButton
        className="p-button--positive"
        reason={reason}
        onClick={() => {
          setCreating(true);
        }}
      >
        Create bucket
      </GatedButton>
      {creating && (
        <CreateBucketModal
          project={project}
          pools={pools}
          buckets={list.data?.buckets ?? []}
          initialPool={params.get('pool') ?? undefined}
          onClose={() => {
            setCreating(false);
          }}
        />
      )}
    </>
  );
}

/** What an empty list says: that no pool takes buckets, or what buckets are. */
export function BucketsEmpty({ project }: { project: string }) {
  const { isFineGrained } = useAuth();
  const list = useQuery(bucketsQuery(project, isFineGrained));
  return (
    <p>
      {(list.data?.pools ?? NO_POOLS).length === 0
        ? BUCKET_MESSAGES.noPools
        : 'Buckets are S3-compatible object stores in a storage pool.'}
    </p>
  );
}
