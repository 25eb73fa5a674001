import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from '../../../../shared/routing/router';
import {
  bucketTarget,
  type BucketRef,
  type PoolBucket,
} from '../../../../lxd/endpoints/storage-buckets';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { BucketActions } from '../components/BucketActions';
import { BucketKeys } from '../components/BucketKeys';
import { S3UrlCell } from '../components/bucketColumns';
import { bucketQuery } from '../queries';
import { BUCKET_EXTENSION, BUCKET_MESSAGES, bucketSize } from '../rules';
import '../buckets.scss';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'keys', label: 'Keys' },
] as const;

function Overview({ project, bucket }: { project: string; bucket: PoolBucket }) {
  const { isClustered } = useAuth();
  return (
    <dl className="bucket-overview">
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
      {isClustered && (
        <>
          <dt>Location</dt>
          <dd>{bucketTarget(bucket.location) ?? '-'}</dd>
        </>
      )}
    </dl>
  );
}

function BucketDetail({ bucketRef }: { bucketRef: BucketRef }) {
  const { isFineGrained } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const detail = useQuery(bucketQuery(bucketRef, isFineGrained));
  const tab = params.get('tab') === 'keys' ? 'keys' : 'overview';
  const editReason = usePermissions().on('bucket', 'edit', detail.data);
  const { project, bucket: name } = bucketRef;

  return (
    <>
      <header className="page-header">
        <div>
          <nav aria-label="Breadcrumb" className="bucket-breadcrumb">
            <Link to={paths.storageBuckets(project)}>Buckets</Link>
          </nav>
          <h1 className="p-heading--4 page-header__title" id="bucket-heading">
            {name}
          </h1>
        </div>
        {detail.data && (
          <BucketActions
            project={project}
            bucket={detail.data}
            onDeleted={() => void navigate(paths.storageBuckets(project))}
          />
        )}
      </header>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Bucket views">
          {TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <button
                type="button"
                className="p-tabs__link"
                role="tab"
                id={`bucket-tab-${t.id}`}
                aria-selected={t.id === tab}
                aria-controls="bucket-tabpanel"
                onClick={() => {
                  setParams(
                    (previous) => {
                      const next = new URLSearchParams(previous);
                      if (t.id === 'overview') next.delete('tab');
                      else next.set('tab', t.id);
                      return next;
                    },
                    { replace: true },
                  );
                }}
              >
                {t.label}
              </button>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" id="bucket-tabpanel" aria-labelledby={`bucket-tab-${tab}`}>
        {detail.isPending && <Loader text="Loading bucket…" />}
        {detail.error && (
          <ErrorNotice
            title="Could not load the bucket"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
        {detail.data && tab === 'overview' && <Overview project={project} bucket={detail.data} />}
        {detail.data && tab === 'keys' && <BucketKeys bucketRef={bucketRef} reason={editReason} />}
      </div>
    </>
  );
}

/** /ui/project/{project}/storage/pool/{pool}/bucket/{bucket}[?tab=keys][&member=…]. */
export function BucketDetailPage() {
  const { project = 'default', pool = '', bucket = '' } = useParams();
  const [params] = useSearchParams();
  const auth = useAuth();
  const member = params.get('member') ?? undefined;
  return (
    <section className="page bucket-page" aria-labelledby="bucket-heading">
      {hasServerExtension(auth, BUCKET_EXTENSION) ? (
        <BucketDetail bucketRef={{ project, pool, bucket, member }} />
      ) : (
        <>
          <header className="page-header">
            <h1 className="p-heading--4 page-header__title" id="bucket-heading">
              {bucket}
            </h1>
          </header>
          <p className="bucket-note" role="note">
            {BUCKET_MESSAGES.unsupported}
          </p>
        </>
      )}
    </section>
  );
}
