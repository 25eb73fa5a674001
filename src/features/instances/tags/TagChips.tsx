/**
 * Tags as chips: a read-only list (the instance list's Tags column) and an editor (chips that
 * remove themselves, a field that adds a tag with Enter, its problem shown under it).
 */
import { useId, useState } from 'react';
import { FieldMessage, fieldDescribedBy } from '../../../shared/ui/TextField';
import { validateTag } from './tags';
import './tags.scss';

/** The tags of a row, as plain chips. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return <span className="u-text--muted">-</span>;
  return (
    <span className="tag-chips" title={tags.join(', ')}>
      {tags.map((tag) => (
        <span key={tag} className="tag-chip">
          {tag}
        </span>
      ))}
    </span>
  );
}

/** The text being typed in a tag field, with its problem once the user tried to add it. */
export function useTagDraft(tags: readonly string[], onAdd: (tag: string) => void) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  /** Adds the typed tag; false (with the problem shown) when it is not a valid tag. */
  const commit = (): boolean => {
    const problem = validateTag(text, tags);
    if (problem) {
      setError(problem);
      return false;
    }
    onAdd(text.trim());
    setText('');
    return true;
  };
  return {
    text,
    error,
    setText: (value: string) => {
      setText(value);
      setError(undefined);
    },
    commit,
    /** Adds what is typed, if anything (a form sent with a tag still in the field). */
    commitPending: (): boolean => text.trim() === '' || commit(),
  };
}

export interface TagEditorProps {
  /** Names the list of chips ("Tags of web1", "Tags to add"). */
  label: string;
  tags: readonly string[];
  draft: ReturnType<typeof useTagDraft>;
  onRemove: (tag: string) => void;
  /** The field's label ("Add tag"). */
  inputLabel?: string;
  /** A chip's button name ("Remove tag web"). */
  removeLabel?: (tag: string) => string;
  /** Why the tags cannot be changed (no permission), if so. */
  disabledReason?: string | undefined;
  busy?: boolean;
  /** Tags to offer while typing. */
  suggestions?: readonly string[];
  /** A problem of the whole editor (shown under the field when the field has none). */
  error?: string | undefined;
}

export function TagEditor({
  label,
  tags,
  draft,
  onRemove,
  inputLabel = 'Add tag',
  removeLabel = (tag) => `Remove tag ${tag}`,
  disabledReason,
  busy = false,
  suggestions,
  error,
}: TagEditorProps) {
  const id = useId();
  const listId = `${id}-suggestions`;
  const disabled = disabledReason !== undefined || busy;
  const problem = draft.error ?? error;
  return (
    <div className="tag-editor">
      {tags.length > 0 ? (
        <ul className="tag-chips tag-editor__chips" aria-label={label}>
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="tag-chip tag-chip--removable"
                aria-label={removeLabel(tag)}
                title={disabledReason ?? removeLabel(tag)}
                disabled={disabled}
                onClick={() => {
                  onRemove(tag);
                }}
              >
                {tag}
                <i className="p-icon--close tag-chip__remove" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="tag-editor__none u-text--muted">No tags.</p>
      )}
      <div className={problem ? 'p-form-validation is-error' : undefined}>
        <label htmlFor={id} className="u-off-screen">
          {inputLabel}
        </label>
        <div className="tag-editor__add">
          <input
            id={id}
            type="text"
            className="p-form-validation__input"
            placeholder={inputLabel}
            autoComplete="off"
            spellCheck={false}
            list={suggestions && suggestions.length > 0 ? listId : undefined}
            value={draft.text}
            disabled={disabled}
            title={disabledReason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={fieldDescribedBy(id, problem, undefined)}
            onChange={(event) => {
              draft.setText(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                draft.commit();
              }
            }}
          />
          <button
            type="button"
            className="p-button is-dense"
            disabled={disabled}
            title={disabledReason}
            onClick={() => {
              draft.commit();
            }}
          >
            Add
          </button>
        </div>
        {suggestions && suggestions.length > 0 && (
          <datalist id={listId}>
            {suggestions.map((tag) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
        )}
        <FieldMessage id={id} error={problem} />
      </div>
    </div>
  );
}
