/**
 * The settings list's columns: the key (with the member whose value is shown and a link to the
 * documentation), the value edited in place, the default and the description. The rows come
 * grouped by category (`orderedRows`), in the order of `groupRows`.
 */
import { Fragment } from 'react';
import type { ListColumn } from '../../../shared/ui/list';
import { docLink } from '../docObjects';
import { categoryLabel, groupRows, type SettingRow } from '../options';
import { BoolSetting } from './BoolSetting';
import { RichText } from './RichText';
import { SettingActions } from './SettingActions';
import { TextSetting } from './TextSetting';

export interface RowContext {
  canEdit: boolean;
  disabledReason: string | undefined;
  /** The cluster member whose local values are shown (undefined when not clustered). */
  member: string | undefined;
  docLinks: ReadonlyMap<string, string> | undefined;
}

/** The columns menu remembers its choice under `lxd-console.settings.hidden-columns`. */
export const SETTINGS_LIST_ID = 'settings';

/** The rows by category (fixed category order, keys in order within one). */
export function orderedRows(rows: readonly SettingRow[]): SettingRow[] {
  return groupRows(rows).flatMap((group) => group.rows);
}

export const settingGroup = (row: SettingRow) => categoryLabel(row.category);
export const settingKey = (row: SettingRow) => row.key;

/** A key that may break after its dots and underscores, never inside a word. */
function KeyName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])/);
  return (
    <code>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

const controlProps = (row: SettingRow, context: RowContext) => ({
  row,
  target: row.scope === 'local' ? context.member : undefined,
  disabled: !context.canEdit,
  disabledReason: context.disabledReason,
});

function KeyCell({ row, context }: { row: SettingRow; context: RowContext }) {
  const target = row.scope === 'local' ? context.member : undefined;
  const href = context.docLinks ? docLink(context.docLinks, row.key) : undefined;
  return (
    <>
      <KeyName name={row.key} />
      {target && (
        <span className="settings-table__scope" title={`Value of member ${target}`}>
          member {target}
        </span>
      )}
      {href && (
        <a className="settings-table__doc" href={href} target="_blank" rel="noreferrer">
          Docs <span className="u-off-screen">for {row.key}</span>
        </a>
      )}
    </>
  );
}

function ValueCell({ row, context }: { row: SettingRow; context: RowContext }) {
  const props = controlProps(row, context);
  return (
    <div className="setting-cell">
      {row.type === 'bool' && typeof row.value !== 'boolean' ? (
        <BoolSetting {...props} />
      ) : (
        <TextSetting {...props} />
      )}
      <SettingActions {...props} />
    </div>
  );
}

export const SETTINGS_COLUMNS: readonly ListColumn<SettingRow, RowContext>[] = [
  {
    id: 'key',
    header: 'Key',
    alwaysShown: true,
    rowHeader: true,
    className: 'settings-table__key',
    cell: (row, context) => <KeyCell row={row} context={context} />,
  },
  {
    id: 'value',
    header: 'Value',
    alwaysShown: true,
    cell: (row, context) => <ValueCell row={row} context={context} />,
  },
  {
    id: 'default',
    header: 'Default',
    width: 9,
    priority: 2,
    cell: (row) =>
      row.default ? <code>{row.default}</code> : <span className="u-text--muted">-</span>,
  },
  {
    id: 'description',
    header: 'Description',
    priority: 2,
    className: 'settings-table__description',
    cell: (row) => <RichText text={row.description} />,
  },
];
