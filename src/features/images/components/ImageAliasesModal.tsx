import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import type { LxdImage } from '../../../lxd/types/image';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { Modal } from '../../../shared/ui/Modal';
import { useImageAliases } from '../actions';
import { imageAliasesQuery } from '../queries';
import { reasonMessage } from '../bulk';
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
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [actionError, setActionError] = useState<string>();
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const aliases = aliasNames(image);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    const error = aliasNameError(name, aliases);
    setFieldError(error);
    setActionError(undefined);
    if (error) return;
    const alias = name.trim();
    setBusy('add');
    try {
      await add(project, image.fingerprint, alias);
      setName('');
      setStatus(`Alias ${alias} added`);
    } catch (e) {
      setFieldError(reasonMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const removeAlias = async (alias: string) => {
    setBusy(alias);
    setActionError(undefined);
    try {
      await remove(project, alias);
      setStatus(`Alias ${alias} removed`);
    } catch (e) {
      setActionError(reasonMessage(e));
    } finally {
      setBusy(null);
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
                disabled={busy !== null}
                reason={removeReason(alias)}
                aria-busy={busy === alias}
                onClick={() => void removeAlias(alias)}
              >
                {busy === alias ? 'Removing…' : 'Remove'}
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
      <form className="images-alias-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className={fieldError ? 'p-form-validation is-error' : 'p-form-validation'}>
          <label htmlFor={inputId}>New alias</label>
          <div className="images-alias-form__row">
            <input
              id={inputId}
              type="text"
              className="p-form-validation__input"
              value={name}
              autoComplete="off"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? errorId : undefined}
              onChange={(event) => {
                setName(event.target.value);
                if (fieldError) setFieldError(undefined);
              }}
            />
            <GatedButton
              type="submit"
              className="p-button--positive"
              disabled={busy !== null}
              reason={addReason}
              aria-busy={busy === 'add'}
            >
              {busy === 'add' ? 'Adding…' : 'Add alias'}
            </GatedButton>
          </div>
          {fieldError && (
            <p className="p-form-validation__message" id={errorId} role="alert">
              {fieldError}
            </p>
          )}
        </div>
      </form>
      <p className="u-off-screen" role="status">
        {status}
      </p>
    </Modal>
  );
}
