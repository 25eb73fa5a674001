import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { GatedButton } from '../../../shared/ui/Gated';
import { Modal } from '../../../shared/ui/Modal';
import { instanceKeys } from '../queries';
import { startActivity } from './activity';
import { bulkSummary, pluralInstances } from './bulk';
import { CopyPlacementFields } from './CopyPlacementFields';
import { copyName, copyOne } from './move';
import './actions.scss';

interface Row {
  name: string;
  project: string;
  copy: string;
  step: string;
  error?: string | undefined;
  done?: boolean;
}

/**
 * Copies several instances at once, each as "{name}-copy", to a project, member and pool, then
 * shows the outcome of each.
 */
export function BulkCopyModal({
  instances,
  onClose,
}: {
  instances: readonly { name: string; project: string }[];
  onClose: () => void;
}) {
  const id = useId();
  const auth = useAuth();
  const permissions = usePermissions();
  const notify = useNotify();
  const client = useQueryClient();
  const [project, setProject] = useState(instances[0]?.project ?? auth.defaultProject);
  const [target, setTarget] = useState('');
  const [pool, setPool] = useState('');
  const [withSnapshots, setWithSnapshots] = useState(false);
  const [rows, setRows] = useState<Row[]>();
  const running = rows !== undefined && rows.some((row) => !row.done);
  const finished = rows !== undefined && !running;

  const update = (at: { name: string; project: string }, change: Partial<Row>) =>
    setRows((current) =>
      current?.map((row) =>
        row.name === at.name && row.project === at.project ? { ...row, ...change } : row,
      ),
    );

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRows(
      instances.map((instance) => ({
        ...instance,
        copy: copyName(instance.name),
        step: 'copying',
      })),
    );
    const outcomes = await Promise.all(
      instances.map(async (instance) => {
        const stop = startActivity(instance.project, instance.name, 'copying');
        try {
          await copyOne(instance, {
            newName: copyName(instance.name),
            project,
            instanceOnly: !withSnapshots,
            target,
            pool,
          });
          update(instance, { step: 'copied', done: true });
          return { instance };
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          update(instance, { step: 'failed', done: true, error: message });
          return { instance, error: message };
        } finally {
          stop();
        }
      }),
    );
    void client.invalidateQueries({ queryKey: instanceKeys.all });
    const failed = outcomes.filter((outcome) => outcome.error !== undefined);
    const title = bulkSummary('copied', {
      done: outcomes.length - failed.length,
      skipped: 0,
      failed: failed.length,
    });
    if (failed.length === 0) notify.success(title);
    else
      notify.failure(
        title,
        failed.map((outcome) => `${outcome.instance.name}: ${outcome.error}`).join('\n'),
      );
  };

  const failedCount = rows?.filter((row) => row.error).length ?? 0;
  const doneCount = rows?.filter((row) => row.done && !row.error).length ?? 0;

  return (
    <Modal
      title={`Copy ${pluralInstances(instances.length)}`}
      onClose={() => {
        if (!running) onClose();
      }}
      footer={
        finished ? (
          <button type="button" className="p-button" onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button type="button" className="p-button--base" onClick={onClose} disabled={running}>
              Cancel
            </button>
            <GatedButton
              type="submit"
              form={`${id}-form`}
              className="p-button--positive"
              disabled={running}
              reason={permissions.inProject(project, 'createInstances')}
              aria-busy={running}
            >
              {running ? 'Copying…' : 'Copy'}
            </GatedButton>
          </>
        )
      }
    >
      {rows === undefined ? (
        <form id={`${id}-form`} noValidate onSubmit={(event) => void submit(event)}>
          <p>
            Each copy is named after its instance with <code>-copy</code> at the end.
          </p>
          <label htmlFor={`${id}-project`}>Target project</label>
          <select
            id={`${id}-project`}
            value={project}
            onChange={(event) => setProject(event.target.value)}
          >
            {auth.projects.map((candidate) => (
              <option key={candidate.name} value={candidate.name}>
                {candidate.name}
              </option>
            ))}
          </select>
          <CopyPlacementFields
            project={project}
            target={target}
            onTarget={setTarget}
            pool={pool}
            onPool={setPool}
          />
          <label className="p-checkbox" htmlFor={`${id}-snapshots`}>
            <input
              id={`${id}-snapshots`}
              type="checkbox"
              className="p-checkbox__input"
              checked={withSnapshots}
              onChange={(event) => setWithSnapshots(event.target.checked)}
            />
            <span className="p-checkbox__label">Copy snapshots too</span>
          </label>
        </form>
      ) : (
        <div className="move-progress">
          {finished && (
            <p role="status" className="move-progress__summary">
              {bulkSummary('copied', { done: doneCount, skipped: 0, failed: failedCount })}
            </p>
          )}
          <ul className="p-list" aria-label="Copy progress">
            {rows.map((row) => (
              <li className="p-list__item" key={`${row.project}/${row.name}`}>
                <span className="instance-action-names__name">{row.name}</span>
                {' → '}
                {row.done && !row.error ? (
                  <Link to={paths.instance(project, row.copy)} onClick={onClose}>
                    {row.copy}
                  </Link>
                ) : (
                  row.copy
                )}
                : {row.error ? `failed: ${row.error}` : row.step}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
