/** The network ACL list's columns: name (a link), description, rule counts and users. */
import { Link } from '../../../../shared/routing/router';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { paths } from '../../../../shared/routing/paths';
import type { ListColumn, SortState } from '../../../../shared/ui/list';
import { ruleCount } from '../rules';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';

/** The columns menu remembers its choice under `lxd-console.network-acls.hidden-columns`. */
export const ACL_LIST_ID = 'network-acls';
export const ACL_LIST_SORT: SortState = { column: 'name', direction: 'ascending' };

const usedBy = (acl: LxdNetworkAcl) => acl.used_by?.length ?? 0;

export function aclColumns(project: string): ListColumn<LxdNetworkAcl>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      alwaysShown: true,
      rowHeader: true,
      sortValue: (acl) => acl.name,
      cell: (acl) => (
        <ResourceName type="network-acl">
          <Link to={paths.networkAcl(project, acl.name)} title={acl.name}>
            {acl.name}
          </Link>
        </ResourceName>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      priority: 2,
      sortValue: (acl) => acl.description,
      cell: (acl) => <span title={acl.description}>{acl.description}</span>,
    },
    {
      id: 'ingress',
      header: 'Ingress rules',
      width: 9.5,
      align: 'right',
      sortValue: (acl) => ruleCount(acl.ingress),
      cell: (acl) => String(ruleCount(acl.ingress)),
    },
    {
      id: 'egress',
      header: 'Egress rules',
      width: 9,
      align: 'right',
      sortValue: (acl) => ruleCount(acl.egress),
      cell: (acl) => String(ruleCount(acl.egress)),
    },
    {
      id: 'used-by',
      header: 'Used by',
      width: 6.5,
      align: 'right',
      sortValue: usedBy,
      cell: (acl) => String(usedBy(acl)),
    },
  ];
}
