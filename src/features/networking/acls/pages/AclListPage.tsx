import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from '../../../../shared/routing/router';
import type { LxdNetworkAcl } from '../../../../lxd/types/network';
import { useAuth } from '../../../../shared/auth/context';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../../shared/ui/list';
import { ACL_LIST_ID, ACL_LIST_SORT, aclColumns } from '../components/aclListColumns';
import { CreateAclButton } from '../components/CreateAclButton';
import { aclsQuery } from '../queries';
import { matchAcl } from '../rules';
import '../acls.scss';

const NOUN = { one: 'network ACL', other: 'network ACLs' };
const SEARCH: ListSearch<LxdNetworkAcl> = {
  label: 'Search network ACLs',
  placeholder: 'Search by name or description',
  compile: matchAcl,
};
const rowKey = (acl: LxdNetworkAcl) => acl.name;

/**
 * /ui/project/{project}/network-acls: name, description, ingress and egress rule counts and how
 * many objects use each ACL; search in the URL (?search=).
 */
export function AclListPage() {
  const { project = '' } = useParams();
  const { isFineGrained } = useAuth();
  const list = useQuery(aclsQuery(project, isFineGrained));
  const columns = useMemo(() => aclColumns(project), [project]);
  const view = useListView({
    id: ACL_LIST_ID,
    rows: list.data,
    columns,
    rowKey,
    defaultSort: ACL_LIST_SORT,
    search: SEARCH,
  });

  return (
    <section className="list-page acl-page" aria-labelledby="acls-heading">
      <PageHeader title={<span id="acls-heading">Network ACLs</span>}>
        <CreateAclButton project={project} />
      </PageHeader>
      <ResourceList<LxdNetworkAcl>
        view={view}
        label="Network ACLs"
        noun={NOUN}
        query={list}
        rowLabel={rowKey}
        empty={{
          body: (
            <p>
              Network ACLs are sets of ingress and egress rules that networks and instance NICs
              apply through their security.acls setting.
            </p>
          ),
          action: <CreateAclButton project={project} />,
        }}
      />
    </section>
  );
}
