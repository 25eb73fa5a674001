import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { LxdNetwork } from '../../../../lxd/types/network';
import type { ListRows, PageContext } from '../../../../shared/pages';
import { networksQuery, networkStateQuery } from '../queries';
import { isListedNetwork } from '../rules';
import type { RowState } from './networkListColumns';

const dataOf = (results: { data?: RowState }[]) => results.map((result) => result.data);
const listed = (networks: LxdNetwork[]) => networks.filter(isListedNetwork);

/**
 * The network list's rows: managed networks and the host's interfaces (without loopback). Host
 * interfaces have no configured addresses: their state is asked for the rows in view only.
 */
export function useNetworkRows({ project, auth }: PageContext): ListRows<LxdNetwork, RowState> {
  const list = useQuery({ ...networksQuery(project, auth.isFineGrained), select: listed });
  const [visible, setVisible] = useState<readonly LxdNetwork[]>([]);
  const unmanaged = visible.filter((network) => !network.managed).map((network) => network.name);
  const names = unmanaged.join('\n');
  const states = useQueries({
    queries: unmanaged.map((name) => networkStateQuery(project, name)),
    combine: dataOf,
  });
  const rowExtra = useMemo(() => {
    const byName = new Map(names.split('\n').map((name, i) => [name, states[i]]));
    return (network: LxdNetwork): RowState => byName.get(network.name);
  }, [names, states]);
  return { rows: list.data, query: list, table: { rowExtra, onVisibleRowsChange: setVisible } };
}
