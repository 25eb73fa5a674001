import { useRef, useState } from 'react';
import { currentNavId, keptNavEntry } from '../../shared/feature';
import { Link, useMatches } from '../../shared/routing/router';
import { useAuth } from '../../shared/auth/context';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { paths } from '../../shared/routing/paths';
import { GatedLink } from '../../shared/ui/Gated';
import { navEntries } from '../features';
import { PROJECT_SEARCH_THRESHOLD, filterProjects, instanceCount } from './navigation';
import { ShellSelector } from './ShellSelector';

/** The project selector at the top of the side navigation (spec §2). */
export function ProjectSelector({ current }: { current: string | undefined }) {
  const { projects } = useAuth();
  const createReason = usePermissions().onServer('createProjects');
  // Choosing a project keeps the section: the project entry of the current screen.
  const section = keptNavEntry(navEntries, currentNavId(useMatches()), ['project']);
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const shown = filterProjects(projects, query);

  return (
    <ShellSelector
      label="Project"
      value={current ?? 'All projects'}
      initialFocus={searchRef}
      onClose={() => setQuery('')}
    >
      {(close) => (
        <>
          {projects.length > PROJECT_SEARCH_THRESHOLD && (
            <input
              type="search"
              className="shell-selector__search"
              placeholder="Search projects"
              aria-label="Search projects"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              ref={searchRef}
            />
          )}
          <nav aria-label="Projects">
            <ul className="shell-selector__list">
              <li>
                <Link
                  to={paths.allProjectsInstances()}
                  onClick={close}
                  aria-current={current === undefined ? 'page' : undefined}
                >
                  All projects
                </Link>
              </li>
              {shown.map((project) => (
                <li key={project.name}>
                  <Link
                    to={section ? section.to(project.name) : paths.instances(project.name)}
                    onClick={close}
                    aria-current={project.name === current ? 'page' : undefined}
                    title={project.description || project.name}
                  >
                    <span className="u-truncate">{project.name}</span>
                    <span
                      className="shell-selector__count"
                      aria-label={`${instanceCount(project)} instances`}
                    >
                      {instanceCount(project)}
                    </span>
                  </Link>
                </li>
              ))}
              {shown.length === 0 && <li className="u-text--muted">No project matches</li>}
            </ul>
          </nav>
          <GatedLink
            className="p-button is-dense shell-selector__create"
            to={paths.projectCreate()}
            reason={createReason}
            onClick={close}
          >
            Create project
          </GatedLink>
        </>
      )}
    </ShellSelector>
  );
}
