import './conflict-notice.scss';

/**
 * Shown when a save answers 412: someone else changed the object after it was opened. The
 * user's edits stay in the form; they choose to overwrite or to load the other version.
 */
export function ConflictNotice({
  what,
  onOverwrite,
  onDiscard,
}: {
  /** "project", "profile"… */
  what: string;
  onOverwrite: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="p-notification--caution" role="alert">
      <div className="p-notification__content">
        <h3 className="p-notification__title">Someone else changed this {what}</h3>
        <p className="p-notification__message">
          The {what} was changed after you opened it, so your changes were not saved. They are still
          in the form.
        </p>
        <div className="conflict-actions">
          <button type="button" className="p-button--negative is-dense" onClick={onOverwrite}>
            Save my changes anyway
          </button>
          <button type="button" className="p-button is-dense" onClick={onDiscard}>
            Discard my changes and load theirs
          </button>
        </div>
      </div>
    </div>
  );
}
