import { Fragment } from 'react';
import type { SettingGroup, SettingRow } from '../options';
import { docLink } from '../docObjects';
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

function Row({ row, context }: { row: SettingRow; context: RowContext }) {
  const target = row.scope === 'local' ? context.member : undefined;
  const disabled = !context.canEdit;
  const href = context.docLinks ? docLink(context.docLinks, row.key) : undefined;
  const props = { row, target, disabled, disabledReason: context.disabledReason };
  return (
    <tr>
      <th scope="row" className="settings-table__key">
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
      </th>
      <td className="settings-table__value">
        <div className="setting-cell">
          {row.type === 'bool' && typeof row.value !== 'boolean' ? (
            <BoolSetting {...props} />
          ) : (
            <TextSetting {...props} />
          )}
          <SettingActions {...props} />
        </div>
      </td>
      <td className={row.default ? 'settings-table__default' : 'settings-table__default is-empty'}>
        {row.default ? <code>{row.default}</code> : <span className="u-text--muted">-</span>}
      </td>
      <td className="settings-table__description">
        <RichText text={row.description} />
      </td>
    </tr>
  );
}

/** The settings, one row group per category. */
export function SettingsTable({
  groups,
  context,
}: {
  groups: SettingGroup[];
  context: RowContext;
}) {
  return (
    <table className="settings-table" aria-label="Server settings">
      <thead>
        <tr>
          <th scope="col" className="settings-table__key">
            Key
          </th>
          <th scope="col" className="settings-table__value">
            Value
          </th>
          <th scope="col" className="settings-table__default">
            Default
          </th>
          <th scope="col">Description</th>
        </tr>
      </thead>
      {groups.map((group) => (
        <tbody key={group.category} aria-label={group.label}>
          <tr className="settings-table__group">
            <th scope="rowgroup" colSpan={4}>
              {group.label}
            </th>
          </tr>
          {group.rows.map((row) => (
            <Row key={row.key} row={row} context={context} />
          ))}
        </tbody>
      ))}
    </table>
  );
}
