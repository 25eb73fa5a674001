import { useId } from 'react';
import type { LxdImagePublish } from '../../../lxd/types/image';
import { useProductName } from '../../../shared/auth/product';
import {
  CheckboxInput,
  FormFailure,
  ResourceForm,
  TextInput,
  useResourceForm,
} from '../../../shared/forms';
import { useNotify } from '../../../shared/notifications';
import { paths } from '../../../shared/routing/paths';
import { FormModal } from '../../../shared/ui/FormModal';
import { usePublishImage } from '../actions';
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

interface PublishValues {
  alias: string;
  description: string;
  isPublic: boolean;
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
  const publish = usePublishImage();
  const notify = useNotify();
  const product = useProductName();
  const source = snapshot ? `${instance}/${snapshot}` : instance;
  const title = snapshot
    ? `Create image from snapshot ${snapshot}`
    : `Create image from ${instance}`;
  const kit = useResourceForm<PublishValues>({
    defaultValues: { alias: '', description: '', isPublic: false },
    onSubmit: async ({ alias, description, isPublic }) => {
      const body = publishBody({ instance, snapshot, alias, description, isPublic });
      const fingerprint = await publish(project, body);
      notify.success(
        'Image created',
        `An image${fingerprint ? ` (${shortFingerprint(fingerprint)})` : ''} was created from ${source}.`,
        [{ label: 'Images', to: paths.images(project) }],
      );
      onPublished?.(fingerprint);
      onClose();
    },
  });

  return (
    <FormModal
      title={title}
      formId={formId}
      busy={kit.busy}
      submitLabel="Create image"
      busyLabel="Creating image…"
      onClose={onClose}
    >
      <ResourceForm kit={kit} id={formId} label={title}>
        <p>
          {product} packs the root file system of <strong>{source}</strong> into a new image in
          project {project}.
        </p>
        <TextInput name="alias" label="Alias (optional)" disabled={kit.busy} />
        <TextInput name="description" label="Description (optional)" disabled={kit.busy} />
        <CheckboxInput
          name="isPublic"
          label="Public: unauthenticated clients may see and download this image"
          disabled={kit.busy}
        />
        <FormFailure failure={kit.failure} what="image" action="create" />
      </ResourceForm>
    </FormModal>
  );
}
