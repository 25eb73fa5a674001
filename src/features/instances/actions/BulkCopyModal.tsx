import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { CheckboxInput, ResourceForm, SelectInput, useResourceForm } from '../../../shared/forms';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { startActivity } from './activity';
import { pluralInstances } from './bulk';
import { CopyPlacementFields } from './CopyPlacementFields';
import { copyName, copyOne } from './move';
import { ProgressList, ProgressModal, useInstanceProgress, type ProgressRow } from './progress';
import './actions.scss';

interface Row extends ProgressRow {
  copy: string;
}

interface Values {
  project: string;
  /** A cluster member or `@group` ('' lets LXD choose). */
  target: string;
  /** '' keeps each source's pool. */
  pool: string;
  withSnapshots: boolean;
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
  const formId = useId();
  const auth = useAuth();
  const permissions = usePermissions();
  const progress = useInstanceProgress<Row>('copied');
  const { rows, summary, runEach } = progress;
  const kit = useResourceForm<Values>({
    defaultValues: {
      project: instances[0]?.project ?? auth.defaultProject,
      target: '',
      pool: '',
      withSnapshots: false,
    },
    onSubmit: (values) =>
      runEach(
        instances,
        instances.map((instance) => ({
          ...instance,
          copy: copyName(instance.name),
          step: 'copying',
        })),
        async (instance) => {
          const stop = startActivity(instance.project, instance.name, 'copying');
          try {
            await copyOne(instance, {
              newName: copyName(instance.name),
              project: values.project,
              instanceOnly: !values.withSnapshots,
              target: values.target,
              pool: values.pool,
            });
          } finally {
            stop();
          }
        },
        'copied',
      ),
  });
  const project = useWatch({ control: kit.form.control, name: 'project' });

  return (
    <ProgressModal
      title={`Copy ${pluralInstances(instances.length)}`}
      formId={formId}
      progress={progress}
      reason={permissions.inProject(project, 'createInstances')}
      busyLabel="Copying…"
      label="Copy"
      onClose={onClose}
    >
      {rows === undefined ? (
        <ResourceForm kit={kit} id={formId}>
          <p>
            Each copy is named after its instance with <code>-copy</code> at the end.
          </p>
          <SelectInput
            name="project"
            label="Target project"
            options={auth.projects.map((candidate) => ({
              value: candidate.name,
              label: candidate.name,
            }))}
          />
          <CopyPlacementFields />
          <CheckboxInput name="withSnapshots" label="Copy snapshots too" />
        </ResourceForm>
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
    </ProgressModal>
  );
}
