import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { networkNameExists } from '../../../../lxd/endpoints/networks';
import { networkingKeys } from '../../keys';

const DEBOUNCE_MS = 300;

function nameCheckQuery(project: string, name: string) {
  return queryOptions({
    queryKey: [...networkingKeys.all, 'name-check', project, name] as const,
    // The signal aborts the lookup once the name changes again (spec §7).
    queryFn: ({ signal }) => networkNameExists(project, name, signal),
    staleTime: 0,
    gcTime: 10_000,
  });
}

/**
 * Whether a network name is taken in the project (spec §7 name check: GET
 * /1.0/networks/{name}, 404 = free), asked once typing pauses. `confirm` asks now (on submit).
 */
export function useNetworkNameCheck(project: string, name: string, enabled: boolean) {
  const client = useQueryClient();
  const [settled, setSettled] = useState(name);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(name);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [name]);
  const check = useQuery({
    ...nameCheckQuery(project, settled),
    enabled: enabled && settled !== '' && settled === name,
  });
  return {
    taken: enabled && settled === name && check.data === true,
    confirm: (candidate: string) => client.query(nameCheckQuery(project, candidate)),
  };
}
