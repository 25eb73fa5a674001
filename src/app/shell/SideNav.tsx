import { useState, type ReactNode } from 'react';
import { useAuth, type AuthState } from '../../shared/auth/context';
import { currentNavId, type NavEntry } from '../../shared/feature';
import { Link, useLocation, useMatches } from '../../shared/routing/router';
import { logout } from '../../features/login';
import { navEntries } from '../features';
import { discussionUrl } from '../../lxd/product';
import { documentationUrl } from './auth';
import { ReportBugButton } from './bugReport/ReportBugButton';
import { ConsoleSignOut } from './ConsoleSignOut';
import { isAllProjectsPath, projectFromPath, selectProjectTitle } from './navigation';
import { ProjectSelector } from './ProjectSelector';
import { RemoteSwitcher } from './RemoteSwitcher';

/** An entry, or a group of entries under one heading, in the order the entries declare. */
type NavItem = { entry: NavEntry } | { group: string; entries: NavEntry[] };

/** The entries the signed-in server and identity have, grouped, for one scope. */
export function navItems(
  entries: readonly NavEntry[],
  scope: NavEntry['scope'],
  auth: AuthState,
): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of entries) {
    if (entry.scope !== scope || (entry.shown && !entry.shown(auth))) continue;
    if (entry.group === undefined) {
      items.push({ entry });
      continue;
    }
    const group = items.find((item) => 'group' in item && item.group === entry.group);
    if (group && 'group' in group) group.entries.push(entry);
    else items.push({ group: entry.group, entries: [entry] });
  }
  return items;
}

/** A project entry while all projects are shown: it says to pick a project first. */
function DisabledLink({ label }: { label: string }) {
  return (
    <li className="side-nav__item">
      <span
        className="side-nav__link is-disabled"
        role="link"
        aria-disabled="true"
        tabIndex={0}
        title={selectProjectTitle(label.toLowerCase())}
      >
        {label}
      </span>
    </li>
  );
}

function Entry({
  entry,
  to,
  active,
  onNavigate,
}: {
  entry: NavEntry;
  to: string;
  active: boolean;
  onNavigate: () => void;
}) {
  return (
    <li className="side-nav__item">
      <Link
        className={active ? 'side-nav__link active' : 'side-nav__link'}
        aria-current={active ? 'page' : undefined}
        to={to}
        onClick={onNavigate}
      >
        {entry.label}
      </Link>
    </li>
  );
}

function Group({
  label,
  startOpen,
  children,
}: {
  label: string;
  startOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(startOpen);
  return (
    <li className="side-nav__item">
      <button
        type="button"
        className="side-nav__group"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
        <i
          className={open ? 'p-icon--chevron-up is-light' : 'p-icon--chevron-down is-light'}
          aria-hidden="true"
        />
      </button>
      {open && <ul className="side-nav__sublist">{children}</ul>}
    </li>
  );
}

/**
 * The side navigation (spec §2), drawn from the entries the features declare: the current entry
 * is the one the matched routes name, and every address comes from the entry's path builder.
 */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const currentId = currentNavId(useMatches());
  // The group of the page shown opens, also when its own entry is not offered (the Custom ISOs
  // page of a server without custom_volume_iso says why, under an open Storage group).
  const currentGroup = navEntries.find((entry) => entry.id === currentId)?.group;
  const allProjects = isAllProjectsPath(pathname);
  const current = allProjects ? undefined : (projectFromPath(pathname) ?? auth.defaultProject);
  const project = current ?? auth.defaultProject;

  const renderItems = (scope: NavEntry['scope']) =>
    navItems(navEntries, scope, auth).map((item) => {
      if ('entry' in item) {
        const { entry } = item;
        if (allProjects && scope === 'project' && !entry.allProjectsTo) {
          return <DisabledLink key={entry.id} label={entry.label} />;
        }
        const to = allProjects && entry.allProjectsTo ? entry.allProjectsTo() : entry.to(project);
        return (
          <Entry
            key={entry.id}
            entry={entry}
            to={to}
            active={entry.id === currentId}
            onNavigate={onNavigate}
          />
        );
      }
      if (allProjects && scope === 'project') {
        return <DisabledLink key={item.group} label={item.group} />;
      }
      return (
        <Group key={item.group} label={item.group} startOpen={item.group === currentGroup}>
          {item.entries.map((entry) => (
            <Entry
              key={entry.id}
              entry={entry}
              to={entry.to(project)}
              active={entry.id === currentId}
              onNavigate={onNavigate}
            />
          ))}
        </Group>
      );
    });

  return (
    <nav className="side-nav" aria-label="Main navigation">
      <RemoteSwitcher />
      <ProjectSelector current={current} />
      <ul className="side-nav__list">{renderItems('project')}</ul>
      <hr className="side-nav__divider" />
      <ul className="side-nav__list">{renderItems('global')}</ul>
      <ul className="side-nav__list side-nav__footer" aria-label="Help and account">
        <li>
          <a
            className="side-nav__link"
            href={documentationUrl(auth.server)}
            target="_blank"
            rel="noreferrer"
          >
            Documentation
          </a>
        </li>
        <li>
          <a
            className="side-nav__link"
            href={discussionUrl(auth.server)}
            target="_blank"
            rel="noreferrer"
          >
            Discussion
          </a>
        </li>
        <li>
          <ReportBugButton className="side-nav__link side-nav__button">
            Report a bug
          </ReportBugButton>
        </li>
        {auth.isOidc && (
          <li>
            <button
              type="button"
              className="side-nav__link side-nav__button"
              onClick={() => void logout()}
            >
              Log out
            </button>
          </li>
        )}
        <ConsoleSignOut />
      </ul>
    </nav>
  );
}
