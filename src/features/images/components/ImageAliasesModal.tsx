import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { LxdImage } from '../../../lxd/types/image';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { Modal } from '../../../shared/ui/Modal';
import { useImageAliases } from '../actions';
import { imageAliasesQuery } from '../queries';
import { ResourceForm, TextInput, useResourceForm } from '../../../shared/forms';
import { errorText } from '../../../shared/notifications';
import { aliasNameError, aliasNames, imageLabel, shortFingerprint } from '../model';

/** What a dialog about one image of a row gets. */
export interface ImageDialogProps {
  image: LxdImage;
  /** The project the image belongs to. */
  project: string;
  onClose: () => void;
}

/** Lists an image's aliases with Remove buttons, and adds new ones. */
export function ImageAliasesModal({ image, project, onClose }: ImageDialogProps) {
  const { add, remove } = useImageAliases();
  const { isFineGrained } = useAuth();
  const permissions = usePermissions();
  const entitled = useQuery(imageAliasesQuery(project, isFineGrained));
  const addReason = permissions.inProject(project, 'createImageAliases');
  const removeReason = (alias: string) =>
    permissions.on(
      'image alias',
      'delete',
      entitled.data?.find((candidate) => candidate.name === alias),
    );
  const [actionError, setActionError] = useState<string>();
  const [status, setStatus] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const aliases = aliasNames(image);
  const kit = useResourceForm<{ name: string }>({
    defaultValues: { name: '' },
    validate: ({ name }) => ({ name: aliasNameError(name, aliases) }),
    dependencies: [image],
    onSubmit: async ({ name }) => {
      setActionError(undefined);
      const alias = name.trim();
      try {
        await add(project, image.fingerprint, alias);
      } catch (error) {
        // LXD's refusal shows at the field, like the rules' problems.
        kit.form.setError('name', { type: 'server', message: errorText(error) });
        return;
      }
      kit.reset({ name: '' });
      setStatus(`Alias ${alias} added`);
    },
  });
  const busy = kit.busy || removing !== null;

  const removeAlias = async (alias: string) => {
    setRemoving(alias);
    setActionError(undefined);
    try {
      await remove(project, alias);
      setStatus(`Alias ${alias} removed`);
    } catch (e) {
      setActionError(errorText(e));
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Modal
      title={`Aliases of ${imageLabel(image)}`}
      onClose={onClose}
      footer={
        <button type="button" className="p-button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p className="u-text--muted">
        Image <code>{shortFingerprint(image.fingerprint)}</code> in project {project}
      </p>
      {aliases.length === 0 ? (
        <p>This image has no aliases.</p>
      ) : (
        <ul className="p-list images-alias-list" aria-label="Aliases">
          {aliases.map((alias) => (
            <li key={alias} className="p-list__item images-alias-list__item">
              <span>{alias}</span>
              <GatedButton
                className="p-button--base is-small"
                aria-label={`Remove alias ${alias}`}
                disabled={busy}
                reason={removeReason(alias)}
                aria-busy={removing === alias}
                onClick={() => void removeAlias(alias)}
              >
                {removing === alias ? 'Removing…' : 'Remove'}
              </GatedButton>
            </li>
          ))}
        </ul>
      )}
      {actionError && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{actionError}</p>
          </div>
        </div>
      )}
      <ResourceForm kit={kit} className="images-alias-form" label="Add an alias">
        <TextInput name="name" label="New alias">
          <GatedButton
            type="submit"
            className="p-button--positive"
            disabled={busy}
            reason={addReason}
            aria-busy={kit.busy}
          >
            {kit.busy ? 'Adding…' : 'Add alias'}
          </GatedButton>
        </TextInput>
      </ResourceForm>
      <p className="u-off-screen" role="status">
        {status}
      </p>
    </Modal>
  );
}
