import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { isEtagConflict } from '../../../lxd/client';
import type { LxdProject } from '../../../lxd/types/project';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { projectQuery } from '../../../shared/query/projects';
import { paths } from '../../../shared/routing/paths';
import { ErrorNotice } from '../../../shared/ui/States';
import { describeContents, featuresBlocker, projectContents } from '../contents';
import { projectToValues, valuesToBody, type ProjectFormValues } from '../form';
import { useProjectAbilities, useUpdateProject } from '../queries';
import type { ProjectSection } from '../sections';
import { ConflictNotice } from './ConflictNotice';
import { ProjectActions } from './ProjectActions';
import { ProjectForm } from './ProjectForm';

export const NO_EDIT_PROJECT_PERMISSION = 'You do not have permission to change this project';
export const RESTRICTED_EDIT_PROJECT =
  'Your certificate is restricted: project settings can only be viewed';

/**
 * The configuration of one project. The form keeps the version it was opened with (its ETag
 * goes back as If-Match); while the user has no edits it follows changes made elsewhere.
 */
export function ProjectConfiguration({
  latest,
  section,
}: {
  latest: LxdProject;
  section: ProjectSection;
}) {
  const { server, projects, isRestricted } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const abilities = useProjectAbilities(latest.name);
  const update = useUpdateProject(latest.name);
  const [base, setBase] = useState(latest);
  const [formKey, setFormKey] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [rebaseNext, setRebaseNext] = useState(false);
  const [submitted, setSubmitted] = useState<ProjectFormValues | null>(null);

  if (latest.etag !== base.etag && (rebaseNext || !dirty) && !update.isPending) {
    setBase(latest);
    setFormKey((k) => k + 1);
    setRebaseNext(false);
  }

  const save = (values: ProjectFormValues, etag: string | undefined) => {
    setSubmitted(values);
    const { description, config } = valuesToBody(values);
    update.mutate(
      { body: { description, config }, etag },
      {
        onSuccess: () => {
          notify.success('Project updated', `Project ${latest.name} was saved.`);
          setRebaseNext(true);
          setSubmitted(null);
        },
      },
    );
  };

  const overwrite = async () => {
    if (!submitted) return;
    const fresh = await client.query({ ...projectQuery(latest.name), staleTime: 0 });
    save(submitted, fresh.etag);
  };
  const discard = async () => {
    const fresh = await client.query({ ...projectQuery(latest.name), staleTime: 0 });
    update.reset();
    setSubmitted(null);
    setBase(fresh);
    setFormKey((k) => k + 1);
  };
  const onDirtyChange = useCallback((value: boolean) => {
    setDirty(value);
  }, []);

  const readOnlyReason = isRestricted
    ? RESTRICTED_EDIT_PROJECT
    : abilities.canEdit
      ? undefined
      : NO_EDIT_PROJECT_PERMISSION;
  const contents = projectContents(latest.used_by);

  let notice;
  if (update.error && isEtagConflict(update.error)) {
    notice = (
      <ConflictNotice
        what="project"
        onOverwrite={() => void overwrite().catch((e: unknown) => notify.failure('Save failed', e))}
        onDiscard={() => void discard().catch((e: unknown) => notify.failure('Reload failed', e))}
      />
    );
  } else if (update.error) {
    notice = <ErrorNotice title="Could not save the project" error={update.error} />;
  }

  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="p-heading--4 page-header__title" id="project-config-heading">
            Project configuration <span className="project-name">{latest.name}</span>
          </h1>
          <p className="project-contents">
            {contents.length === 0
              ? 'This project is empty.'
              : `This project holds ${describeContents(contents)}.`}
          </p>
        </div>
        <ProjectActions
          project={latest}
          abilities={abilities}
          onRenamed={(newName) => void navigate(paths.projectConfiguration(newName, section))}
          onDeleted={() => void navigate(paths.instances(nextProject(projects, latest.name)))}
        />
      </header>
      <ProjectForm
        key={formKey}
        mode="edit"
        initial={projectToValues(base)}
        extensions={server.api_extensions}
        existingNames={projects.map((p) => p.name)}
        section={section}
        onSectionChange={(next) => void navigate(paths.projectConfiguration(latest.name, next))}
        onSubmit={(values) => save(values, base.etag)}
        submitLabel="Save changes"
        busy={update.isPending}
        readOnlyReason={readOnlyReason}
        featuresLockedReason={featuresBlocker(latest)}
        onDirtyChange={onDirtyChange}
        notice={notice}
      />
    </>
  );
}

/** Where to go after deleting a project: the default project, or another one the user has. */
function nextProject(projects: readonly { name: string }[], deleted: string): string {
  if (projects.some((p) => p.name === 'default')) return 'default';
  return projects.find((p) => p.name !== deleted)?.name ?? 'default';
}
