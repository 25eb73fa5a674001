import { useState } from 'react';
import { GatedButton } from '../ui/Gated';
import { NameDialog } from './NameDialog';

/**
 * A Rename button with its dialog (the shared NameDialog): the new name is checked as it is
 * typed, the server's answer is shown in the dialog, and nothing typed is lost on failure.
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
  const [open, setOpen] = useState(false);
  return (
    <>
      <GatedButton className="p-button" reason={disabledReason} onClick={() => setOpen(true)}>
        Rename
      </GatedButton>
      {open && (
        <NameDialog
          title={title}
          label="New name"
          initial={currentName}
          submitLabel="Rename"
          busyLabel="Renaming…"
          validate={(name) => (name === currentName ? undefined : validate(name))}
          onSubmit={async (name) => {
            if (name !== currentName) await onRename(name);
          }}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
