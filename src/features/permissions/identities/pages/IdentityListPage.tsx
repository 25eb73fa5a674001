import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../../shared/routing/router';
import type { LxdIdentity } from '../../../../lxd/types/identity';
import { useAuth } from '../../../../shared/auth/context';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import { ResourceList, useListView, type ListSearch } from '../../../../shared/ui/list';
import { groupsQuery, identitiesQuery } from '../../access/queries';
import { BulkGroupsButtons } from '../components/BulkGroupsButtons';
import { CreateIdentityButton } from '../components/CreateIdentityButton';
import { IdentityRowActions } from '../components/IdentityRowActions';
import {
  IDENTITY_LIST_ID,
  IDENTITY_LIST_SORT,
  identityColumns,
  identityFilters,
} from '../components/identityColumns';
import {
  SYSTEM_IDENTITIES_HIDDEN,
  SYSTEM_IDENTITIES_PARAM,
  deleteIdentityBlocker,
  editIdentityBlocker,
  identityKey,
  identityLabel,
  isSameIdentity,
  matchIdentity,
  visibleIdentities,
} from '../rules';
import '../../access/access.scss';

const NOUN = { one: 'identity', other: 'identities' };
const SEARCH: ListSearch<LxdIdentity> = {
  label: 'Search identities',
  placeholder: 'Search by name, identifier, type or group',
  compile: matchIdentity,
};

/**
 * /ui/permissions/identities: who may use the server (TLS clients, OIDC users, bearer tokens),
 * their groups; the signed-in identity is marked. `?system-identities=hide` (the navigation's
 * link) leaves out cluster members, metrics scrapers and other machines.
 */
export function IdentityListPage() {
  const auth = useAuth();
  const { isFineGrained } = auth;
  const [params, setParams] = useSearchParams();
  const hideSystem = params.get(SYSTEM_IDENTITIES_PARAM) === SYSTEM_IDENTITIES_HIDDEN;
  const list = useQuery(identitiesQuery(isFineGrained));
  const groupList = useQuery(groupsQuery(isFineGrained));
  const groups = useMemo(() => groupList.data?.map((group) => group.name), [groupList.data]);

  const rows = useMemo(
    () => (list.data ? visibleIdentities(list.data, hideSystem) : undefined),
    [list.data, hideSystem],
  );
  const columns = useMemo(() => identityColumns(auth.identity), [auth.identity]);
  const filters = useMemo(() => identityFilters(rows ?? []), [rows]);
  const selectDisabledReason = useCallback(
    (identity: LxdIdentity) => editIdentityBlocker(identity, isFineGrained),
    [isFineGrained],
  );
  const view = useListView<LxdIdentity>({
    id: IDENTITY_LIST_ID,
    rows,
    columns,
    rowKey: identityKey,
    defaultSort: IDENTITY_LIST_SORT,
    search: SEARCH,
    filters,
    selectDisabledReason,
  });

  const rowActions = useCallback(
    (identity: LxdIdentity) => (
      <IdentityRowActions
        identity={identity}
        groups={groups}
        isCurrent={isSameIdentity(identity, auth.identity)}
        editReason={editIdentityBlocker(identity, isFineGrained)}
        deleteReason={deleteIdentityBlocker(identity, isFineGrained)}
      />
    ),
    [groups, auth.identity, isFineGrained],
  );
  const tlsNames = useMemo(
    () =>
      (list.data ?? [])
        .filter((identity) => identity.authentication_method === 'tls')
        .map((identity) => identity.name),
    [list.data],
  );

  const showSystem = (show: boolean) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (show) next.delete(SYSTEM_IDENTITIES_PARAM);
        else next.set(SYSTEM_IDENTITIES_PARAM, SYSTEM_IDENTITIES_HIDDEN);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <section className="list-page access-page" aria-labelledby="identities-heading">
      <PageHeader title={<span id="identities-heading">Identities</span>}>
        <label className="p-switch access-switch">
          <input
            type="checkbox"
            role="switch"
            className="p-switch__input"
            checked={!hideSystem}
            onChange={(event) => showSystem(event.target.checked)}
          />
          <span className="p-switch__slider" />
          <span className="p-switch__label">Show system identities</span>
        </label>
        <CreateIdentityButton groups={groups} tlsNames={tlsNames} />
      </PageHeader>
      <ResourceList<LxdIdentity>
        view={view}
        label="Identities"
        noun={NOUN}
        query={list}
        rowLabel={identityLabel}
        rowActions={rowActions}
        actionsWidth={14.5}
        bulkActions={(selected, clear) => (
          <BulkGroupsButtons identities={selected} groups={groups} onDone={clear} />
        )}
        empty={{
          body: hideSystem ? (
            <p>System identities (cluster members, metrics) are hidden.</p>
          ) : (
            <p>Identities appear once a client redeems a token or signs in with SSO.</p>
          ),
        }}
      />
    </section>
  );
}
