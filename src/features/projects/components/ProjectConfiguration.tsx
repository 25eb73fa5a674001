import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '../../../shared/routing/router';
import type { LxdProject } from '../../../lxd/types/project';
import { useAuth } from '../../../shared/auth/context';
import { useVersionedEdit } from '../../../shared/forms/useVersionedEdit';
import { useNotify } from '../../../shared/notifications';
import { projectQuery } from '../../../shared/query/projects';
import { paths } from '../../../shared/routing/paths';
import { describeContents, featuresBlocker, projectContents } from '../contents';
import { projectToValues, valuesToBody, type ProjectFormValues } from '../form';
import { useProjectAbilities, useUpdateProject } from '../queries';
import type { ProjectSection } from '../sections';
import { ProjectActions } from './ProjectActions';
import { ProjectForm } from './ProjectForm';

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
  const { server, projects } = useAuth();
  const navigate = useNavigate();
  const notify = useNotify();
  const client = useQueryClient();
  const abilities = useProjectAbilities(latest.name);
  const update = useUpdateProject(latest.name);
  const edit = useVersionedEdit<LxdProject, ProjectFormValues>({
    what: 'project',
    latest,
    fetchLatest: () => client.query({ ...projectQuery(latest.name), staleTime: 0 }),
    send: (values, etag, onSaved) => {
      const { description, config } = valuesToBody(values);
      update.mutate(
        { body: { description, config }, etag },
        {
          onSuccess: () => {
            notify.success('Project updated', `Project ${latest.name} was saved.`);
            onSaved();
          },
        },
      );
    },
    isSaving: update.isPending,
    error: update.error,
    resetError: update.reset,
  });

  const contents = projectContents(latest.used_by);

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
        key={edit.formKey}
        mode="edit"
        initial={projectToValues(edit.base)}
        extensions={server.api_extensions}
        existingNames={projects.map((p) => p.name)}
        section={section}
        onSectionChange={(next) => void navigate(paths.projectConfiguration(latest.name, next))}
        onSubmit={edit.save}
        submitLabel="Save changes"
        busy={update.isPending}
        readOnlyReason={abilities.editReason}
        featuresLockedReason={featuresBlocker(latest)}
        onDirtyChange={edit.onDirtyChange}
        notice={edit.notice}
      />
    </>
  );
}

/** Where to go after deleting a project: the default project, or another one the user has. */
function nextProject(projects: readonly { name: string }[], deleted: string): string {
  if (projects.some((p) => p.name === 'default')) return 'default';
  return projects.find((p) => p.name !== deleted)?.name ?? 'default';
}
