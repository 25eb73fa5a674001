import type { ReactNode } from 'react';
import { Modal } from '../../../../shared/ui/Modal';
import type { LxdStorageBucketKey } from '../../../../lxd/types/storage';
import { BUCKET_MESSAGES, roleLabel } from '../rules';
import { CopyButton } from '../../../../shared/ui/CopyButton';

/** A key's credentials, shown once after it was made, each with a copy button. */
export function KeySecret({ credentials }: { credentials: LxdStorageBucketKey }) {
  return (
    <div className="bucket-secret">
      <div className="p-notification--caution">
        <div className="p-notification__content">
          <p className="p-notification__message">{BUCKET_MESSAGES.secretOnce}</p>
        </div>
      </div>
      <dl className="page-facts bucket-secret__list">
        <dt>Key</dt>
        <dd>
          {credentials.name} ({roleLabel(credentials.role)})
        </dd>
        <dt>Access key</dt>
        <dd className="bucket-secret__value">
          <code>{credentials['access-key']}</code>
          <CopyButton value={credentials['access-key']} what="access key" className="bucket-copy" />
        </dd>
        <dt>Secret key</dt>
        <dd className="bucket-secret__value">
          <code>{credentials['secret-key']}</code>
          <CopyButton value={credentials['secret-key']} what="secret key" className="bucket-copy" />
        </dd>
      </dl>
    </div>
  );
}

/** The dialog after a key was made: what was made, and its credentials, shown once. */
export function SecretModal({
  title,
  credentials,
  onClose,
  children,
}: {
  title: string;
  credentials: LxdStorageBucketKey;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className="p-button--positive" onClick={onClose}>
          Done
        </button>
      }
    >
      {children}
      <KeySecret credentials={credentials} />
    </Modal>
  );
}
