import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { MemberStatus } from '../components/MemberStatus';
import { clusterMembersQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/members: every member with its address, roles, groups and state. */
export function ClusterMembersPage() {
  const members = useQuery(clusterMembersQuery);
  return (
    <section className="page cluster-page">
      <PageHeader title="Cluster members" />
      {members.isPending && <Loader text="Loading cluster members…" />}
      {members.error && (
        <ErrorNotice
          title="Could not load the cluster members"
          error={members.error}
          onRetry={() => void members.refetch()}
        />
      )}
      {members.data?.length === 0 && (
        <EmptyState title="No cluster members">
          <p>This server is not part of a cluster.</p>
        </EmptyState>
      )}
      {members.data && members.data.length > 0 && (
        <table className="cluster-table" aria-label="Cluster members">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">URL</th>
              <th scope="col">Roles</th>
              <th scope="col">Groups</th>
              <th scope="col">Architecture</th>
              <th scope="col">Failure domain</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr key={member.server_name}>
                <th scope="row">
                  <Link to={paths.clusterMember(member.server_name)}>{member.server_name}</Link>
                  {member.description && (
                    <div className="u-text--muted cluster-table__sub">{member.description}</div>
                  )}
                </th>
                <td>{member.url}</td>
                <td>{(member.roles ?? []).join(', ') || '-'}</td>
                <td>{(member.groups ?? []).join(', ') || '-'}</td>
                <td>{member.architecture ?? '-'}</td>
                <td>{member.failure_domain ?? '-'}</td>
                <td>
                  <MemberStatus status={member.status} />
                  {member.message && (
                    <div className="u-text--muted cluster-table__sub">{member.message}</div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
