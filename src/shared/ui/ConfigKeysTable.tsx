/**
 * An object's overview parts: a section headed by its title (h2, the section's name), and the
 * object's config keys as a sortable table of key and value ("Configuration keys"), the values of
 * secret keys masked.
 */
import { useMemo, type ReactNode } from 'react';
import { SortedTable, textColumn, type ListColumn, type SortState } from './list';
import './config-keys-table.scss';

export function OverviewSection({
  id,
  title,
  className,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 className="p-heading--5" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

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
