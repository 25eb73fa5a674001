import { useEffect, useId, useRef, useState } from 'react';
import { currentNavId } from '../../shared/feature';
import { Link, useMatches } from '../../shared/routing/router';
import { useAuth } from '../../shared/auth/context';
import { usePermissions } from '../../shared/permissions/usePermissions';
import { paths } from '../../shared/routing/paths';
import { GatedLink } from '../../shared/ui/Gated';
import { navEntries } from '../features';
import { PROJECT_SEARCH_THRESHOLD, filterProjects, instanceCount } from './navigation';

/** The project selector at the top of the side navigation (spec §2). */
export function ProjectSelector({ current }: { current: string | undefined }) {
  const { projects } = useAuth();
  const createReason = usePermissions().onServer('createProjects');
  // Choosing a project keeps the section: the project entry of the current screen.
  const currentId = currentNavId(useMatches());
  const section =
    navEntries.find((entry) => entry.id === currentId && entry.scope === 'project') ??
    navEntries.find((entry) => entry.id === 'instances');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    // The panel opened on the user's click: put the cursor where they will type.
    searchRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const shown = filterProjects(projects, query);

  return (
    <div className="project-selector" ref={rootRef}>
      <button
        type="button"
        className="project-selector__toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="project-selector__label">Project</span>{' '}
        <span className="project-selector__value">{current ?? 'All projects'}</span>
        <i className="p-icon--chevron-down is-light" aria-hidden="true" />
      </button>
      {open && (
        <div className="project-selector__panel" id={listId}>
          {projects.length > PROJECT_SEARCH_THRESHOLD && (
            <input
              type="search"
              className="project-selector__search"
              placeholder="Search projects"
              aria-label="Search projects"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              ref={searchRef}
            />
          )}
          <nav aria-label="Projects">
            <ul className="project-selector__list">
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
                      className="project-selector__count"
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
            className="p-button is-dense project-selector__create"
            to={paths.projectCreate()}
            reason={createReason}
            onClick={close}
          >
            Create project
          </GatedLink>
        </div>
      )}
    </div>
  );
}
