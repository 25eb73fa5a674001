import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from '../../../../shared/routing/router';
import type { PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListFilter,
  type ListSearch,
} from '../../../../shared/ui/list';
import { BucketActions } from '../components/BucketActions';
import { BUCKET_LIST_ID, BUCKET_LIST_SORT, bucketColumns } from '../components/bucketColumns';
import { CreateBucketModal } from '../components/CreateBucketModal';
import { bucketsQuery } from '../queries';
import { BUCKET_EXTENSION, BUCKET_MESSAGES, bucketKey, matchBucket } from '../rules';
import '../buckets.scss';

const NOUN = { one: 'bucket', other: 'buckets' };
const SEARCH: ListSearch<PoolBucket> = {
  label: 'Search buckets',
  placeholder: 'Search by name, description or pool',
  compile: matchBucket,
};
const rowLabel = (bucket: PoolBucket) => bucket.name;
const EMPTY: readonly string[] = [];

function CreateButton({ reason, onClick }: { reason: string | undefined; onClick: () => void }) {
  return (
    <GatedButton className="p-button--positive" reason={reason} onClick={onClick}>
      Create bucket
    </GatedButton>
  );
}

function BucketList({ project }: { project: string }) {
  const { isFineGrained, isClustered } = useAuth();
  const [params] = useSearchParams();
  const list = useQuery(bucketsQuery(project, isFineGrained));
  const denied = usePermissions().inProject(project, 'createStorageBuckets');
  const [creating, setCreating] = useState(false);
  const pools = list.data?.pools ?? EMPTY;
  const columns = useMemo(() => bucketColumns(project, isClustered), [project, isClustered]);
  const filters = useMemo<ListFilter<PoolBucket>[]>(
    () => [
      {
        param: 'pool',
        label: 'Pool',
        options: pools.map((pool) => ({ value: pool, label: pool })),
        match: (bucket, value) => bucket.pool === value,
      },
    ],
    [pools],
  );
  const view = useListView({
    id: BUCKET_LIST_ID,
    rows: list.data?.buckets,
    columns,
    rowKey: bucketKey,
    defaultSort: BUCKET_LIST_SORT,
    search: SEARCH,
    filters,
  });
  const rowActions = useCallback(
    (bucket: PoolBucket) => <BucketActions project={project} bucket={bucket} dense />,
    [project],
  );
  const createReason = denied
    ? denied
    : list.isPending
      ? 'Loading the storage pools…'
      : !list.data
        ? 'The storage pools could not be loaded'
        : pools.length === 0
          ? BUCKET_MESSAGES.noPools
          : undefined;
  const openCreate = () => {
    setCreating(true);
  };

  return (
    <>
      <PageHeader title={<span id="buckets-heading">Buckets</span>}>
        <CreateButton reason={createReason} onClick={openCreate} />
      </PageHeader>
      <ResourceList<PoolBucket>
        view={view}
        label="Buckets"
        noun={NOUN}
        query={list}
        rowLabel={rowLabel}
        rowActions={rowActions}
        actionsWidth={7}
        empty={{
          body: (
            <p>
              {pools.length === 0
                ? BUCKET_MESSAGES.noPools
                : 'Buckets are S3-compatible object stores in a storage pool.'}
            </p>
          ),
          action: <CreateButton reason={createReason} onClick={openCreate} />,
        }}
      />
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

/** /ui/project/{project}/storage/buckets (servers with `storage_buckets`). */
export function BucketListPage() {
  const { project = 'default' } = useParams();
  const auth = useAuth();
  const supported = hasServerExtension(auth, BUCKET_EXTENSION);
  return (
    <section className="list-page bucket-page" aria-labelledby="buckets-heading">
      {supported ? (
        <BucketList project={project} />
      ) : (
        <>
          <PageHeader title={<span id="buckets-heading">Buckets</span>} />
          <p className="bucket-note" role="note">
            {BUCKET_MESSAGES.unsupported}
          </p>
        </>
      )}
    </section>
  );
}
