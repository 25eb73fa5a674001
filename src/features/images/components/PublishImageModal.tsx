import { useId, useRef, useState, type SyntheticEvent } from 'react';
import type { LxdImagePublish } from '../../../lxd/types/image';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { ModalFormFooter } from '../../../shared/ui/ModalFormFooter';
import { usePublishImage } from '../actions';
import { reasonMessage } from '../bulk';
import { shortFingerprint } from '../model';

export interface PublishImageModalProps {
  project: string;
  /** The instance to publish. */
  instance: string;
  /** A snapshot of that instance: the image is made from the snapshot instead. */
  snapshot?: string | undefined;
  onClose: () => void;
  /** Called with the new image's fingerprint (when LXD reports it) after it was created. */
  onPublished?: ((fingerprint: string | undefined) => void) | undefined;
}

/** The JSON body of POST /1.0/images for an instance or one of its snapshots. */
export function publishBody(options: {
  instance: string;
  snapshot?: string | undefined;
  alias: string;
  description: string;
  isPublic: boolean;
}): LxdImagePublish {
  const alias = options.alias.trim();
  const description = options.description.trim();
  return {
    source: options.snapshot
      ? { type: 'snapshot', name: `${options.instance}/${options.snapshot}` }
      : { type: 'instance', name: options.instance },
    ...(alias ? { aliases: [{ name: alias }] } : {}),
    public: options.isPublic,
    ...(description ? { properties: { description } } : {}),
  };
}

/**
 * Create an image from an instance or a snapshot (publish), with an optional alias and the
 * public flag. For the instance pages: `import { PublishImageModal } from '../images'`.
 */
export function PublishImageModal({
  project,
  instance,
  snapshot,
  onClose,
  onPublished,
}: PublishImageModalProps) {
  const formId = useId();
  const aliasId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const publish = usePublishImage();
  const notify = useNotify();
  const [alias, setAlias] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const busyRef = useRef(false);
  const source = snapshot ? `${instance}/${snapshot}` : instance;

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    try {
      const body = publishBody({ instance, snapshot, alias, description, isPublic });
      const fingerprint = await publish(project, body);
      notify.success(
        'Image created',
        `An image${fingerprint ? ` (${shortFingerprint(fingerprint)})` : ''} was created from ${source}.`,
        [{ label: 'Images', to: paths.images(project) }],
      );
      onPublished?.(fingerprint);
      onClose();
    } catch (e) {
      setError(reasonMessage(e));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <Modal
      title={snapshot ? `Create image from snapshot ${snapshot}` : `Create image from ${instance}`}
      onClose={onClose}
      footer={
        <ModalFormFooter
          formId={formId}
          busy={busy}
          submitLabel="Create image"
          busyLabel="Creating image…"
          onCancel={onClose}
        />
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <p>
          LXD packs the root file system of <strong>{source}</strong> into a new image in project{' '}
          {project}.
        </p>
        <label htmlFor={aliasId}>Alias (optional)</label>
        <input
          id={aliasId}
          type="text"
          autoComplete="off"
          value={alias}
          disabled={busy}
          onChange={(event) => {
            setAlias(event.target.value);
          }}
        />
        <label htmlFor={descriptionId}>Description (optional)</label>
        <input
          id={descriptionId}
          type="text"
          autoComplete="off"
          value={description}
          disabled={busy}
          onChange={(event) => {
            setDescription(event.target.value);
          }}
        />
        <label className="p-checkbox">
          <input
            type="checkbox"
            className="p-checkbox__input"
            checked={isPublic}
            disabled={busy}
            onChange={(event) => {
              setIsPublic(event.target.checked);
            }}
          />
          <span className="p-checkbox__label">
            Public: unauthenticated clients may see and download this image
          </span>
        </label>
        {error && (
          <div className="p-notification--negative" role="alert" id={errorId}>
            <div className="p-notification__content">
              <p className="p-notification__title">Could not create the image</p>
              <p className="p-notification__message">{error}</p>
            </div>
          </div>
        )}
      </form>
    </Modal>
  );
}
