import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from '../../shared/routing/router';
import { hasServerExtension, useAuth } from '../../shared/auth/context';
import { logout } from '../../features/login';
import { documentationUrl } from './auth';
import { BUG_REPORT_URL } from './errors/ErrorScreens';
import { isAllProjectsPath, projectFromPath, selectProjectTitle } from './navigation';
import { ProjectSelector } from './ProjectSelector';

// Detail pages live under other prefixes than their list (spec §2 routes).
const NETWORK_DETAIL = /\/project\/[^/]+\/(member\/[^/]+\/)?network\//;
const ACL_DETAIL = /\/project\/[^/]+\/network-acl\//;
const POOL_DETAIL = /\/storage\/pool\/[^/]+(\/(?!volumes\/|bucket\/|member\/)[^/]+)*\/?$/;
const VOLUME_DETAIL = /\/storage\/pool\/[^/]+(\/member\/[^/]+)?\/volumes\//;
const BUCKET_DETAIL = /\/storage\/pool\/[^/]+\/bucket\//;

export const DISCUSSION_URL = 'https://discourse.ubuntu.com/c/lxd/126';

interface Item {
  label: string;
  to: string;
  /** Lower-case section name for the all-projects title; set on project-scoped entries. */
  section?: string;
  /** Further paths the entry is the current one for (detail pages under another prefix). */
  activeOn?: RegExp;
}

function Entry({
  item,
  disabled,
  onNavigate,
}: {
  item: Item;
  disabled: boolean;
  onNavigate: () => void;
}) {
  const { pathname } = useLocation();
  if (disabled && item.section) {
    return (
      <li className="side-nav__item">
        <span
          className="side-nav__link is-disabled"
          role="link"
          aria-disabled="true"
          tabIndex={0}
          title={selectProjectTitle(item.section)}
        >
          {item.label}
        </span>
      </li>
    );
  }
  const { activeOn } = item;
  return (
    <li className="side-nav__item">
      <NavLink
        className={({ isActive }) =>
          isActive || activeOn?.test(pathname) ? 'side-nav__link active' : 'side-nav__link'
        }
        to={item.to}
        onClick={onNavigate}
      >
        {item.label}
      </NavLink>
    </li>
  );
}

function Group({
  label,
  section,
  disabled,
  children,
  startOpen,
}: {
  label: string;
  section: string;
  disabled: boolean;
  children: ReactNode;
  startOpen: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  if (disabled) {
    return (
      <li className="side-nav__item">
        <span
          className="side-nav__link is-disabled"
          role="link"
          aria-disabled="true"
          tabIndex={0}
          title={selectProjectTitle(section)}
        >
          {label}
        </span>
      </li>
    );
  }
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

export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  const allProjects = isAllProjectsPath(pathname);
  const current = allProjects ? undefined : (projectFromPath(pathname) ?? auth.defaultProject);
  const base = `/project/${encodeURIComponent(current ?? auth.defaultProject)}`;
  const hasIso = hasServerExtension(auth, 'custom_volume_iso');
  const hasAccessManagement = hasServerExtension(auth, 'access_management');
  const version = auth.server.environment?.server_version;

  return (
    <nav className="side-nav" aria-label="Main navigation">
      <ProjectSelector current={current} />
      <ul className="side-nav__list">
        <Entry
          item={{
            label: 'Instances',
            to: allProjects ? '/all-projects/instances' : `${base}/instances`,
          }}
          disabled={false}
          onNavigate={onNavigate}
        />
        <Entry
          item={{ label: 'Profiles', to: `${base}/profiles`, section: 'profiles' }}
          disabled={allProjects}
          onNavigate={onNavigate}
        />
        <Group
          label="Networking"
          section="networking"
          disabled={allProjects}
          startOpen={/\/network/.test(pathname)}
        >
          <Entry
            item={{ label: 'Networks', to: `${base}/networks`, activeOn: NETWORK_DETAIL }}
            disabled={false}
            onNavigate={onNavigate}
          />
          <Entry
            item={{ label: 'Network ACLs', to: `${base}/network-acls`, activeOn: ACL_DETAIL }}
            disabled={false}
            onNavigate={onNavigate}
          />
          <Entry
            item={{ label: 'IPAM', to: `${base}/network-ipam` }}
            disabled={false}
            onNavigate={onNavigate}
          />
        </Group>
        <Group
          label="Storage"
          section="storage"
          disabled={allProjects}
          startOpen={pathname.includes('/storage')}
        >
          <Entry
            item={{ label: 'Pools', to: `${base}/storage/pools`, activeOn: POOL_DETAIL }}
            disabled={false}
            onNavigate={onNavigate}
          />
          <Entry
            item={{ label: 'Volumes', to: `${base}/storage/volumes`, activeOn: VOLUME_DETAIL }}
            disabled={false}
            onNavigate={onNavigate}
          />
          {hasIso && (
            <Entry
              item={{ label: 'Custom ISOs', to: `${base}/storage/custom-isos` }}
              disabled={false}
              onNavigate={onNavigate}
            />
          )}
          <Entry
            item={{ label: 'Buckets', to: `${base}/storage/buckets`, activeOn: BUCKET_DETAIL }}
            disabled={false}
            onNavigate={onNavigate}
          />
        </Group>
        <Entry
          item={{ label: 'Images', to: `${base}/images`, section: 'images' }}
          disabled={allProjects}
          onNavigate={onNavigate}
        />
        <Entry
          item={{ label: 'Configuration', to: `${base}/configuration`, section: 'configuration' }}
          disabled={allProjects}
          onNavigate={onNavigate}
        />
        <Entry
          item={{ label: 'Usage', to: `${base}/usage`, section: 'usage' }}
          disabled={allProjects}
          onNavigate={onNavigate}
        />
      </ul>
      <hr className="side-nav__divider" />
      <ul className="side-nav__list">
        {auth.isClustered ? (
          <Group
            label="Cluster"
            section="cluster"
            disabled={false}
            startOpen={pathname.startsWith('/cluster')}
          >
            <Entry
              item={{ label: 'Members', to: '/cluster/members' }}
              disabled={false}
              onNavigate={onNavigate}
            />
            <Entry
              item={{ label: 'Groups', to: '/cluster/groups' }}
              disabled={false}
              onNavigate={onNavigate}
            />
          </Group>
        ) : (
          <Entry
            item={{ label: 'Server', to: '/server' }}
            disabled={false}
            onNavigate={onNavigate}
          />
        )}
        <Entry
          item={{ label: 'Operations', to: '/operations' }}
          disabled={false}
          onNavigate={onNavigate}
        />
        {!auth.isRestricted && (
          <Entry
            item={{ label: 'Warnings', to: '/warnings' }}
            disabled={false}
            onNavigate={onNavigate}
          />
        )}
        <Group
          label="Permissions"
          section="permissions"
          disabled={false}
          startOpen={pathname.startsWith('/permissions')}
        >
          {hasAccessManagement ? (
            <>
              <Entry
                item={{ label: 'Identities', to: '/permissions/identities?system-identities=hide' }}
                disabled={false}
                onNavigate={onNavigate}
              />
              <Entry
                item={{ label: 'Groups', to: '/permissions/groups' }}
                disabled={false}
                onNavigate={onNavigate}
              />
              <Entry
                item={{ label: 'IDP groups', to: '/permissions/idp-groups' }}
                disabled={false}
                onNavigate={onNavigate}
              />
            </>
          ) : (
            // Without access management (LXD 5.0, Incus), trust is a list of certificates.
            <Entry
              item={{ label: 'Certificates', to: '/permissions/certificates' }}
              disabled={false}
              onNavigate={onNavigate}
            />
          )}
        </Group>
        <Entry
          item={{ label: 'Settings', to: '/settings' }}
          disabled={false}
          onNavigate={onNavigate}
        />
      </ul>
      <ul className="side-nav__list side-nav__footer" aria-label="Help and account">
        <li>
          <a
            className="side-nav__link"
            href={documentationUrl(version)}
            target="_blank"
            rel="noreferrer"
          >
            Documentation
          </a>
        </li>
        <li>
          <a className="side-nav__link" href={DISCUSSION_URL} target="_blank" rel="noreferrer">
            Discussion
          </a>
        </li>
        <li>
          <a className="side-nav__link" href={BUG_REPORT_URL} target="_blank" rel="noreferrer">
            Report a bug
          </a>
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
      </ul>
    </nav>
  );
}
