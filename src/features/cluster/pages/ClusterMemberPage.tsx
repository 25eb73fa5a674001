import { useQuery } from '@tanstack/react-query';
import type { WithEtag } from '../../../lxd/client';
import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { detailPage } from '../../../shared/pages';
import { paths } from '../../../shared/routing/paths';
import { MemberConfigurationForm } from '../components/MemberConfigurationForm';
import { MemberHardware } from '../components/MemberHardware';
import { MemberInstances } from '../components/MemberInstances';
import { MemberOverview } from '../components/MemberOverview';
import { MemberStateActions } from '../components/MemberStateActions';
import { clusterMemberQuery } from '../queries';
import '../cluster.scss';

/** /ui/cluster/member/{name}[/{activeTab}]: one member's tabs; evacuate and restore. */
export const ClusterMemberPage = detailPage<WithEtag<LxdClusterMember>>({
  noun: 'cluster member',
  tabsLabel: 'Member views',
  idPrefix: 'cluster-member',
  useDetail: ({ name }) => useQuery(clusterMemberQuery(name)),
  parent: () => ({ label: 'Cluster members', to: paths.clusterMembers() }),
  title: ({ name }) => `Cluster member ${name}`,
  actions: (member) => <MemberStateActions member={member} />,
  path: ({ name }, tab) => paths.clusterMember(name, tab),
  tabs: [
    { id: 'overview', label: 'Overview', render: (member) => <MemberOverview member={member} /> },
    {
      id: 'configuration',
      label: 'Configuration',
      render: (member) => <MemberConfigurationForm key={member.server_name} latest={member} />,
    },
    { id: 'hardware', label: 'Hardware', render: (member) => <MemberHardware member={member} /> },
    {
      id: 'instances',
      label: 'Instances',
      render: (member) => <MemberInstances member={member.server_name} />,
    },
  ],
});
