import { useId, useState, type SubmitEvent } from 'react';
import { GatedButton } from './Gated';
import { Modal } from './Modal';

/**
 * A Rename button with its dialog: the new name is checked as it is typed, the server's
 * answer is shown in the dialog, and nothing typed is lost on failure.
 */
export function RenameButton({
  title,
  currentName,
  validate,
  onRename,
  disabledReason,
}: {
  /** Dialog title, e.g. "Rename project". */
  title: string;
  currentName: string;
  validate: (name: string) => string | undefined;
  onRename: (newName: string) => Promise<unknown>;
  /** When set, the button is disabled with this reason as its title. */
  disabledReason?: string | undefined;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(currentName);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const unchanged = name.trim() === currentName;
  const problem = unchanged ? undefined : validate(name.trim());
  const shownProblem = touched ? problem : undefined;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(undefined);
    setTouched(false);
    setName(currentName);
  };
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem || unchanged) return;
    setBusy(true);
    setError(undefined);
    try {
      await onRename(name.trim());
      setOpen(false);
      setTouched(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <GatedButton className="p-button" reason={disabledReason} onClick={() => setOpen(true)}>
        Rename
      </GatedButton>
      {open && (
        <Modal title={title} onClose={close}>
          <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
            <div className={`p-form__group p-form-validation${shownProblem ? ' is-error' : ''}`}>
              <label htmlFor={`${id}-name`}>New name</label>
              <input
                id={`${id}-name`}
                type="text"
                className="p-form-validation__input"
                value={name}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={shownProblem ? true : undefined}
                aria-describedby={shownProblem ? `${id}-error` : undefined}
                onChange={(event) => {
                  setName(event.target.value);
                  setTouched(true);
                }}
              />
              {shownProblem && (
                <p className="p-form-validation__message" id={`${id}-error`} role="alert">
                  {shownProblem}
                </p>
              )}
            </div>
            {error && (
              <div className="p-notification--negative" role="alert">
                <div className="p-notification__content">
                  <p className="p-notification__message">{error}</p>
                </div>
              </div>
            )}
            <footer className="p-modal__footer">
              <button type="button" className="p-button--base" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button
                type="submit"
                className="p-button--positive"
                disabled={busy || unchanged || problem !== undefined}
                aria-busy={busy}
              >
                {busy ? 'Renaming…' : 'Rename'}
              </button>
            </footer>
          </form>
        </Modal>
      )}
    </>
  );
}
