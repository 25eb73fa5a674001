import { useQuery } from '@tanstack/react-query';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { SortedTable, textColumn, type ListColumn, type SortState } from '../../../shared/ui/list';
import { memberOfflineReason } from '../form';
import {
  MEMBER_STATE_EXTENSION,
  MEMBER_STATE_UNAVAILABLE,
  memberPoolRows,
  memberStateFacts,
  usedOfTotal,
  type MemberPoolRow,
} from '../member-state';
import { clusterMemberStateQuery } from '../queries';

/** The load and memory move: the state is asked again this often while it is shown. */
export const MEMBER_STATE_REFRESH_MS = 15_000;

const POOL_COLUMNS: readonly ListColumn<MemberPoolRow>[] = [
  textColumn('name', 'Storage pool', (row) => row.name, { width: 12, rowHeader: true }),
  {
    id: 'space',
    header: 'Space',
    sortValue: (row) => (row.total > 0 ? row.used / row.total : 0),
    cell: (row) => usedOfTotal(row.used, row.total),
  },
  {
    id: 'inodes',
    header: 'Inodes',
    priority: 2,
    cell: (row) => row.inodes ?? <span className="u-text--muted">-</span>,
  },
];
const BY_NAME: SortState = { column: 'name', direction: 'ascending' };
const poolKey = (row: MemberPoolRow) => row.name;

function StateBody({ member }: { member: string }) {
  const state = useQuery({
    ...clusterMemberStateQuery(member),
    refetchInterval: MEMBER_STATE_REFRESH_MS,
  });
  if (state.isPending) return <Loader text="Loading the member’s state…" />;
  if (state.error) {
    return (
      <ErrorNotice
        title="Could not load the member’s state"
        error={state.error}
        onRetry={() => void state.refetch()}
      />
    );
  }
  const facts = memberStateFacts(state.data);
  return (
    <>
      <dl className="page-facts">
        <dt>Uptime</dt>
        <dd>{facts.uptime}</dd>
        <dt>Load average (1, 5, 15 min)</dt>
        <dd>{facts.load}</dd>
        <dt>Memory</dt>
        <dd>{facts.memory}</dd>
        <dt>Swap</dt>
        <dd>{facts.swap ?? 'No swap'}</dd>
        <dt>Logical CPUs</dt>
        <dd>{facts.cpus}</dd>
        <dt>Processes</dt>
        <dd>{facts.processes}</dd>
      </dl>
      <SortedTable
        label={`Storage pools on ${member}`}
        rows={memberPoolRows(state.data)}
        columns={POOL_COLUMNS}
        rowKey={poolKey}
        initialSort={BY_NAME}
        empty="No storage pools on this member."
      />
    </>
  );
}

/**
 * The member's own figures from GET /1.0/cluster/members/{name}/state, where the server has
 * it; an offline member cannot answer, and older servers say why there is nothing.
 */
export function MemberState({ member }: { member: LxdClusterMember }) {
  const auth = useAuth();
  const offline = memberOfflineReason(member);
  const supported = hasServerExtension(auth, MEMBER_STATE_EXTENSION);
  return (
    <section className="cluster-member" aria-labelledby="member-state-heading">
      <h2 className="p-heading--5" id="member-state-heading">
        State
      </h2>
      {!supported ? (
        <p className="u-text--muted">{MEMBER_STATE_UNAVAILABLE}</p>
      ) : offline ? (
        <p className="u-text--muted">{offline}.</p>
      ) : (
        <StateBody member={member.server_name} />
      )}
    </section>
  );
}
