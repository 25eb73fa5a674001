import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useParams } from '../../shared/routing/router';
import { useAuth } from '../../shared/auth/context';
import { projectQuery } from '../../shared/query/projects';
import { paths } from '../../shared/routing/paths';
import { Loader } from '../../shared/ui/Loader';
import { landingPath } from '../../features/overview';
import { MissingProjectScreen, ProjectNotFoundScreen } from './errors/ErrorScreens';

/**
 * `/`, `/ui` and `/ui/project`: all-projects instances without projects, else the default
 * project's landing page (its instances, or its overview if the user chose it).
 */
export function RootRedirect() {
  const { projects, defaultProject } = useAuth();
  const to = projects.length === 0 ? paths.allProjectsInstances() : landingPath(defaultProject);
  return <Navigate to={to} replace />;
}

/** `/ui/project/{project}` → its landing page (instances or overview). */
export function ProjectIndexRedirect() {
  const { project } = useParams();
  if (!project) return <MissingProjectScreen />;
  return <Navigate to={landingPath(project)} replace />;
}

/** Project routes need a project the user can view. */
export function ProjectGuard() {
  const { project } = useParams();
  const { projects } = useAuth();
  const known = project !== undefined && projects.some((p) => p.name === project);
  const detail = useQuery({
    ...projectQuery(project ?? ''),
    enabled: !!project && !known,
    retry: false,
  });
  if (!project) return <MissingProjectScreen />;
  if (known) return <Outlet />;
  if (detail.isPending) return <Loader text="Loading project…" />;
  if (detail.error) return <ProjectNotFoundScreen project={project} />;
  return <Outlet />;
}
