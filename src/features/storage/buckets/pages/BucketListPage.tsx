import type { PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import { hasServerExtension } from '../../../../shared/auth/context';
import { listPage } from '../../../../shared/pages';
import { BucketActions } from '../components/BucketActions';
import { BucketsEmpty, CreateBucketButton, useBucketRows } from '../components/BucketListActions';
import { BUCKET_LIST, bucketColumns } from '../components/bucketColumns';
import { BUCKET_EXTENSION, BUCKET_MESSAGES } from '../rules';
import '../buckets.scss';

/** /ui/project/{project}/storage/buckets (servers with `storage_buckets`). */
export const BucketListPage = listPage<PoolBucket>({
  ...BUCKET_LIST,
  title: 'Buckets',
  className: 'bucket-page',
  unavailable: ({ auth }) =>
    hasServerExtension(auth, BUCKET_EXTENSION) ? undefined : BUCKET_MESSAGES.unsupported,
  useRows: useBucketRows,
  columns: ({ project, auth }) => bucketColumns(project, auth.isClustered),
  create: ({ project }) => <CreateBucketButton project={project} />,
  rowActions:
    ({ project }) =>
    (bucket) => <BucketActions project={project} bucket={bucket} dense />,
  table: { actionsWidth: 7 },
  empty: ({ project }) => <BucketsEmpty project={project} />,
});
