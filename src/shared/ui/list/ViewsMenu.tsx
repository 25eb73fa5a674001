/**
 * The "Views" menu of a list: the saved views (choosing one shows it), "Save view as…",
 * "Copy link to this view" and deleting a view. Views are kept per user and remote (views.ts).
 */
import { useCallback, useId, useState } from 'react';
import { FormModal } from '../FormModal';
import { TextField } from '../TextField';
import { DropdownMenu } from './DropdownMenu';
import {
  deleteView,
  readViews,
  saveView,
  validateViewName,
  viewLink,
  viewsKey,
  writeViews,
  type SavedView,
  type ViewOwner,
} from './views';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The saved views of a list for one owner, kept in localStorage. */
export function useSavedViews(listId: string, owner: ViewOwner) {
  const key = viewsKey(listId, owner);
  const [state, setState] = useState(() => ({ key, views: readViews(storage(), key) }));
  // Another owner (a sign-in as someone else) reads their own views.
  const views = state.key === key ? state.views : readViews(storage(), key);
  if (state.key !== key) setState({ key, views });
  const update = useCallback(
    (change: (views: SavedView[]) => SavedView[]) => {
      setState((current) => {
        const next = change(current.key === key ? current.views : readViews(storage(), key));
        writeViews(storage(), key, next);
        return { key, views: next };
      });
    },
    [key],
  );
  return { views, update };
}

function SaveViewDialog({
  views,
  onSave,
  onClose,
}: {
  views: readonly SavedView[];
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const problem = validateViewName(name, views);
  return (
    <FormModal
      title="Save view"
      formId={formId}
      busy={false}
      submitLabel="Save view"
      onClose={onClose}
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (problem === undefined) onSave(name.trim());
        }}
      >
        <p>The search, filters, sort, grouping and shown columns are saved under this name.</p>
        <TextField
          label="View name"
          value={name}
          onChange={setName}
          required
          error={tried ? problem : undefined}
        />
      </form>
    </FormModal>
  );
}

export interface ViewsMenuProps {
  listId: string;
  owner: ViewOwner;
  /** The current view's URL parameters. */
  current: () => URLSearchParams;
  apply: (params: URLSearchParams) => void;
}

export function ViewsMenu({ listId, owner, current, apply }: ViewsMenuProps) {
  const { views, update } = useSavedViews(listId, owner);
  const [saving, setSaving] = useState(false);
  const [link, setLink] = useState<{ url: string; copied: boolean }>();
  const [chosen, setChosen] = useState<string>();

  const copyLink = async () => {
    const url = viewLink(window.location.origin, window.location.pathname, current().toString());
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      // No clipboard (an insecure origin, a refusal): the link is shown to copy by hand.
    }
    setLink({ url, copied });
  };

  return (
    <>
      <DropdownMenu
        label="Views"
        className="list-views"
        dropdownClassName="list-views__dropdown"
        onToggle={() => {
          setLink(undefined);
        }}
      >
        {(close) => (
          <>
            {views.length === 0 ? (
              <p className="list-views__empty u-text--muted">No saved views yet.</p>
            ) : (
              <ul className="list-views__list" aria-label="Saved views">
                {views.map((view) => (
                  <li key={view.name} className="list-views__item">
                    <button
                      type="button"
                      className="p-button--base is-dense list-views__apply"
                      aria-current={chosen === view.name ? 'true' : undefined}
                      onClick={() => {
                        apply(new URLSearchParams(view.query));
                        setChosen(view.name);
                        close();
                      }}
                    >
                      {view.name}
                    </button>
                    <button
                      type="button"
                      className="p-button--base is-dense has-icon list-views__delete"
                      aria-label={`Delete view ${view.name}`}
                      title={`Delete view ${view.name}`}
                      onClick={() => {
                        update((list) => deleteView(list, view.name));
                      }}
                    >
                      <i className="p-icon--delete" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <div className="list-views__actions">
              <button
                type="button"
                className="p-button is-dense"
                onClick={() => {
                  close();
                  setSaving(true);
                }}
              >
                Save view as…
              </button>
              <button type="button" className="p-button is-dense" onClick={() => void copyLink()}>
                Copy link to this view
              </button>
              {link && (
                <label className="list-views__link">
                  <span role="status">{link.copied ? 'Link copied.' : 'Copy the link:'}</span>
                  <input
                    type="text"
                    readOnly
                    value={link.url}
                    aria-label="Link to this view"
                    onFocus={(event) => {
                      event.target.select();
                    }}
                  />
                </label>
              )}
            </div>
          </>
        )}
      </DropdownMenu>
      {saving && (
        <SaveViewDialog
          views={views}
          onClose={() => {
            setSaving(false);
          }}
          onSave={(name) => {
            update((list) => saveView(list, name, current().toString()));
            setChosen(name);
            setSaving(false);
          }}
        />
      )}
    </>
  );
}
