import { GatedButton } from './Gated';

/**
 * The footer of a dialog that holds one form: Cancel, and the submit button (bound to the form by
 * id, so it may sit outside it). Both are disabled while the form is being sent.
 */
export function ModalFormFooter({
  formId,
  busy,
  submitLabel,
  busyLabel = `${submitLabel}…`,
  onCancel,
  reason,
}: {
  formId: string;
  busy: boolean;
  submitLabel: string;
  /** Shown on the submit button while busy; "<submitLabel>…" by default. */
  busyLabel?: string;
  onCancel: () => void;
  /** Why the form may not be sent (no permission), if so: the submit button says it. */
  reason?: string | undefined;
}) {
  return (
    <>
      <button type="button" className="p-button--base" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <GatedButton
        type="submit"
        form={formId}
        className="p-button--positive"
        disabled={busy}
        reason={reason}
        aria-busy={busy}
      >
        {busy ? busyLabel : submitLabel}
      </GatedButton>
    </>
  );
}
