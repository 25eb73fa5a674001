import { Outlet } from 'react-router';
import { useServer } from '../../shared/query/server';
import { UI_VERSION } from '../version';

export function AppLayout() {
  const { data: server } = useServer();
  const serverVersion = server?.environment?.server_version;

  return (
    <div className="app">
      <header className="app-header">
        <span className="app-brand">LXD Console</span>
      </header>
      <main className="app-main" id="main-content">
        <Outlet />
      </main>
      <footer className="app-status">
        {serverVersion && <span>Version {serverVersion}</span>} <span>UI {UI_VERSION}</span>
      </footer>
    </div>
  );
}
