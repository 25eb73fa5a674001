import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from '../../../../shared/routing/router';
import { NETWORK_ALLOCATIONS_EXTENSION } from '../../../../lxd/endpoints/network-allocations';
import { hasServerExtension, useAuth } from '../../../../shared/auth/context';
import { PageHeader } from '../../../../shared/ui/PageHeader';
import {
  ResourceList,
  useListView,
  type ListFilter,
  type ListSearch,
} from '../../../../shared/ui/list';
import { IPAM_LIST_ID, IPAM_LIST_SORT, ipamColumns } from '../components/ipamColumns';
import { ipamQuery } from '../queries';
import { ALLOCATION_TYPES, ipamRows, matchIpamRow, typeLabel, type IpamRow } from '../rules';
import './ipam.scss';

const NOUN = { one: 'address', other: 'addresses' };
const SEARCH: ListSearch<IpamRow> = {
  label: 'Search addresses',
  placeholder: 'Search by address, user, MAC or network',
  compile: matchIpamRow,
};
const rowKey = (row: IpamRow) => row.key;

export const ASSEMBLED_NOTICE =
  'This server has no network allocations API (LXD 5.0.3 and newer): the list is assembled from the networks, their DHCP leases, the instances’ NICs and the forwards.';

/** The filter's options: the known values and those the rows and the URL have. */
function options(known: readonly string[], extra: Iterable<string>, label = (v: string) => v) {
  const values = [...known];
  for (const value of extra) if (value && !values.includes(value)) values.push(value);
  return values.map((value) => ({ value, label: label(value) }));
}

/** /ui/project/{project}/network-ipam: every address allocated in the project. */
export function IpamPage() {
  const { project = '' } = useParams();
  const [params] = useSearchParams();
  const auth = useAuth();
  const fromServer = hasServerExtension(auth, NETWORK_ALLOCATIONS_EXTENSION);
  const list = useQuery(ipamQuery(project, fromServer));
  const rows = useMemo(() => (list.data ? ipamRows(list.data) : undefined), [list.data]);
  const columns = useMemo(() => ipamColumns(project), [project]);
  const typeParam = params.get('type') ?? '';
  const networkParam = params.get('network') ?? '';
  const filters = useMemo<ListFilter<IpamRow>[]>(
    () => [
      {
        param: 'type',
        label: 'Type',
        options: options(
          ALLOCATION_TYPES.filter((type) => type !== 'uplink'),
          [...(rows ?? []).map((row) => row.type), typeParam],
          typeLabel,
        ),
        match: (row, value) => row.type === value,
      },
      {
        param: 'network',
        label: 'Network',
        options: options(
          [],
          [...new Set([...(rows ?? []).map((row) => row.network), networkParam])].sort(),
        ),
        match: (row, value) => row.network === value,
      },
    ],
    [rows, typeParam, networkParam],
  );
  const view = useListView({
    id: IPAM_LIST_ID,
    rows,
    columns,
    rowKey,
    defaultSort: IPAM_LIST_SORT,
    search: SEARCH,
    filters,
  });

  return (
    <section className="list-page ipam-page" aria-labelledby="ipam-heading">
      <PageHeader title={<span id="ipam-heading">IPAM</span>} />
      {!fromServer && (
        <p className="ipam-page__notice" role="note">
          {ASSEMBLED_NOTICE}
        </p>
      )}
      <ResourceList<IpamRow>
        view={view}
        label="IP addresses"
        noun={NOUN}
        query={list}
        rowLabel={(row) => `${row.address} ${typeLabel(row.type)} ${row.usedBy.label}`}
        empty={{
          title: 'No addresses are allocated in this project',
          body: (
            <p>
              Managed networks, the instances on them and network forwards show their addresses
              here.
            </p>
          ),
        }}
      />
    </section>
  );
}
