import { useQuery } from '@tanstack/react-query';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { listPage, listRows } from '../../../../shared/pages';
import { paths } from '../../../../shared/routing/paths';
import { ACL_LIST_ID, ACL_LIST_SORT, aclColumns } from '../components/aclListColumns';
import { aclsQuery } from '../queries';
import { matchAcl } from '../rules';
import '../acls.scss';

/**
 * /ui/project/{project}/network-acls: name, description, ingress and egress rule counts and how
 * many objects use each ACL; search in the URL (?search=).
 */
export const AclListPage = listPage<LxdNetworkAcl>({
  id: ACL_LIST_ID,
  title: 'Network ACLs',
  noun: { one: 'network ACL', other: 'network ACLs' },
  className: 'acl-page',
  useRows: ({ project, auth }) => listRows(useQuery(aclsQuery(project, auth.isFineGrained))),
  columns: ({ project }) => aclColumns(project),
  rowKey: (acl) => acl.name,
  defaultSort: ACL_LIST_SORT,
  search: {
    label: 'Search network ACLs',
    placeholder: 'Search by name or description',
    compile: matchAcl,
  },
  create: {
    label: 'Create network ACL',
    to: ({ project }) => paths.networkAclCreate(project),
    action: 'createNetworkAcls',
  },
  empty:
    'Network ACLs are sets of ingress and egress rules that networks and instance NICs apply through their security.acls setting.',
});
