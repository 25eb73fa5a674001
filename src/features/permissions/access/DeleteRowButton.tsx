import type { ReactNode } from 'react';
import { ConfirmButton } from '../../../shared/ui/ConfirmButton';

/** A row's "Delete" (named "Delete {name}"), asked first; disabled with `reason` when set. */
export function DeleteRowButton({
  name,
  title,
  reason,
  message,
  onDelete,
}: {
  name: string;
  /** The confirmation dialog's title ("Delete identity"). */
  title: string;
  reason: string | undefined;
  message: ReactNode;
  onDelete: () => Promise<void>;
}) {
  return (
    <ConfirmButton
      label={
        <>
          Delete <span className="u-off-screen">{name}</span>
        </>
      }
      className="p-button--negative is-dense"
      title={title}
      confirmLabel="Delete"
      danger
      disabled={reason !== undefined}
      disabledReason={reason}
      message={message}
      onConfirm={onDelete}
    />
  );
}
