/** The IdP group list's columns, search, and the names a create or rename may not take. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LxdIdpGroup } from '../../../../lxd/types/auth';
import { useAuth } from '../../../../shared/auth/context';
import { ResourceName } from '../../../../shared/ui/ResourceIcon';
import { textColumn, type ListColumn, type ListSearch } from '../../../../shared/ui/list';
import { idpGroupsQuery } from '../../access';
import { matchWords } from '../../access';

export const NO_CREATE_IDP_GROUP = 'You do not have permission to create IdP groups';

const groupList = (idpGroup: LxdIdpGroup) => (idpGroup.groups ?? []).join(', ');
export const idpGroupName = (idpGroup: LxdIdpGroup) => idpGroup.name;

export const IDP_GROUP_COLUMNS: ListColumn<LxdIdpGroup>[] = [
  textColumn('name', 'Name', idpGroupName, {
    width: 18,
    alwaysShown: true,
    rowHeader: true,
    cell: (idpGroup) => (
      <ResourceName type="idp-group">
        <span title={idpGroup.name}>{idpGroup.name}</span>
      </ResourceName>
    ),
  }),
  textColumn('groups', 'Groups', groupList),
];

export const IDP_GROUP_SEARCH: ListSearch<LxdIdpGroup> = {
  label: 'Search IdP groups',
  placeholder: 'Search by name or group',
  compile: (term) => matchWords<LxdIdpGroup>(term, (row) => `${row.name} ${groupList(row)}`),
};

/** Every IdP group's name (a new or renamed one may not take one). */
export function useIdpGroupNames(): string[] {
  const { isFineGrained } = useAuth();
  const list = useQuery(idpGroupsQuery(isFineGrained));
  return useMemo(() => (list.data ?? []).map(idpGroupName), [list.data]);
}
