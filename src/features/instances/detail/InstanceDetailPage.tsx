import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import type { WithEtag } from '../../../lxd/client';
import type { LxdInstance } from '../../../lxd/types/instance';
import { SECTIONS } from '../../../shared/config-form';
import { detailPage } from '../../../shared/pages';
import { paths } from '../../../shared/routing/paths';
import { importWithRetry } from '../../../shared/routing/lazy';
import { ResourceHistory, activityResource } from '../../activity';
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

/** /ui/project/{project}/instance/{name}[/{activeTab}[/{section}]] */
export const InstanceDetailPage = detailPage<WithEtag<LxdInstance>>({
  noun: 'instance',
  tabsLabel: 'Instance details',
  idPrefix: 'instance',
  useDetail: ({ project, name, auth }) =>
    useQuery(instanceQuery(project, name, auth.isFineGrained)),
  parent: ({ project }) => ({ label: 'Instances', to: paths.instances(project) }),
  // Name with rename, status and the actions.
  header: (instance, { activeTab }) => <InstanceHeader instance={instance} tab={activeTab} />,
  path: ({ project, name }, tab, section) => paths.instance(project, name, tab, section),
  panelClassName: 'instance-detail__panel',
  tabs: [
    {
      id: 'overview',
      label: 'Overview',
      render: (instance) => <OverviewTab instance={instance} />,
    },
    {
      id: 'configuration',
      label: 'Configuration',
      sections: () => SECTIONS.map((section) => section.id),
      render: (instance) => <ConfigurationTab key={instance.name} instance={instance} />,
    },
    {
      id: 'snapshots',
      label: 'Snapshots',
      render: (instance) => <SnapshotsTab instance={instance} />,
    },
    {
      id: 'files',
      label: 'Files',
      render: (instance) => <FilesTab key={instance.name} instance={instance} />,
    },
    {
      id: 'terminal',
      label: 'Terminal',
      render: (instance) => <TerminalTab key={instance.name} instance={instance} />,
    },
    {
      id: 'console',
      label: 'Console',
      render: (instance) => <ConsoleTab key={instance.name} instance={instance} />,
    },
    { id: 'logs', label: 'Logs', render: (instance) => <LogsTab instance={instance} /> },
    {
      id: 'history',
      label: 'History',
      render: (instance, { project }) => (
        <ResourceHistory resource={activityResource.instance(instance.name)} project={project} />
      ),
    },
  ],
});
