import { useState } from 'react';
import { useLocation, useNavigate } from '../../../shared/routing/router';
import { useAuth } from '../../../shared/auth/context';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { paths } from '../../../shared/routing/paths';
import { ErrorNotice } from '../../../shared/ui/States';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ProjectForm } from '../components/ProjectForm';
import {
  applyProjectDefaults,
  NO_DEFAULTS,
  ProjectDefaultsFields,
  wantsDefaults,
  type ProjectDefaults,
} from '../defaults';
import { newProjectValues, valuesToBody, type ProjectFormValues } from '../form';
import { useCreateProject } from '../queries';
import '../projects.scss';

export const RESTRICTED_CREATE_PROJECT =
  'Your certificate is restricted to its projects and cannot create projects';

/** /ui/projects/create: after creation the console switches to the new project. */
export function ProjectCreatePage() {
  const { server, projects, isRestricted, defaultProject } = useAuth();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const create = useCreateProject();
  const extensions = server.api_extensions;
  const [initial] = useState(() => ({ ...newProjectValues(extensions), defaults: NO_DEFAULTS }));
  const [applying, setApplying] = useState(false);

  const readOnlyReason = isRestricted
    ? RESTRICTED_CREATE_PROJECT
    : permissions.onServer('createProjects');

  /** After creation: the chosen pool and network into the project's default profile. */
  const finish = async (
    name: string,
    config: Record<string, string>,
    defaults: ProjectDefaults,
  ) => {
    if (wantsDefaults(config, defaults)) {
      setApplying(true);
      try {
        await applyProjectDefaults(name, defaults);
      } catch (error) {
        setApplying(false);
        // The project exists: go to it, saying what is missing from its default profile.
        notify.failure(
          `Project ${name} was created, but its default profile could not be set`,
          error,
        );
        void navigate(paths.instances(name));
        return;
      }
    }
    notify.success('Project created', `Project ${name} was created.`);
    void navigate(paths.instances(name));
  };

  const submit = (values: ProjectFormValues) => {
    const body = valuesToBody(values);
    create.mutate(body, {
      onSuccess: () => {
        void finish(body.name, body.config, values.defaults ?? NO_DEFAULTS);
      },
    });
  };

  return (
    <section className="page project-page" aria-labelledby="project-create-heading">
      <PageHeader title={<span id="project-create-heading">Create a project</span>} />
      <ProjectForm
        mode="create"
        initial={initial}
        extensions={extensions}
        existingNames={projects.map((p) => p.name)}
        onSubmit={submit}
        submitLabel="Create project"
        busy={create.isPending || applying}
        readOnlyReason={readOnlyReason}
        detailsExtra={(disabled) => <ProjectDefaultsFields disabled={disabled} />}
        onCancel={() => {
          // Back where the user came from; a page opened directly goes to the instances.
          if (location.key !== 'default') void navigate(-1);
          else void navigate(paths.instances(defaultProject));
        }}
        notice={
          create.error ? (
            <ErrorNotice title="Could not create the project" error={create.error} />
          ) : undefined
        }
      />
    </section>
  );
}
