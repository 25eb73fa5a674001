import {
  BULK_ACTION_LABELS,
  BULK_ACTIONS,
  pluralInstances,
  type BulkAction,
} from '../actions/bulk';

/** Actions on the selected rows (shown while there is a selection). */
export function BulkToolbar({
  count,
  onAction,
  onClear,
}: {
  count: number;
  onAction: (action: BulkAction | 'delete') => void;
  onClear: () => void;
}) {
  return (
    <div className="instances-bulk" role="toolbar" aria-label="Selected instances">
      <span className="instances-bulk__count" aria-live="polite">
        {pluralInstances(count)} selected
      </span>
      {BULK_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className="p-button is-dense"
          onClick={() => {
            onAction(action);
          }}
        >
          {BULK_ACTION_LABELS[action]}
        </button>
      ))}
      <button
        type="button"
        className="p-button--negative is-dense"
        onClick={() => {
          onAction('delete');
        }}
      >
        Delete
      </button>
      <button type="button" className="p-button--base is-dense" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
