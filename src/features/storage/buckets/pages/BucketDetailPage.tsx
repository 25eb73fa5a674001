import { useQuery } from '@tanstack/react-query';
import type { BucketRef, PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import { hasServerExtension } from '../../../../shared/auth/context';
import { detailPage, type DetailContext } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { BucketActions } from '../components/BucketActions';
import { BucketKeys } from '../components/BucketKeys';
import { BucketOverview } from '../components/BucketOverview';
import { bucketPath } from '../components/bucketColumns';
import { bucketQuery } from '../queries';
import { BUCKET_EXTENSION, BUCKET_MESSAGES } from '../rules';
import '../buckets.scss';

/** The bucket a page shows; a local bucket of a cluster names its member (`?member=`). */
const refOf = ({ project, params, name, search }: DetailContext): BucketRef => ({
  project,
  pool: params.pool ?? '',
  bucket: name,
  member: search.get('member') ?? undefined,
});

/** /ui/project/{project}/storage/pool/{pool}/bucket/{name}[/keys][?member=…]. */
export const BucketDetailPage = detailPage<PoolBucket>({
  noun: 'bucket',
  tabsLabel: 'Bucket views',
  idPrefix: 'bucket',
  unavailable: ({ auth }) =>
    hasServerExtension(auth, BUCKET_EXTENSION) ? undefined : BUCKET_MESSAGES.unsupported,
  useDetail: (context) => useQuery(bucketQuery(refOf(context), context.auth.isFineGrained)),
  parent: ({ project }) => ({ label: 'Buckets', to: paths.storageBuckets(project) }),
  actions: (bucket, { project }) => <BucketActions project={project} bucket={bucket} />,
  path: (context, tab) => bucketPath(refOf(context), tab),
  tabs: [
    {
      id: 'overview',
      label: 'Overview',
      render: (bucket, { project, auth }) => (
        <BucketOverview project={project} bucket={bucket} clustered={auth.isClustered} />
      ),
    },
    {
      id: 'keys',
      label: 'Keys',
      render: (bucket, context) => (
        <BucketKeys
          bucketRef={refOf(context)}
          reason={context.permissions.on('bucket', 'edit', bucket)}
        />
      ),
    },
  ],
});
