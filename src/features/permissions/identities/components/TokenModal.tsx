import { useId } from 'react';
import { formatDate } from '../../../../shared/format/dates';
import { CopyButton } from '../../../../shared/ui/CopyButton';
import { Modal } from '../../../../shared/ui/Modal';

/** A read-only value to hand over, with a button copying it. */
function CopyField({ label, value, what }: { label: string; value: string; what: string }) {
  const id = useId();
  return (
    <div className="p-form__group token-field">
      <label htmlFor={id}>{label}</label>
      <div className="token-field__row">
        <textarea id={id} readOnly rows={3} value={value} spellCheck={false} />
        <CopyButton value={value} what={what} label="Copy" />
      </div>
    </div>
  );
}

/**
 * The trust token of a new TLS identity, shown once: LXD keeps only a pending identity and never
 * shows the token again.
 */
export function TokenModal({
  name,
  token,
  expiresAt,
  remote,
  client = 'lxc',
  onClose,
}: {
  /** The identity's name. */
  name: string;
  token: string;
  expiresAt: string | undefined;
  /** What the client may call this server (its name). */
  remote: string;
  /** The server's command-line client (clientCommand in src/lxd/product.ts). */
  client?: 'lxc' | 'incus';
  onClose: () => void;
}) {
  const expires = formatDate(expiresAt);
  return (
    <Modal
      title={`Token for ${name}`}
      onClose={onClose}
      footer={
        <button type="button" className="p-button--positive" onClick={onClose}>
          Done
        </button>
      }
    >
      <p>
        The identity <strong>{name}</strong> waits for its certificate. Give this token to the
        person or machine that will use it; it is shown only this once
        {expires ? ` and works until ${expires}` : ''}.
      </p>
      <CopyField label="Trust token" value={token} what="token" />
      <CopyField
        label="Add this server as a remote on the client"
        value={`${client} remote add ${remote} ${token}`}
        what="command"
      />
    </Modal>
  );
}
