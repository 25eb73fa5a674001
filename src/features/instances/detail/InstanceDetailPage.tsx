import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from '../../../shared/routing/router';
import { isNotFound } from '../../../lxd/client';
import { useAuth } from '../../../shared/auth/context';
import { paths } from '../../../shared/routing/paths';
import { importWithRetry } from '../../../shared/routing/lazy';
import { Loader } from '../../../shared/ui/Loader';
import { EmptyState, ErrorNotice } from '../../../shared/ui/States';
import { InstanceHeader } from './header/InstanceHeader';
import { instanceQuery } from './queries';
import './detail.scss';

// Each tab is its own chunk: xterm, SPICE and CodeMirror load only where they are used.
const OverviewTab = lazy(() => importWithRetry(() => import('./overview/OverviewTab')));
const ConfigurationTab = lazy(() =>
  importWithRetry(() => import('./configuration/ConfigurationTab')),
);
const SnapshotsTab = lazy(() => importWithRetry(() => import('./snapshots/SnapshotsTab')));
const TerminalTab = lazy(() => importWithRetry(() => import('./terminal/TerminalTab')));
const ConsoleTab = lazy(() => importWithRetry(() => import('./console/ConsoleTab')));
const LogsTab = lazy(() => importWithRetry(() => import('./logs/LogsTab')));
const FilesTab = lazy(() => importWithRetry(() => import('./files/FilesTab')));

export const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'snapshots', label: 'Snapshots' },
  { id: 'files', label: 'Files' },
  { id: 'terminal', label: 'Terminal' },
  { id: 'console', label: 'Console' },
  { id: 'logs', label: 'Logs' },
] as const;

export type TabId = (typeof TABS)[number]['id'];

export function tabOf(value: string | undefined): TabId {
  return TABS.find((tab) => tab.id === value)?.id ?? 'overview';
}

/** /ui/project/{project}/instance/{name}[/{activeTab}[/{section}]] */
export function InstanceDetailPage() {
  const { project = 'default', name = '', activeTab } = useParams();
  const tab = tabOf(activeTab);
  const { isFineGrained } = useAuth();
  const instance = useQuery(instanceQuery(project, name, isFineGrained));

  if (instance.isPending) return <Loader text={`Loading ${name}…`} />;
  if (instance.isError) {
    if (isNotFound(instance.error)) {
      return (
        <EmptyState title={`Instance ${name} not found`}>
          <p>
            It may have been deleted or renamed.{' '}
            <Link to={paths.instances(project)}>Back to the instances of {project}</Link>
          </p>
        </EmptyState>
      );
    }
    return (
      <ErrorNotice
        title={`Could not load ${name}`}
        error={instance.error}
        onRetry={() => void instance.refetch()}
      />
    );
  }
  const data = instance.data;

  return (
    <section className="page instance-detail">
      <InstanceHeader instance={data} tab={activeTab} />
      <div className="p-tabs">
        <div className="p-tabs__list" role="tablist" aria-label="Instance details">
          {TABS.map((item) => (
            <div className="p-tabs__item" key={item.id}>
              <Link
                role="tab"
                id={`instance-tab-${item.id}`}
                className="p-tabs__link"
                aria-selected={item.id === tab}
                aria-controls="instance-tab-panel"
                to={paths.instance(project, name, item.id === 'overview' ? undefined : item.id)}
              >
                {item.label}
              </Link>
            </div>
          ))}
        </div>
      </div>
      <div
        role="tabpanel"
        id="instance-tab-panel"
        aria-labelledby={`instance-tab-${tab}`}
        className="instance-detail__panel"
      >
        <Suspense fallback={<Loader text="Loading…" />}>
          {tab === 'overview' && <OverviewTab instance={data} />}
          {tab === 'configuration' && <ConfigurationTab key={name} instance={data} />}
          {tab === 'snapshots' && <SnapshotsTab instance={data} />}
          {tab === 'files' && <FilesTab key={name} instance={data} />}
          {tab === 'terminal' && <TerminalTab key={name} instance={data} />}
          {tab === 'console' && <ConsoleTab key={name} instance={data} />}
          {tab === 'logs' && <LogsTab instance={data} />}
        </Suspense>
      </div>
    </section>
  );
}
