import { Link } from '../../../../shared/routing/router';
import {
  bucketTarget,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import { paths } from '../../../../shared/routing/paths';
import type { ListColumn, SortState } from '../../../../shared/ui/list';
import { bucketKey, bucketSize, matchBucket } from '../rules';
import { CopyButton } from '../../../../shared/ui/CopyButton';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

export const BUCKET_LIST_ID = 'storage-buckets';
export const BUCKET_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

/** What the bucket list declares about its rows: columns menu id, noun, keys, sort, search. */
export const BUCKET_LIST = {
  id: BUCKET_LIST_ID,
  noun: { one: 'bucket', other: 'buckets' },
  rowKey: bucketKey,
  rowLabel: (bucket: PoolBucket) => bucket.name,
  defaultSort: BUCKET_LIST_SORT,
  search: {
    label: 'Search buckets',
    placeholder: 'Search by name, description or pool',
    compile: matchBucket,
  },
};

/** A bucket's page (and tab); a local bucket of a cluster names its member (`?member=`). */
export function bucketPath({ project, pool, bucket, member }: BucketRef, tab?: string): string {
  const path = paths.storageBucket(project, pool, bucket, tab);
  return member ? `${path}?${new URLSearchParams({ member }).toString()}` : path;
}

export function bucketDetailPath(project: string, bucket: PoolBucket): string {
  return bucketPath({
    project,
    pool: bucket.pool,
    bucket: bucket.name,
    member: bucketTarget(bucket.location),
  });
}

export function S3UrlCell({ url, bucket }: { url: string; bucket: string }) {
  if (!url) return <span className="u-text--muted">-</span>;
  return (
    <span className="bucket-s3">
      <code className="bucket-s3__url" title={url}>
        {url}
      </code>
      <CopyButton value={url} what={`S3 URL of ${bucket}`} className="bucket-copy" />
    </span>
  );
}

/** Name (linked), pool, size, S3 URL with copy, description, and location when clustered. */
export function bucketColumns(project: string, clustered: boolean): ListColumn<PoolBucket>[] {
  const columns: ListColumn<PoolBucket>[] = [
    {
      id: 'name',
      header: 'Name',
      width: 14,
      alwaysShown: true,
      rowHeader: true,
      sortValue: (bucket) => bucket.name,
      cell: (bucket) => (
        <ResourceName type="bucket">
          <Link to={bucketDetailPath(project, bucket)} title={bucket.name}>
            {bucket.name}
          </Link>
        </ResourceName>
      ),
    },
    {
      id: 'pool',
      header: 'Pool',
      width: 9,
      priority: 2,
      sortValue: (bucket) => bucket.pool,
      cell: (bucket) => <Link to={paths.storagePool(project, bucket.pool)}>{bucket.pool}</Link>,
    },
    {
      id: 'size',
      header: 'Size',
      width: 7,
      align: 'right',
      sortValue: bucketSize,
      cell: bucketSize,
    },
    {
      id: 's3-url',
      header: 'S3 URL',
      width: 21,
      priority: 2,
      sortValue: (bucket) => bucket.s3_url,
      cell: (bucket) => <S3UrlCell url={bucket.s3_url} bucket={bucket.name} />,
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (bucket) => bucket.description,
      cell: (bucket) => <span title={bucket.description}>{bucket.description}</span>,
    },
  ];
  if (clustered) {
    columns.push({
      id: 'location',
      header: 'Location',
      width: 9,
      priority: 2,
      sortValue: (bucket) => bucket.location ?? '',
      cell: (bucket) => bucketTarget(bucket.location) ?? '-',
    });
  }
  return columns;
}
