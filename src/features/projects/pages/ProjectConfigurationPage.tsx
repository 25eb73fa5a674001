import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from '../../../shared/routing/router';
import { projectQuery } from '../../../shared/query/projects';
import { paths } from '../../../shared/routing/paths';
import { Loader } from '../../../shared/ui/Loader';
import { ErrorNotice } from '../../../shared/ui/States';
import { ProjectConfiguration } from '../components/ProjectConfiguration';
import { DEFAULT_PROJECT_SECTION, isProjectSection } from '../sections';
import '../projects.scss';

/** /ui/project/{project}/configuration[/{section}]: the project form in edit mode. */
export function ProjectConfigurationPage() {
  const { project = '', section } = useParams();
  const query = useQuery(projectQuery(project));

  if (section !== undefined && !isProjectSection(section)) {
    return <Navigate to={paths.projectConfiguration(project)} replace />;
  }
  return (
    <section className="page project-page" aria-labelledby="project-config-heading">
      {query.isPending && <Loader text="Loading project…" />}
      {query.error && (
        <ErrorNotice
          title="Could not load the project"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && (
        <ProjectConfiguration
          key={query.data.name}
          latest={query.data}
          section={section ?? DEFAULT_PROJECT_SECTION}
        />
      )}
    </section>
  );
}
