import type { ReactNode } from 'react';
import { TabBar, TabPanel } from '../../../shared/pages';
import { paths } from '../../../shared/routing/paths';

const TABS = [
  { id: 'overview', label: 'Overview', to: paths.server() },
  { id: 'clustering', label: 'Clustering', to: paths.serverClustering() },
] as const;

/** The sections of a standalone server, its overview and clustering, around the current one. */
export function ServerTabs({
  current,
  children,
}: {
  current: (typeof TABS)[number]['id'];
  children: ReactNode;
}) {
  return (
    <>
      <TabBar label="Server sections" tabs={TABS} current={current} idPrefix="server" />
      <TabPanel idPrefix="server" current={current}>
        {children}
      </TabPanel>
    </>
  );
}
