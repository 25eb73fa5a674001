import { useState, type ReactNode } from 'react';
import { GatedButton } from './Gated';
import { Modal } from './Modal';

/**
 * A button that asks before it acts. The confirm button shows progress while `onConfirm` runs;
 * an error keeps the dialog open and shows the message.
 */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  onConfirm,
  danger = false,
  disabled = false,
  disabledReason,
  reason,
  className,
  extra,
  onOpen,
  confirmDisabled = false,
}: {
  label: ReactNode;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  disabled?: boolean;
  /** Shown as the button's title (its accessible description) when disabled. */
  disabledReason?: string;
  /** Why it may not be used (no permission, wrong state): when set it is disabled, saying so. */
  reason?: string | undefined;
  className?: string;
  /** Additional controls inside the dialog (for example a "force" checkbox). */
  extra?: ReactNode;
  /** Called as the dialog opens (for example to keep what the user is asked about). */
  onOpen?: () => void;
  /** Keeps the dialog's confirm button disabled (until a typed confirmation matches). */
  confirmDisabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const close = () => {
    if (busy) return;
    setOpen(false);
    setError(undefined);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <GatedButton
        className={className ?? (danger ? 'p-button--negative' : 'p-button')}
        disabled={disabled}
        reason={reason ?? (disabled ? disabledReason : undefined)}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </GatedButton>
      {open && (
        <Modal
          title={title}
          onClose={close}
          footer={
            <>
              <button type="button" className="p-button--base" onClick={close} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className={danger ? 'p-button--negative' : 'p-button--positive'}
                onClick={() => void confirm()}
                disabled={busy || confirmDisabled}
                aria-busy={busy}
              >
                {busy ? `${confirmLabel}…` : confirmLabel}
              </button>
            </>
          }
        >
          <div>{message}</div>
          {extra}
          {error && (
            <div className="p-notification--negative" role="alert">
              <div className="p-notification__content">
                <p className="p-notification__message">{error}</p>
              </div>
            </div>
          )}
        </Modal>
      )}
    </>
  );
}
