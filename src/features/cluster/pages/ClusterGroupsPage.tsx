import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { clusterGroupsQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/groups: the cluster groups and their members (read-only). */
export function ClusterGroupsPage() {
  const groups = useQuery(clusterGroupsQuery);
  return (
    <section className="page cluster-page">
      <PageHeader title="Cluster groups" />
      {groups.isPending && <Loader text="Loading cluster groups…" />}
      {groups.error && (
        <ErrorNotice
          title="Could not load the cluster groups"
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      )}
      {groups.data?.length === 0 && <EmptyState title="No cluster groups" />}
      {groups.data && groups.data.length > 0 && (
        <table className="cluster-table" aria-label="Cluster groups">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Members</th>
            </tr>
          </thead>
          <tbody>
            {groups.data.map((group) => (
              <tr key={group.name}>
                <th scope="row">{group.name}</th>
                <td>{group.description || '-'}</td>
                <td>
                  {group.members.length === 0 ? (
                    <span className="u-text--muted">No members</span>
                  ) : (
                    <ul className="cluster-inline-list">
                      {group.members.map((member) => (
                        <li key={member}>
                          <Link to={paths.clusterMember(member)}>{member}</Link>
                        </li>
                      ))}
                    </ul>
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
