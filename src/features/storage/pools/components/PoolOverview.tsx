import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '../../../../shared/routing/router';
import type { LxdStoragePool, LxdStoragePoolResources } from '../../../../lxd/types/storage';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { paths } from '../../../../shared/routing/paths';
import { ConfigKeysTable } from '../../../../shared/ui/ConfigKeysTable';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { UsedByList } from '../../../../shared/ui/UsedByList';
import { usedByRefs } from '../../../../lxd/used-by';
import {
  SortedTable,
  textColumn,
  type ListColumn,
  type SortState,
} from '../../../../shared/ui/list';
import { poolMemberQuery, poolResourcesQuery } from '../queries';
import { deletePoolBlocker, poolLocations, poolUsage } from '../rules';
import { PoolStatus, UsageBar } from './PoolBits';

const count = new Intl.NumberFormat('en');

function Inodes({ inodes }: { inodes: NonNullable<LxdStoragePoolResources['inodes']> }) {
  const text = `${count.format(inodes.used)} of ${count.format(inodes.total)}`;
  return (
    <span className="pool-usage">
      <meter
        className="pool-usage__bar"
        min={0}
        max={Math.max(inodes.total, 1)}
        value={inodes.used}
        aria-label={`Inodes used: ${text}`}
      />
      <span className="pool-usage__text">{text}</span>
    </span>
  );
}

/** The pool's space (and inodes where the driver counts them) on this server. */
function Usage({ name }: { name: string }) {
  const usageReason = usePermissions().onServer('viewPoolResources');
  const resources = useQuery({ ...poolResourcesQuery(name), enabled: usageReason === undefined });
  if (usageReason) return <p className="u-text--muted">{usageReason}.</p>;
  if (resources.isPending) return <Loader text="Loading usage…" />;
  if (resources.error) {
    return (
      <ErrorNotice
        title="Could not load the usage"
        error={resources.error}
        onRetry={() => void resources.refetch()}
      />
    );
  }
  const usage = poolUsage(resources.data);
  return (
    <dl className="page-facts">
      <dt>Space</dt>
      <dd>
        {usage ? (
          <UsageBar usage={usage} label="Space used" />
        ) : (
          <span className="u-text--muted">Unknown</span>
        )}
      </dd>
      {resources.data.inodes && (
        <>
          <dt>Inodes</dt>
          <dd>
            <Inodes inodes={resources.data.inodes} />
          </dd>
        </>
      )}
    </dl>
  );
}

interface MemberRow {
  member: string;
  view: LxdStoragePool | undefined;
  resources: LxdStoragePoolResources | undefined;
  error: string | undefined;
}

const MEMBER_COLUMNS: readonly ListColumn<MemberRow>[] = [
  textColumn('member', 'Member', (row) => row.member, { width: 10, rowHeader: true }),
  {
    id: 'status',
    header: 'Status',
    width: 7,
    sortValue: (row) => row.view?.status ?? '',
    cell: (row) => <PoolStatus status={row.view?.status} />,
  },
  textColumn('source', 'Source', (row) => row.view?.config.source ?? '', { priority: 2 }),
  {
    id: 'usage',
    header: 'Used / total',
    width: 16,
    sortValue: (row) => poolUsage(row.resources)?.percent ?? -1,
    cell: (row) => {
      const usage = poolUsage(row.resources);
      if (usage) return <UsageBar usage={usage} label={`Space used on ${row.member}`} />;
      return (
        <span className="u-text--muted" title={row.error}>
          {row.error ? 'Unavailable' : '…'}
        </span>
      );
    },
  },
];
const BY_MEMBER: SortState = { column: 'member', direction: 'ascending' };
const memberKey = (row: MemberRow) => row.member;

/** In a cluster: each member's status, source and space. */
function MemberUsage({ project, pool }: { project: string; pool: LxdStoragePool }) {
  const members = poolLocations(pool);
  const usageReason = usePermissions().onServer('viewPoolResources');
  const views = useQueries({
    queries: members.map((member) => poolMemberQuery(project, pool.name, member)),
  });
  const spaces = useQueries({
    queries: members.map((member) => ({
      ...poolResourcesQuery(pool.name, member),
      enabled: usageReason === undefined,
    })),
  });
  const rows = members.map((member, index) => ({
    member,
    view: views[index]?.data,
    resources: spaces[index]?.data,
    error: usageReason ?? spaces[index]?.error?.message ?? views[index]?.error?.message,
  }));
  return (
    <SortedTable
      label="Cluster members"
      rows={rows}
      columns={MEMBER_COLUMNS}
      rowKey={memberKey}
      initialSort={BY_MEMBER}
      empty="The pool is not defined on any member."
    />
  );
}

/** Driver, status, description, source, usage, configuration and what uses the pool. */
export function PoolOverview({
  project,
  pool,
  clustered,
}: {
  project: string;
  pool: LxdStoragePool;
  clustered: boolean;
}) {
  const locations = poolLocations(pool);
  const blocker = deletePoolBlocker(pool);
  return (
    <div className="overview-layout">
      <div className="overview-layout__main">
        <section aria-labelledby="pool-summary">
          <h2 className="p-heading--5" id="pool-summary">
            Summary
          </h2>
          <dl className="page-facts">
            <dt>Driver</dt>
            <dd>
              {storageDriverLabel(pool.driver)}{' '}
              <span className="u-text--muted">({pool.driver})</span>
            </dd>
            <dt>Status</dt>
            <dd>
              <PoolStatus status={pool.status} />
            </dd>
            <dt>Description</dt>
            <dd>{pool.description || <span className="u-text--muted">No description</span>}</dd>
            {!clustered && (
              <>
                <dt>Source</dt>
                <dd className="pool-facts__source">
                  {pool.config.source ?? <span className="u-text--muted">-</span>}
                </dd>
              </>
            )}
            {clustered && (
              <>
                <dt>Members</dt>
                <dd>{locations.length > 0 ? locations.join(', ') : '-'}</dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby="pool-usage">
          <h2 className="p-heading--5" id="pool-usage">
            Usage
          </h2>
          {clustered && locations.length > 0 ? (
            <MemberUsage project={project} pool={pool} />
          ) : (
            <Usage name={pool.name} />
          )}
        </section>
        <section aria-labelledby="pool-config">
          <h2 className="p-heading--5" id="pool-config">
            Configuration keys
          </h2>
          <ConfigKeysTable config={pool.config} maskSecrets />
        </section>
      </div>
      <section aria-labelledby="pool-used-by" className="overview-layout__aside">
        <h2 className="p-heading--5" id="pool-used-by">
          Used by
        </h2>
        <UsedByList
          refs={usedByRefs(pool.used_by)}
          project={project}
          empty="Nothing uses this storage pool."
        />
        {blocker && (
          <p className="page-note" role="note">
            {blocker}
          </p>
        )}
        <p className="pool-overview__volumes">
          <Link to={`${paths.storageVolumes(project)}?pool=${encodeURIComponent(pool.name)}`}>
            Show the volumes of this pool
          </Link>
        </p>
      </section>
    </div>
  );
}
