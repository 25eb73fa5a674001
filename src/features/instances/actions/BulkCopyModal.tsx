import { useId, useState, type SubmitEvent } from 'react';
import { Link } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { Modal } from '../../../shared/ui/Modal';
import { startActivity } from './activity';
import { pluralInstances } from './bulk';
import { CopyPlacementFields } from './CopyPlacementFields';
import { copyName, copyOne } from './move';
import { ProgressFooter, ProgressList, useInstanceProgress, type ProgressRow } from './progress';
import './actions.scss';

interface Row extends ProgressRow {
  copy: string;
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
  const [project, setProject] = useState(instances[0]?.project ?? auth.defaultProject);
  const [target, setTarget] = useState('');
  const [pool, setPool] = useState('');
  const [withSnapshots, setWithSnapshots] = useState(false);
  const { rows, running, finished, summary, runEach } = useInstanceProgress<Row>('copied');

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const initial = instances.map((instance) => ({
      ...instance,
      copy: copyName(instance.name),
      step: 'copying',
    }));
    await runEach(
      instances,
      initial,
      async (instance) => {
        const stop = startActivity(instance.project, instance.name, 'copying');
        try {
          await copyOne(instance, {
            newName: copyName(instance.name),
            project,
            instanceOnly: !withSnapshots,
            target,
            pool,
          });
        } finally {
          stop();
        }
      },
      'copied',
    );
  };

  return (
    <Modal
      title={`Copy ${pluralInstances(instances.length)}`}
      onClose={() => {
        if (!running) onClose();
      }}
      footer={
        <ProgressFooter
          formId={`${id}-form`}
          running={running}
          finished={finished}
          reason={permissions.inProject(project, 'createInstances')}
          busyLabel="Copying…"
          label="Copy"
          onClose={onClose}
        />
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
        <ProgressList
          rows={rows}
          summary={summary}
          label="Copy progress"
          renderRow={(row) => (
            <>
              <span className="instance-action-names__name">{row.name}</span>
              {' → '}
              {row.done && !row.error ? (
                <Link to={paths.instance(project, row.copy)} onClick={onClose}>
                  {row.copy}
                </Link>
              ) : (
                row.copy
              )}
            </>
          )}
        />
      )}
    </Modal>
  );
}
