import type { ReactNode } from 'react';
import { Modal } from './Modal';
import { ModalFormFooter } from './ModalFormFooter';
import { useStableCallback } from './useStableCallback';

/**
 * A dialog that holds one form (its id is `formId`): Cancel and the submit button in the footer,
 * and no closing (Escape, Close, Cancel) while the form is being sent.
 */
export function FormModal({
  title,
  formId,
  busy,
  submitLabel,
  busyLabel,
  onClose,
  reason,
  children,
}: {
  title: string;
  formId: string;
  busy: boolean;
  submitLabel: string;
  /** Shown on the submit button while busy; "<submitLabel>…" by default. */
  busyLabel?: string;
  onClose: () => void;
  /** Why the form may not be sent (no permission), if so: the submit button says it. */
  reason?: string | undefined;
  children: ReactNode;
}) {
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });
  return (
    <Modal
      title={title}
      onClose={close}
      footer={
        <ModalFormFooter
          formId={formId}
          busy={busy}
          submitLabel={submitLabel}
          {...(busyLabel === undefined ? {} : { busyLabel })}
          onCancel={close}
          reason={reason}
        />
      }
    >
      {children}
    </Modal>
  );
}
