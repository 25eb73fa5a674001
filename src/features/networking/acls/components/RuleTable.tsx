import { useCallback, useMemo } from 'react';
import { DataTable, type ListColumn } from '../../../../shared/ui/list';
import {
  protocolLabel,
  ruleMatchText,
  subjectText,
  type AclDirection,
  type AclRuleValues,
} from '../rules';

interface RuleRow {
  position: number;
  rule: AclRuleValues;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const text = (value: string) => <span title={value}>{value}</span>;

const COLUMNS: ListColumn<RuleRow>[] = [
  {
    id: 'position',
    header: 'Rule',
    width: 3.5,
    rowHeader: true,
    cell: (row) => String(row.position),
  },
  {
    id: 'action',
    header: 'Action',
    width: 5.5,
    cell: (row) => capitalise(row.rule.action),
  },
  {
    id: 'state',
    header: 'State',
    width: 6,
    priority: 2,
    cell: (row) => capitalise(row.rule.state),
  },
  {
    id: 'protocol',
    header: 'Protocol',
    width: 6,
    cell: (row) => protocolLabel(row.rule.protocol),
  },
  {
    id: 'source',
    header: 'Source',
    priority: 2,
    cell: (row) => text(subjectText(row.rule.source)),
  },
  {
    id: 'destination',
    header: 'Destination',
    priority: 2,
    cell: (row) => text(subjectText(row.rule.destination)),
  },
  {
    id: 'match',
    header: 'Ports or ICMP',
    cell: (row) => text(ruleMatchText(row.rule)),
  },
  {
    id: 'description',
    header: 'Description',
    priority: 2,
    cell: (row) => text(row.rule.description),
  },
];

const rowKey = (row: RuleRow) => String(row.position);

/**
 * The rules of one direction, in order. With `onEdit` and friends each row has Edit, Up, Down and
 * Remove buttons whose names say which rule they act on.
 */
export function RuleTable({
  direction,
  rules,
  onEdit,
  onMove,
  onRemove,
}: {
  direction: AclDirection;
  rules: readonly AclRuleValues[];
  onEdit?: (index: number) => void;
  onMove?: (index: number, delta: -1 | 1) => void;
  onRemove?: (index: number) => void;
}) {
  const rows = useMemo(() => rules.map((rule, index) => ({ position: index + 1, rule })), [rules]);
  const label = `${capitalise(direction)} rules`;
  const editable = onEdit !== undefined && onMove !== undefined && onRemove !== undefined;
  const count = rules.length;
  const rowActions = useCallback(
    (row: RuleRow) => {
      if (!onEdit || !onMove || !onRemove) return null;
      const index = row.position - 1;
      const name = `${direction} rule ${String(row.position)}`;
      return (
        <div className="acl-rule-actions">
          <button
            type="button"
            className="p-button is-dense"
            aria-label={`Edit ${name}`}
            onClick={() => {
              onEdit(index);
            }}
          >
            Edit
          </button>
          <button
            type="button"
            className="p-button is-dense has-icon"
            title={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => {
              onMove(index, -1);
            }}
          >
            <i className="p-icon--chevron-up">Move {name} up</i>
          </button>
          <button
            type="button"
            className="p-button is-dense has-icon"
            title={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => {
              onMove(index, 1);
            }}
          >
            <i className="p-icon--chevron-down">Move {name} down</i>
          </button>
          <button
            type="button"
            className="p-button is-dense"
            aria-label={`Remove ${name}`}
            onClick={() => {
              onRemove(index);
            }}
          >
            Remove
          </button>
        </div>
      );
    },
    [direction, count, onEdit, onMove, onRemove],
  );

  if (rules.length === 0) {
    return <p className="u-text--muted">No {direction} rules.</p>;
  }
  return (
    <DataTable<RuleRow>
      label={label}
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      rowLabel={(row) => `${capitalise(direction)} rule ${String(row.position)}`}
      rowActions={editable ? rowActions : undefined}
      actionsWidth={17.5}
      className="acl-rule-table"
    />
  );
}
