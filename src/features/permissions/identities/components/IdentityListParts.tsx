/** The identity list's rows, its "Show system identities" switch and what an empty list says. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LxdIdentity } from '../../../../lxd/types/identity';
import type { ListRows, PageContext } from '../../../../shared/pages';
import { useSearchParams } from '../../../../shared/routing/router';
import { identitiesQuery } from '../../access';
import { CreateIdentityButton } from './CreateIdentityButton';
import { SYSTEM_IDENTITIES_HIDDEN, SYSTEM_IDENTITIES_PARAM, visibleIdentities } from '../rules';

function useHideSystem(): [boolean, (hide: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const hide = params.get(SYSTEM_IDENTITIES_PARAM) === SYSTEM_IDENTITIES_HIDDEN;
  const setHide = (next: boolean) => {
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        if (next) changed.set(SYSTEM_IDENTITIES_PARAM, SYSTEM_IDENTITIES_HIDDEN);
        else changed.delete(SYSTEM_IDENTITIES_PARAM);
        return changed;
      },
      { replace: true },
    );
  };
  return [hide, setHide];
}

/** The identities, without the system's while `?system-identities=hide`. */
export function useIdentityRows({ auth }: PageContext): ListRows<LxdIdentity> {
  const [hideSystem] = useHideSystem();
  const list = useQuery(identitiesQuery(auth.isFineGrained));
  const rows = useMemo(
    () => (list.data ? visibleIdentities(list.data, hideSystem) : undefined),
    [list.data, hideSystem],
  );
  return { rows, query: list };
}

function SystemIdentitiesSwitch() {
  const [hideSystem, setHide] = useHideSystem();
  return (
    <label className="p-switch access-switch">
      <input
        type="checkbox"
        role="switch"
        className="p-switch__input"
        checked={!hideSystem}
        onChange={(event) => {
          setHide(!event.target.checked);
        }}
      />
      <span className="p-switch__slider" />
      <span className="p-switch__label">Show system identities</span>
    </label>
  );
}

export function IdentitiesEmpty() {
  const [hideSystem] = useHideSystem();
  return hideSystem ? (
    <p>System identities (cluster members, metrics) are hidden.</p>
  ) : (
    <p>Identities appear once a client redeems a token or signs in with SSO.</p>
  );
}

/** The header's controls: the "Show system identities" switch and "Create TLS identity". */
export function IdentityListActions() {
  return (
    <>
      <SystemIdentitiesSwitch />
      <CreateIdentityButton />
    </>
  );
}
