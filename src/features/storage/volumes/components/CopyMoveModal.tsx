import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { VolumeLocation } from '../../../../lxd/endpoints/storage-volumes';
import { storageDriverLabel } from '../../../../lxd/types/storage';
import { useAuth } from '../../../../shared/auth/context';
import { Modal } from '../../../../shared/ui/Modal';
import { newVolumeNameChecker, volumePoolsQuery } from '../queries';
import { copyTargetError, moveTargetError, validateVolumeName } from '../rules';
import { useStableCallback } from '../../../../shared/ui/useStableCallback';

export interface CopyMoveTarget {
  pool: string;
  project: string;
  name: string;
  withSnapshots: boolean;
}

/**
 * Copy (to another pool and/or project, under a new name) or move (to another pool or project)
 * of a custom volume. The name is checked in the target pool and project as it is typed.
 */
export function CopyMoveModal({
  kind,
  source,
  onSubmit,
  onClose,
}: {
  kind: 'copy' | 'move';
  source: VolumeLocation;
  onSubmit: (target: CopyMoveTarget) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const { projects } = useAuth();
  const pools = useQuery(volumePoolsQuery(source.project));
  const [checker] = useState(newVolumeNameChecker);
  const [pool, setPool] = useState(source.pool);
  const [project, setProject] = useState(source.project);
  const [name, setName] = useState(kind === 'copy' ? `${source.name}-copy` : source.name);
  const [withSnapshots, setWithSnapshots] = useState(true);
  const [nameError, setNameError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const close = useStableCallback(() => {
    if (!busy) onClose();
  });

  const targetError =
    kind === 'copy'
      ? copyTargetError(source, { pool, project, name: name.trim() })
      : moveTargetError(source, { pool, project });

  // Moving keeps the name: it must be free where the volume goes (staying put is refused above).
  const check = useStableCallback((value: string) => {
    if (kind === 'move' && pool === source.pool && project === source.project) {
      return Promise.resolve(undefined);
    }
    return validateVolumeName(checker, project, pool, value);
  });

  useEffect(() => () => checker.cancel(), [checker]);
  useEffect(() => {
    let live = true;
    void check(name.trim()).then((error) => {
      if (live) setNameError(error);
    });
    return () => {
      live = false;
    };
  }, [check, name, pool, project]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (targetError) return;
    const problem = await check(name.trim());
    setNameError(problem);
    if (problem) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await onSubmit({ pool, project, name: name.trim(), withSnapshots });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const title = kind === 'copy' ? `Copy volume ${source.name}` : `Move volume ${source.name}`;
  return (
    <Modal
      title={title}
      onClose={close}
      footer={
        <>
          <button type="button" className="p-button--base" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="p-button--positive"
            disabled={busy || targetError !== undefined}
            title={targetError}
            aria-busy={busy}
          >
            {busy ? (kind === 'copy' ? 'Copying…' : 'Moving…') : kind === 'copy' ? 'Copy' : 'Move'}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
        <div className="p-form__group">
          <label htmlFor={`${id}-pool`}>Target pool</label>
          <select
            id={`${id}-pool`}
            value={pool}
            disabled={busy}
            onChange={(event) => setPool(event.target.value)}
          >
            {!(pools.data ?? []).some((candidate) => candidate.name === pool) && (
              <option value={pool}>{pool}</option>
            )}
            {(pools.data ?? []).map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name} ({storageDriverLabel(candidate.driver)})
              </option>
            ))}
          </select>
        </div>
        <div className="p-form__group">
          <label htmlFor={`${id}-project`}>Target project</label>
          <select
            id={`${id}-project`}
            value={project}
            disabled={busy}
            onChange={(event) => setProject(event.target.value)}
          >
            {!projects.some((candidate) => candidate.name === project) && (
              <option value={project}>{project}</option>
            )}
            {projects.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        {kind === 'copy' ? (
          <div className={`p-form__group p-form-validation${nameError ? ' is-error' : ''}`}>
            <label htmlFor={`${id}-name`}>New volume name</label>
            <input
              id={`${id}-name`}
              type="text"
              className="p-form-validation__input"
              autoComplete="off"
              spellCheck={false}
              value={name}
              disabled={busy}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {nameError && (
              <p className="p-form-validation__message" id={`${id}-name-error`} role="alert">
                {nameError}
              </p>
            )}
          </div>
        ) : (
          nameError && (
            <p className="p-form-validation__message" role="alert">
              {nameError}
            </p>
          )
        )}
        {kind === 'copy' && (
          <label className="p-checkbox" htmlFor={`${id}-snapshots`}>
            <input
              id={`${id}-snapshots`}
              type="checkbox"
              className="p-checkbox__input"
              checked={withSnapshots}
              disabled={busy}
              onChange={(event) => setWithSnapshots(event.target.checked)}
            />
            <span className="p-checkbox__label">Copy the snapshots too</span>
          </label>
        )}
        {kind === 'move' && (
          <p className="p-form-help-text">
            Moving copies the volume and its snapshots, then deletes the original. Instances using
            it must be stopped.
          </p>
        )}
        {targetError && (
          <p className="p-form-help-text volume-dialog__rule" role="status">
            {targetError}.
          </p>
        )}
      </form>
      {failure && (
        <div className="p-notification--negative" role="alert">
          <div className="p-notification__content">
            <p className="p-notification__message">{failure}</p>
          </div>
        </div>
      )}
    </Modal>
  );
}
