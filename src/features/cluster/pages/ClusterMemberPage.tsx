import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from '../../../shared/routing/router';
import { isNotFound } from '../../../lxd/client';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { Hardware } from '../../server';
import { MemberConfigurationForm } from '../components/MemberConfigurationForm';
import { MemberInstances } from '../components/MemberInstances';
import { MemberOverview } from '../components/MemberOverview';
import { MemberStateActions } from '../components/MemberStateActions';
import { memberOfflineReason } from '../form';
import { clusterMemberQuery } from '../queries';
import '../cluster.scss';

export const MEMBER_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'hardware', label: 'Hardware' },
  { id: 'instances', label: 'Instances' },
] as const;

/** /ui/cluster/member/{name}[/{activeTab}]: one member's tabs; evacuate and restore. */
export function ClusterMemberPage() {
  const { name = '', activeTab } = useParams();
  const member = useQuery(clusterMemberQuery(name));
  const tab = MEMBER_TABS.find((t) => t.id === (activeTab ?? 'overview'));

  if (!tab) return <Navigate to={paths.clusterMember(name)} replace />;
  const offline = member.data ? memberOfflineReason(member.data) : undefined;

  return (
    <section className="page cluster-page">
      <PageHeader title={`Cluster member ${name}`}>
        <Link className="p-button--base" to={paths.clusterMembers()}>
          All members
        </Link>
        {member.data && <MemberStateActions member={member.data} />}
      </PageHeader>
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Member views">
          {MEMBER_TABS.map((t) => (
            <div className="p-tabs__item" key={t.id}>
              <Link
                className="p-tabs__link"
                role="tab"
                aria-selected={t.id === tab.id}
                to={paths.clusterMember(name, t.id === 'overview' ? undefined : t.id)}
              >
                {t.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div role="tabpanel" aria-label={tab.label}>
        {member.isPending && <Loader text="Loading the member…" />}
        {member.error &&
          (isNotFound(member.error) ? (
            <EmptyState title="Member not found">
              <p>The cluster has no member called {name}.</p>
            </EmptyState>
          ) : (
            <ErrorNotice
              title="Could not load the member"
              error={member.error}
              onRetry={() => void member.refetch()}
            />
          ))}
        {member.data && tab.id === 'overview' && <MemberOverview member={member.data} />}
        {member.data && tab.id === 'configuration' && (
          <MemberConfigurationForm key={member.data.server_name} latest={member.data} />
        )}
        {member.data &&
          tab.id === 'hardware' &&
          (offline ? (
            <EmptyState title="Hardware unavailable">
              <p>{offline}.</p>
            </EmptyState>
          ) : (
            <Hardware target={name} />
          ))}
        {member.data && tab.id === 'instances' && <MemberInstances member={name} />}
      </div>
    </section>
  );
}
