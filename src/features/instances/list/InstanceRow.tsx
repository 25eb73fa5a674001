import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LxdInstanceState } from '../../../lxd/types/instance';
import { paths } from '../../../shared/routing/paths';
import { statusText } from '../actions/bulk';
import { InstanceStatus } from '../actions/InstanceStatus';
import type { InstanceListItem } from '../queries';
import type { ColumnDef } from './columns';
import { RowActions, type RowAction } from './RowActions';
import { addressesOf, diskText, memoryText, type ShownAddress } from './rowDetails';

export interface RowDetails {
  state?: LxdInstanceState | undefined;
  /** Running rows whose state is on its way. */
  stateLoading: boolean;
  snapshots?: number | undefined;
}

const pending = (
  <span className="u-text--muted" aria-label="Loading">
    …
  </span>
);

function Addresses({ list }: { list: ShownAddress[] }) {
  if (list.length === 0) return <>-</>;
  const [first] = list;
  return (
    <span title={list.map((a) => `${a.address} (${a.device})`).join('\n')}>
      {first?.address}
      {list.length > 1 && <span className="u-text--muted"> +{list.length - 1}</span>}
    </span>
  );
}

function cell(column: ColumnDef, item: InstanceListItem, details: RowDetails): ReactNode {
  const live = item.status !== 'Stopped';
  const fromState = (render: () => ReactNode) =>
    !live ? '-' : details.state ? render() : details.stateLoading ? pending : '-';
  switch (column.id) {
    case 'name':
      return null;
    case 'type': {
      const type = item.type === 'virtual-machine' ? 'virtual machine' : 'container';
      return <span title={type}>{type}</span>;
    }
    case 'status':
      return <InstanceStatus project={item.project} name={item.name} status={item.status} />;
    case 'project':
      return item.project;
    case 'location':
      return item.location;
    case 'ipv4':
      return fromState(() => <Addresses list={addressesOf(details.state, 'inet')} />);
    case 'ipv6':
      return fromState(() => <Addresses list={addressesOf(details.state, 'inet6')} />);
    case 'snapshots':
      return details.snapshots ?? pending;
    case 'memory':
      return fromState(() => memoryText(details.state));
    case 'disk':
      return fromState(() => diskText(details.state));
    case 'profiles':
      return <span title={item.profiles.join(', ')}>{item.profiles.join(', ')}</span>;
    case 'description':
      return <span title={item.description}>{item.description}</span>;
  }
}

export const InstanceRow = memo(function InstanceRow({
  item,
  columns,
  rowIndex,
  selected,
  onToggle,
  onAction,
  state,
  stateLoading,
  snapshots,
}: RowDetails & {
  item: InstanceListItem;
  columns: readonly ColumnDef[];
  rowIndex: number;
  selected: boolean;
  onToggle: (item: InstanceListItem, range: boolean) => void;
  onAction: (action: RowAction, item: InstanceListItem) => void;
}) {
  const details: RowDetails = { state, stateLoading, snapshots };
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-label={`${item.name} ${statusText(item.status)}`}
      className={selected ? 'is-selected' : undefined}
    >
      <td className="instances-table__select">
        <input
          type="checkbox"
          aria-label={`Select ${item.name}`}
          checked={selected}
          readOnly
          onClick={(event) => {
            onToggle(item, event.shiftKey);
          }}
        />
      </td>
      {columns.map((column) =>
        column.id === 'name' ? (
          <th scope="row" key="name" className="instances-table__name">
            <Link to={paths.instance(item.project, item.name)} title={item.name}>
              {item.name}
            </Link>
          </th>
        ) : (
          <td key={column.id} className={`instances-table__${column.id}`}>
            {cell(column, item, details)}
          </td>
        ),
      )}
      <td className="instances-table__actions">
        <RowActions item={item} onAction={onAction} />
      </td>
    </tr>
  );
});
