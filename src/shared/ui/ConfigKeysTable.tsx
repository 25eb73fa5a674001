/**
 * An object's config keys as an overview tab shows them: a sortable table of key and value
 * ("Configuration keys"), the values of secret keys masked.
 */
import { useMemo } from 'react';
import { SortedTable, textColumn, type ListColumn, type SortState } from './list';
import './config-keys-table.scss';

interface ConfigRow {
  key: string;
  value: string;
}

const COLUMNS: readonly ListColumn<ConfigRow>[] = [
  {
    id: 'key',
    header: 'Key',
    width: 16,
    rowHeader: true,
    sortValue: (row) => row.key,
    cell: (row) => <code>{row.key}</code>,
  },
  textColumn('value', 'Value', (row) => row.value, { className: 'config-keys-table__value' }),
];
const BY_KEY: SortState = { column: 'key', direction: 'ascending' };
const rowKey = (row: ConfigRow) => row.key;

/** Keys whose values are not shown (passwords, tokens). */
export const SECRET_KEY = /password|token|secret/i;

export function ConfigKeysTable({
  config,
  label = 'Configuration keys',
  maskSecrets = false,
}: {
  config: Readonly<Record<string, string>>;
  label?: string;
  /** Shows "••••••" for the keys SECRET_KEY names. */
  maskSecrets?: boolean;
}) {
  const rows = useMemo(
    () =>
      Object.entries(config).map(([key, value]) => ({
        key,
        value: maskSecrets && SECRET_KEY.test(key) ? '••••••' : value,
      })),
    [config, maskSecrets],
  );
  return (
    <SortedTable
      label={label}
      rows={rows}
      columns={COLUMNS}
      rowKey={rowKey}
      initialSort={BY_KEY}
      empty="No configuration keys are set."
    />
  );
}
