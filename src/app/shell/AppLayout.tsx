import { lazy, Suspense, useEffect, useState } from 'react';
import { currentRemote } from '../../lxd/remote';
import { Outlet, useLocation } from '../../shared/routing/router';
import { useAuth } from '../../shared/auth/context';
import { BulkQueueHost } from '../../shared/bulk-queue';
import { NotificationCenter } from '../../shared/notifications';
import { clsx } from '../../shared/ui/clsx';
import { ClusterHealth } from '../live/ClusterHealth';
import { LiveData } from '../live/LiveData';
import { useAfterFirstScreen } from '../../shared/ui/afterFirstScreen';
import { removeEarlyListOffPath } from '../../shared/ui/earlyList';
import { OptionalPart } from '../../shared/ui/OptionalPart';
import { shellBrand, tabTitle } from './auth';
import { isAllProjectsPath, projectFromPath } from './navigation';
import { PaletteControls, PaletteProvider } from './palette/PaletteHost';
import { SideNav } from './SideNav';
import { StatusBar } from './StatusBar';

/** The count of running operations asks LXD for them: after the first screen, with its code. */
const RunningOperationsLink = lazy(() => import('../live/RunningOperationsLink'));

/** The signed-in frame: side navigation, the screen, the status bar. */
export function AppLayout() {
  const { server, defaultProject } = useAuth();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const afterFirstScreen = useAfterFirstScreen();
  const project = isAllProjectsPath(pathname)
    ? undefined
    : (projectFromPath(pathname) ?? defaultProject);
  const brand = shellBrand(server);

  useEffect(() => {
    // On a named remote its name stands where the host name would (the console server's).
    document.title = tabTitle(server, currentRemote() ?? window.location.hostname);
  }, [server]);
  // index.html's picture of an instance list is for the address it was painted at.
  useEffect(() => {
    removeEarlyListOffPath();
  }, [pathname]);

  return (
    <LiveData>
      <PaletteProvider>
        <div className={clsx('app', menuOpen && 'is-menu-open')}>
          <a className="skip-link" href="#main-content">
            Skip to content
          </a>
          <header className="app-bar">
            <span className="app-brand">{brand}</span>
            <button
              type="button"
              className="p-button--base is-dense app-bar__menu"
              aria-expanded={menuOpen}
              aria-controls="side-navigation"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? 'Close menu' : 'Menu'}
            </button>
          </header>
          <aside className="app-nav" id="side-navigation">
            <div className="app-nav__brand">
              <span className="app-brand">{brand}</span>
            </div>
            <SideNav onNavigate={() => setMenuOpen(false)} />
          </aside>
          <main className="app-main" id="main-content">
            <Outlet />
          </main>
          <StatusBar project={project}>
            <ClusterHealth />
            {afterFirstScreen && (
              <OptionalPart name="The count of running operations">
                <Suspense fallback={null}>
                  <RunningOperationsLink />
                </Suspense>
              </OptionalPart>
            )}
            <BulkQueueHost />
            <PaletteControls project={project} />
            <NotificationCenter />
          </StatusBar>
        </div>
      </PaletteProvider>
    </LiveData>
  );
}
