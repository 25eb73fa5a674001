import { bucketTarget, type PoolBucket } from '../../../../lxd/endpoints/storage-buckets';
import { paths } from '../../../../shared/routing/paths';
import { Link } from '../../../../shared/routing/router';
import { bucketSize } from '../rules';
import { S3UrlCell } from './bucketColumns';

/** Pool, S3 URL (with copy), size, description, and the member of a local bucket. */
export function BucketOverview({
  project,
  bucket,
  clustered,
}: {
  project: string;
  bucket: PoolBucket;
  clustered: boolean;
}) {
  return (
    <dl className="page-facts bucket-overview">
      <dt>Pool</dt>
      <dd>
        <Link to={paths.storagePool(project, bucket.pool)}>{bucket.pool}</Link>
      </dd>
      <dt>S3 URL</dt>
      <dd>
        <S3UrlCell url={bucket.s3_url} bucket={bucket.name} />
      </dd>
      <dt>Size</dt>
      <dd>{bucketSize(bucket)}</dd>
      <dt>Description</dt>
      <dd>{bucket.description || <span className="u-text--muted">None</span>}</dd>
      {clustered && (
        <>
          <dt>Location</dt>
          <dd>{bucketTarget(bucket.location) ?? '-'}</dd>
        </>
      )}
    </dl>
  );
}
