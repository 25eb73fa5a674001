import { useQuery } from '@tanstack/react-query';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { usedByRefs } from '../../../../lxd/used-by';
import { detailPage } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { UsedByList } from '../../../../shared/ui/UsedByList';
import { AclActions } from '../components/AclActions';
import { AclLog } from '../components/AclLog';
import { AclRules } from '../components/AclRules';
import { aclQuery } from '../queries';
import { ruleCount } from '../rules';
import '../acls.scss';

const plural = (count: number, one: string, other: string) =>
  `${String(count)} ${count === 1 ? one : other}`;

/**
 * /ui/project/{project}/network-acl/{name}[/{activeTab}]: the rules (edited in place, or as
 * YAML), what uses the ACL, its log; rename and delete.
 */
export const AclDetailPage = detailPage<LxdNetworkAcl>({
  noun: 'network ACL',
  tabsLabel: 'Network ACL views',
  idPrefix: 'acl',
  useDetail: ({ project, name }) => useQuery(aclQuery(project, name)),
  parent: ({ project }) => ({ label: 'Network ACLs', to: paths.networkAcls(project) }),
  summary: (acl) =>
    [
      acl.description,
      plural(ruleCount(acl.ingress), 'ingress rule', 'ingress rules'),
      plural(ruleCount(acl.egress), 'egress rule', 'egress rules'),
      `used by ${plural(acl.used_by?.length ?? 0, 'object', 'objects')}`,
    ]
      .filter(Boolean)
      .join(' · '),
  actions: (acl, { project, activeTab }) => (
    <AclActions project={project} acl={acl} activeTab={activeTab} />
  ),
  path: ({ project, name }, tab) => paths.networkAcl(project, name, tab),
  tabs: [
    {
      id: 'rules',
      label: 'Rules',
      render: (acl, { project }) => <AclRules key={acl.name} project={project} latest={acl} />,
    },
    {
      id: 'used-by',
      label: 'Used by',
      render: (acl, { project }) => (
        <UsedByList
          refs={usedByRefs(acl.used_by, project)}
          project={project}
          empty="Nothing uses this network ACL. Networks and NICs use it through their security.acls setting."
        />
      ),
    },
    {
      id: 'log',
      label: 'Log',
      render: (acl, { project }) => <AclLog project={project} name={acl.name} />,
    },
  ],
});
